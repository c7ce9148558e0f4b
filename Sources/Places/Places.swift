// Places module; see ARCHITECTURE.md.
