// Persistence module; see ARCHITECTURE.md.
