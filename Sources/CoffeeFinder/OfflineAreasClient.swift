import Bearing
import BearingPersistence
import BearingPlaces

/// The offline data in the app's data directory: the areas stored for offline search, and the
/// built-in area.
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
