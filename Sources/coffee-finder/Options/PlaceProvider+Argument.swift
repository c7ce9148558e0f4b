import ArgumentParser
import CoffeeFinderSettings

// Lets `--provider auto|foursquare|offline` parse straight into the settings' type.
extension PlaceProvider: ExpressibleByArgument {}
