import ArgumentParser
import CoffeeFinderSettings

// Lets `--units metric|imperial` parse straight into the settings' type.
extension MeasurementSystem: ExpressibleByArgument {}
