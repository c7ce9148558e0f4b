// CoffeeFinder module; see ARCHITECTURE.md.
