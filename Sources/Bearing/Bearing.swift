// Bearing module; see ARCHITECTURE.md.
