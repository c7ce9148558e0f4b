import ArgumentParser
import Settings

// Lets `--units metric|imperial` parse straight into the settings' type.
extension MeasurementSystem: ExpressibleByArgument {}
