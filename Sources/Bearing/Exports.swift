// What every feature module needs comes with `import Bearing`, as it does with TCA.
// `@Shared` and its keys come along, as TCA re-exports swift-sharing.
@_exported import BearingSharing
@_exported import CasePaths
@_exported import Clocks
@_exported import CombineSchedulers
@_exported import ConcurrencyExtras
@_exported import CustomDump
@_exported import Dependencies
@_exported import DependenciesMacros
// Foundation (`UUID`, `Date`, `URL`, `IndexSet` …) comes with `import Bearing`, as it comes with
// TCA's import on Apple's systems (through the SwiftUI it re-exports): a feature file that
// imports only the architecture builds on Linux too.
@_exported import Foundation
@_exported import IdentifiedCollections
// `@ObservableState` conforms states to `Observable`, and views track them with
// `withObservationTracking`, as TCA's users have them through Perception.
@_exported import Observation

#if canImport(FoundationNetworking)
  // On Apple's systems `URLSession` is part of Foundation, which comes with `import Bearing` as
  // it does with TCA's import; on Linux it lives in FoundationNetworking, which swift-dependencies
  // (its `\.urlSession` dependency) already links.
  @_exported import FoundationNetworking
#endif
