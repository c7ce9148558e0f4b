// Telemetry module; see ARCHITECTURE.md.
