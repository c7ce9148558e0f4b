import Bearing
import BearingLocation
import BearingPlaceStore
import BearingPlaces
import BearingStreets
import BearingWalking

/// The offline data in the app's data directory: the areas stored for offline search, and the
/// built-in area; and the files areas are read from.
///
/// The executable sets it for the directory the user chose (`--data-dir`); features reach it
/// through `@Dependency(\.offlineAreas)`, and tests give it closures of their own.
///
/// ```swift
/// let store = Store(initialState: StoredAreas.State()) { StoredAreas() } withDependencies: {
///   $0.offlineAreas.removeArea = { _ in nil }
/// }
/// ```
@DependencyClient
package struct OfflineAreasClient: Sendable {
  /// The stored areas (none when there is no place store yet) and the built-in one.
  package var library: @Sendable () async throws -> OfflineLibrary
  /// Removes the stored area called `name` and the places no other area holds; `nil` when no
  /// stored area has that name.
  package var removeArea: @Sendable (_ name: String) async throws -> StoredArea?
  /// The answers the geocoder gave for `name` before, kept in the place store (which this
  /// creates when there is none); `nil` when it was never asked.
  package var cachedGeocode: @Sendable (_ name: String) async throws -> [GeocodedPlace]?
  /// Keeps the geocoder's `answers` for `name` in the place store.
  package var saveGeocode:
    @Sendable (_ name: String, _ answers: [GeocodedPlace]) async throws -> Void
  /// The stored areas, oldest first; none when there is no place store.
  package var areas: @Sendable () async throws -> [StoredArea]
  /// The stored streets around `center`, to `reach` metres; `nil` when there is no place
  /// store.
  package var streets:
    @Sendable (_ center: Coordinate, _ reach: Double) async throws -> [StreetLine]?
  /// Whether there is a file at `path` (an area's file, which may have gone since).
  package var fileExists: @Sendable (_ path: String) -> Bool = { _ in false }
  /// The places an earlier version kept in a JSON file (``PlaceDataset``) at `path`.
  package var readDataset: @Sendable (_ path: String) async throws -> PlaceDataset
  /// Moves the file at `path` to `destination`, replacing a file there.
  package var moveFile: @Sendable (_ path: String, _ destination: String) throws -> Void
  /// Reads the file at `path` as `how` says (its format told from its contents when `nil`) and
  /// stores it as the area `area` (default: the file's name) with its coverage box and
  /// streets, batch by batch while the file is read; a bad file stores nothing.
  ///
  /// - throws: ``UnreadableFile`` when the file is at fault; otherwise why the store could not
  ///   take the area, in the user's words.
  package var importFile:
    @Sendable (_ path: String, _ area: String?, _ how: StoredArea.Origin.FileImport)
      async throws -> ImportedArea
  /// Stores `area` with `places`, `streets` and their walking graph (when there is one) in one
  /// transaction, replacing an area of its name.
  ///
  /// - throws: Why the store could not take the area, in the user's words.
  package var storeArea:
    @Sendable (
      _ area: PlaceStore.NewArea, _ places: [Place], _ streets: [StreetLine],
      _ walkingGraph: WalkingGraph?
    ) async throws -> StoredArea
}

extension OfflineAreasClient {
  /// What ``OfflineAreasClient/importFile`` stored.
  package struct ImportedArea: Equatable, Sendable {
    /// The area as stored.
    package var area: StoredArea
    /// What the file covers, with its count of places.
    package var coverage: DataCoverage
    /// How many street lines were stored with it, for maps.
    package var streetCount: Int
    /// How many of the file's features were left out because they cannot be read.
    package var skippedCount: Int
    /// Why, for the first few ("feature 8: the feature named "B" has no geometry"; untrusted).
    package var skippedReasons: [String]
    /// How many features were neither a named café nor a line for maps and walks.
    package var otherCount: Int

    /// The warning for the features left out as unreadable; `nil` when none was.
    package var leftOutWarning: String? {
      skippedCount > 0
        ? UserMessage.featuresSkipped(skippedCount, reasons: skippedReasons) : nil
    }

    /// The area `area`, read as `coverage`, with `streetCount` street lines, and the features
    /// left out.
    package init(
      area: StoredArea, coverage: DataCoverage, streetCount: Int, skippedCount: Int = 0,
      skippedReasons: [String] = [], otherCount: Int = 0
    ) {
      self.area = area
      self.coverage = coverage
      self.streetCount = streetCount
      self.skippedCount = skippedCount
      self.skippedReasons = skippedReasons
      self.otherCount = otherCount
    }
  }

  /// The file an import reads is at fault (unreadable, of no format the importer knows, broken
  /// halfway): nothing of it was stored.
  package struct UnreadableFile: Error {
    /// What is wrong with it.
    package var reason: any Error

    /// The file is unreadable for `reason`.
    package init(_ reason: any Error) {
      self.reason = reason
    }
  }
}

extension OfflineAreasClient: TestDependencyKey {
  /// Every endpoint fails the test that calls it unasked.
  package static let testValue = OfflineAreasClient()
}

extension DependencyValues {
  /// The offline data of the data directory in use.
  package var offlineAreas: OfflineAreasClient {
    get { self[OfflineAreasClient.self] }
    set { self[OfflineAreasClient.self] = newValue }
  }
}
