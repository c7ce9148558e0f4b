// Settings module; see ARCHITECTURE.md.
