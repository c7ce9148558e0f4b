import ArgumentParser
import CoffeeFinder

// Lets `--sort walk|line` parse straight into the feature's type.
extension WalkSort: ExpressibleByArgument {}
