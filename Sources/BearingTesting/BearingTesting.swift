// BearingTesting module; see ARCHITECTURE.md.
