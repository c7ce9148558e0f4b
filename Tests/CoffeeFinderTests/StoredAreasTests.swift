import Bearing
import BearingPlaceStore
import BearingPlaces
import BearingSQLite
import BearingTesting
import CoffeeFinder
import Foundation
import Testing

@MainActor
@Suite struct StoredAreasTests {
  /// A place store at a fresh temporary path holding the area "Kallio" with Café Ekberg.
  func placeStore() async throws -> PlaceStore {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("stored-areas-\(UUID().uuidString).sqlite").path
    let store = try PlaceStore(path: path)
    try await store.add(
      PlaceStore.NewArea(
        name: "Kallio", source: "OpenStreetMap", origin: .migrated("/tmp/kallio.json"),
        boundary: .box(south: 60.16, west: 24.93, north: 60.19, east: 24.96)),
      places: [Fixtures.ekberg], storedAt: Fixtures.epoch)
    return store
  }

  @Test func loadsTheStoredAreasAndTheBuiltInOne() async throws {
    let places = try await placeStore()
    let builtIn = try OfflinePlaces.embedded()
    let store = TestStore(initialState: StoredAreas.State()) {
      StoredAreas()
    } withDependencies: {
      $0.offlineAreas.library = { try await OfflineLibrary(store: places, builtIn: builtIn) }
    }
    let stored = try await places.areas()
    #expect(stored.map(\.name) == ["Kallio"])
    await store.send(.load)
    await store.receive(.loaded(areas: stored, builtIn: builtIn.coverage)) {
      $0.areas = stored
      $0.builtIn = builtIn.coverage
    }
  }

  /// The areas as an error names them: a count of one is "1 place".
  @Test func theLibrarysDescriptionCountsEachAreasPlaces() async throws {
    let library = try await OfflineLibrary(
      store: try await placeStore(), builtIn: try OfflinePlaces.embedded())
    #expect(library.description.hasPrefix("Kallio (1 place); central Helsinki"), "\(library)")
  }

  @Test func removesAnAreaByNameAndSaysWhenThereIsNone() async throws {
    let places = try await placeStore()
    let store = TestStore(initialState: StoredAreas.State()) {
      StoredAreas()
    } withDependencies: {
      $0.offlineAreas.removeArea = { try await places.removeArea(named: $0) }
    }
    let kallio = try #require(try await places.areas().first)
    await store.send(.remove(name: "Kallio"))
    await store.receive(.removed(kallio)) { $0.removed = .some(kallio) }
    #expect(try await places.areas().isEmpty)
    await store.send(.remove(name: "Kallio"))
    await store.receive(.removed(nil)) { $0.removed = .some(nil) }
  }

  @Test func aFailureIsTheUsersLine() async {
    let failure = StorageError.locked(path: "/tmp/places.sqlite", timeout: .seconds(5))
    let store = TestStore(initialState: StoredAreas.State()) {
      StoredAreas()
    } withDependencies: {
      $0.offlineAreas.library = { throw failure }
      $0.offlineAreas.removeArea = { _ in throw failure }
    }
    await store.send(.load)
    await store.receive(.failed(failure.description)) { $0.failure = failure.description }
    await store.send(.remove(name: "Kallio"))
    await store.receive(.failed(failure.description))
  }
}
