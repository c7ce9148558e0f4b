print("coffee-finder: not yet implemented")
