// BearingGPSD module; see ARCHITECTURE.md.
