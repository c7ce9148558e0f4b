import Bearing
import BearingPlaceStore
import BearingPlaces
import Foundation

/// Moves the places an earlier version kept in `imported-places.json` into the place store, as
/// an area: done once, when the place store is first opened and that file is there.
///
/// The file is read (``OfflineAreasClient/readDataset``), its places stored as an area whose
/// origin records where the file is kept from now on (`imported-places.json.migrated`, which
/// `areas update` reads again), and only then is the file moved there. A file that cannot be
/// read, or an area that cannot be stored, leaves the file where it was.
///
/// ```swift
/// let store = Store(initialState: LegacyDataMigration.State(legacyPath: path)) {
///   LegacyDataMigration()
/// }
/// await store.send(.migrate).finish()
/// ```
package struct LegacyDataMigration: Reducer {
  package struct State: Equatable, Sendable {
    /// Where the earlier version's file is: `imported-places.json` in the data directory.
    package var legacyPath: String
    /// What was moved; `nil` until it was.
    package var migrated: Migrated?
    /// Why nothing was moved, as the user reads it.
    package var failure: String?

    /// A migration of the file at `legacyPath`, not begun.
    package init(legacyPath: String) {
      self.legacyPath = legacyPath
    }
  }

  /// The area the file's places became.
  package struct Migrated: Equatable, Sendable {
    /// The area's name.
    package var area: String
    /// How many places it holds.
    package var placeCount: Int
    /// Where the old file is kept now.
    package var keptPath: String

    /// `placeCount` places stored as `area`, the file kept at `keptPath`.
    package init(area: String, placeCount: Int, keptPath: String) {
      self.area = area
      self.placeCount = placeCount
      self.keptPath = keptPath
    }
  }

  @CasePathable
  package enum Action: Equatable, Sendable {
    case migrate
    case migrated(Migrated)
    case failed(String)
  }

  @Dependency(\.offlineAreas) var offlineAreas

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .migrate:
      let (offlineAreas, legacy) = (offlineAreas, state.legacyPath)
      return .run { send in
        let dataset: PlaceDataset
        do {
          dataset = try await offlineAreas.readDataset(legacy)
        } catch {
          await send(.failed(UserMessage.cannotReadLegacyPlaces(legacy, error)))
          return
        }
        let coverage = dataset.coverage
        // The area records where its data is kept from now on, for `areas update`.
        let kept = URL(fileURLWithPath: legacy).appendingPathExtension("migrated")
        let area = PlaceStore.NewArea(
          name: coverage.area, source: coverage.source, attribution: coverage.attribution,
          origin: .migrated(kept.standardizedFileURL.path),
          boundary: .box(
            south: coverage.south, west: coverage.west, north: coverage.north,
            east: coverage.east))
        _ = try await offlineAreas.storeArea(area, dataset.places, [], nil)
        try offlineAreas.moveFile(legacy, kept.path)
        await send(
          .migrated(
            Migrated(
              area: coverage.area, placeCount: dataset.places.count, keptPath: kept.path)))
      } catch: { error, send in
        await send(.failed(UserMessage.line(for: error)))
      }

    case .migrated(let migrated):
      state.migrated = migrated
      return .none

    case .failed(let message):
      state.failure = message
      return .none
    }
  }
}
