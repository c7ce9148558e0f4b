// What every feature module needs comes with `import Bearing`, as it does with TCA.
@_exported import CasePaths
@_exported import Clocks
@_exported import CombineSchedulers
@_exported import ConcurrencyExtras
@_exported import CustomDump
@_exported import Dependencies
@_exported import DependenciesMacros
@_exported import IdentifiedCollections
