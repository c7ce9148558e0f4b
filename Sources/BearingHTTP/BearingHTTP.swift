// BearingHTTP module; see ARCHITECTURE.md.
