import Bearing
import BearingLocation
import BearingPlaceStore
import BearingPlaces
import BearingSQLite
import BearingTesting
import CoffeeFinder
import ConcurrencyExtras
import Foundation
import Testing

/// `areas update NAME` as a feature: each kind of area is fetched again as it was made, over
/// `OfflineAreasClient`'s test value, so an endpoint the update should not touch fails the test.
/// (`AreasUpdateTests` runs the built binary.)
@MainActor
@Suite struct AreaUpdateFeatureTests {
  /// A place store at a fresh temporary path.
  func placeStore() throws -> PlaceStore {
    try PlaceStore(
      path: FileManager.default.temporaryDirectory
        .appendingPathComponent("area-update-\(UUID().uuidString).sqlite").path)
  }

  /// `places` stored as the area `name` from `origin`.
  func area(
    _ name: String, origin: StoredArea.Origin, places: [Place] = [Fixtures.ekberg],
    in store: PlaceStore
  ) async throws -> StoredArea {
    try await store.add(
      PlaceStore.NewArea(
        name: name, source: "OpenStreetMap", origin: origin,
        boundary: .box(south: 60.16, west: 24.93, north: 60.19, east: 24.96)),
      places: places, storedAt: Fixtures.epoch)
  }

  @Test func aFileIsImportedAgainAsItWasFirstImported() async throws {
    let places = try placeStore()
    let how = StoredArea.Origin.FileImport(format: .geoJSON, everyNamedFeature: true)
    let roasters = try await area(
      "Roasters", origin: .file("/data/roasters.geojson", how), in: places)
    let asked = LockIsolated<[String]>([])
    let store = TestStore(initialState: AreaUpdate.State(name: "Roasters")) {
      AreaUpdate()
    } withDependencies: {
      $0.offlineAreas.areas = { try await places.areas() }
      $0.offlineAreas.fileExists = { $0 == "/data/roasters.geojson" }
      $0.offlineAreas.importFile = { path, name, given in
        asked.withValue { $0.append("\(path) \(name ?? "-") \(given == how)") }
        return OfflineAreasClient.ImportedArea(
          area: roasters, coverage: roasters.coverage, streetCount: 0)
      }
    }
    await store.send(.update)
    await store.receive(.updated(roasters)) { $0.updated = roasters }
    #expect(asked.value == ["/data/roasters.geojson Roasters true"])
  }

  @Test func noAreaOfTheNameSaysHowToListThem() async throws {
    let store = TestStore(initialState: AreaUpdate.State(name: "Nowhere\u{1B}[2J")) {
      AreaUpdate()
    } withDependencies: {
      $0.offlineAreas.areas = { [] }
    }
    let message =
      "no stored area is called \"Nowhere\\u{1B}[2J\"; `coffee-finder areas list` shows them"
    await store.send(.update)
    await store.receive(.failed(message)) { $0.failure = message }
  }

  @Test func aFileThatIsGoneLeavesTheAreaAsItWas() async throws {
    let places = try placeStore()
    let tokyo = try await area("Tokyo", origin: .file("/data/tokyo.geojson"), in: places)
    let store = TestStore(initialState: AreaUpdate.State(name: "Tokyo")) {
      AreaUpdate()
    } withDependencies: {
      $0.offlineAreas.areas = { try await places.areas() }
      $0.offlineAreas.fileExists = { _ in false }
    }
    let message =
      "cannot update Tokyo: its file /data/tokyo.geojson is no longer there; Tokyo keeps its "
      + "1 place"
    await store.send(.update)
    await store.receive(.failed(message)) { $0.failure = message }
    #expect(try await places.areas() == [tokyo])
  }

  @Test func aFileThatCannotBeReadIsSaidAsAnUpdate() async throws {
    let places = try placeStore()
    _ = try await area("Tokyo", origin: .file("/data/tokyo.geojson"), in: places)
    let store = TestStore(initialState: AreaUpdate.State(name: "Tokyo")) {
      AreaUpdate()
    } withDependencies: {
      $0.offlineAreas.areas = { try await places.areas() }
      $0.offlineAreas.fileExists = { _ in true }
      $0.offlineAreas.importFile = { _, _, _ in
        throw OfflineAreasClient.UnreadableFile(PlaceImportError.malformed("not JSON"))
      }
    }
    let message =
      "cannot import /data/tokyo.geojson again: \(PlaceImportError.malformed("not JSON")) "
      + "The stored area is unchanged."
    await store.send(.update)
    await store.receive(.failed(message)) { $0.failure = message }
  }

  @Test func aMigratedAreaIsReadAgainFromWhereItsFileIsKept() async throws {
    let places = try placeStore()
    let kept = "/data/imported-places.json.migrated"
    _ = try await area("Kallio", origin: .migrated(kept), in: places)
    let dataset = try PlaceDataset(
      area: "Old name", source: "OpenStreetMap 2024", places: [Fixtures.ekberg, Self.kahvila])
    let returned = LockIsolated<StoredArea?>(nil)
    let store = TestStore(initialState: AreaUpdate.State(name: "Kallio")) {
      AreaUpdate()
    } withDependencies: {
      $0.offlineAreas.areas = { try await places.areas() }
      $0.offlineAreas.fileExists = { $0 == kept }
      $0.offlineAreas.readDataset = { path in
        #expect(path == kept)
        return dataset
      }
      $0.offlineAreas.storeArea = { area, list, streets, _ in
        let stored = try await places.add(
          area, places: list, streets: streets, storedAt: Fixtures.epoch)
        returned.setValue(stored)
        return stored
      }
    }
    await store.send(.update).finish()
    #expect(try await places.areas().count == 1)
    let stored = try #require(returned.value)
    #expect(stored.name == "Kallio")
    #expect(stored.placeCount == 2)
    #expect(stored.source == "OpenStreetMap 2024")
    #expect(stored.origin == .migrated(kept))
    let coverage = dataset.coverage
    #expect(
      stored.boundary
        == .box(
          south: coverage.south, west: coverage.west, north: coverage.north, east: coverage.east))
    await store.receive(.updated(stored)) { $0.updated = stored }
  }

  /// Earlier versions recorded a migrated area as coming from `imported-places.json`, the file
  /// the migration renamed: the renamed file is read.
  @Test func anAreaMigratedByAnEarlierVersionReadsTheRenamedFile() async throws {
    let places = try placeStore()
    let legacy = "/data/imported-places.json"
    _ = try await area("Kallio", origin: .file(legacy), in: places)
    let dataset = try PlaceDataset(
      area: "Kallio", source: "OpenStreetMap 2024", places: [Fixtures.ekberg, Self.kahvila])
    let returned = LockIsolated<StoredArea?>(nil)
    let store = TestStore(initialState: AreaUpdate.State(name: "Kallio")) {
      AreaUpdate()
    } withDependencies: {
      $0.offlineAreas.areas = { try await places.areas() }
      $0.offlineAreas.fileExists = { $0 == legacy + ".migrated" }
      $0.offlineAreas.readDataset = { _ in dataset }
      $0.offlineAreas.storeArea = { area, list, streets, _ in
        let stored = try await places.add(
          area, places: list, streets: streets, storedAt: Fixtures.epoch)
        returned.setValue(stored)
        return stored
      }
    }
    await store.send(.update).finish()
    let stored = try #require(returned.value)
    #expect(stored.origin == .migrated(legacy + ".migrated"))
    await store.receive(.updated(stored)) { $0.updated = stored }
  }

  @Test func aMigratedFileThatCannotBeReadLeavesTheArea() async throws {
    let places = try placeStore()
    _ = try await area("Kallio", origin: .migrated("/data/kept.json"), in: places)
    let store = TestStore(initialState: AreaUpdate.State(name: "Kallio")) {
      AreaUpdate()
    } withDependencies: {
      $0.offlineAreas.areas = { try await places.areas() }
      $0.offlineAreas.fileExists = { _ in true }
      $0.offlineAreas.readDataset = { _ in throw PlaceImportError.malformed("cut short") }
    }
    let message =
      "cannot read /data/kept.json again: \(PlaceImportError.malformed("cut short")) "
      + "The stored area is unchanged."
    await store.send(.update)
    await store.receive(.failed(message)) { $0.failure = message }
  }

  @Test func aDownloadIsAskedForAgain() async throws {
    let places = try placeStore()
    let center = Coordinate(latitude: 48.8566, longitude: 2.3522)
    _ = try await area("Paris", origin: .around(center, radius: 2_000), in: places)
    let store = TestStore(initialState: AreaUpdate.State(name: "Paris")) {
      AreaUpdate()
    } withDependencies: {
      $0.offlineAreas.areas = { try await places.areas() }
    }
    let download = AreaUpdate.Download(name: "Paris", center: center, radius: 2_000)
    await store.send(.update)
    await store.receive(.downloadAgain(download)) { $0.download = download }
  }

  @Test func aStoreThatCannotBeReadIsTheUsersLine() async {
    let failure = StorageError.locked(path: "/tmp/places.sqlite", timeout: .seconds(5))
    let store = TestStore(initialState: AreaUpdate.State(name: "Kallio")) {
      AreaUpdate()
    } withDependencies: {
      $0.offlineAreas.areas = { throw failure }
    }
    await store.send(.update)
    await store.receive(.failed(failure.description)) { $0.failure = failure.description }
  }

  nonisolated static let kahvila = Place(
    id: "osm:node/77", name: "Kahvila Kallio",
    coordinate: Coordinate(latitude: 60.1841, longitude: 24.9494), categories: ["Café"],
    source: .openStreetMap)
}
