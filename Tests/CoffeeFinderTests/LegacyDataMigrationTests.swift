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

/// The places an earlier version kept in `imported-places.json`, moved into the place store
/// as an area, over `OfflineAreasClient`'s test value. (`AreasCommandTests` and
/// `AreasUpdateTests` run the built binary on such a file.)
@MainActor
@Suite struct LegacyDataMigrationTests {
  static let legacy = "/data/coffee-finder/imported-places.json"
  static let kahvila = Place(
    id: "osm:node/77", name: "Kahvila Kallio",
    coordinate: Coordinate(latitude: 60.1841, longitude: 24.9494), categories: ["Café"],
    source: .openStreetMap)

  /// A place store at a fresh temporary path.
  func placeStore() throws -> PlaceStore {
    try PlaceStore(
      path: FileManager.default.temporaryDirectory
        .appendingPathComponent("legacy-migration-\(UUID().uuidString).sqlite").path)
  }

  @Test func thePlacesBecomeAnAreaAndThenTheFileIsKeptAside() async throws {
    let places = try placeStore()
    let dataset = try PlaceDataset(
      area: "Kallio", source: "OpenStreetMap 2024", places: [Fixtures.ekberg, Self.kahvila])
    let done = LockIsolated<[String]>([])
    let store = TestStore(initialState: LegacyDataMigration.State(legacyPath: Self.legacy)) {
      LegacyDataMigration()
    } withDependencies: {
      $0.offlineAreas.readDataset = { path in
        done.withValue { $0.append("read \(path)") }
        return dataset
      }
      $0.offlineAreas.storeArea = { area, list, streets, _ in
        done.withValue { $0.append("stored \(area.name)") }
        return try await places.add(area, places: list, streets: streets)
      }
      $0.offlineAreas.moveFile = { path, destination in
        done.withValue { $0.append("moved \(path) to \(destination)") }
      }
    }
    let migrated = LegacyDataMigration.Migrated(
      area: "Kallio", placeCount: 2, keptPath: Self.legacy + ".migrated")
    await store.send(.migrate)
    await store.receive(.migrated(migrated)) { $0.migrated = migrated }
    #expect(
      done.value == [
        "read \(Self.legacy)", "stored Kallio",
        "moved \(Self.legacy) to \(Self.legacy).migrated",
      ])
    let area = try #require(try await places.areas().first)
    let coverage = dataset.coverage
    #expect(area.name == "Kallio")
    #expect(area.source == "OpenStreetMap 2024")
    #expect(area.placeCount == 2)
    #expect(area.origin == .migrated(Self.legacy + ".migrated"))
    #expect(
      area.boundary
        == .box(
          south: coverage.south, west: coverage.west, north: coverage.north, east: coverage.east))
  }

  /// Nothing is stored and the file stays where it is (the test value's `storeArea` and
  /// `moveFile` fail the test if called).
  @Test func aFileThatCannotBeReadSaysWhatToDo() async throws {
    let store = TestStore(initialState: LegacyDataMigration.State(legacyPath: "/data/\u{1B}[2J")) {
      LegacyDataMigration()
    } withDependencies: {
      $0.offlineAreas.readDataset = { _ in throw PlaceImportError.malformed("byte 3") }
    }
    let message =
      "cannot read the imported places in /data/\\u{1B}[2J: Malformed data: byte 3. "
      + "Import the file again, or remove it to use the built-in data."
    await store.send(.migrate)
    await store.receive(.failed(message)) { $0.failure = message }
  }

  /// The file stays where it is when its places could not be stored.
  @Test func anAreaThatCannotBeStoredLeavesTheFile() async throws {
    let dataset = try PlaceDataset(
      area: "Kallio", source: "OpenStreetMap 2024", places: [Self.kahvila])
    let failure = StorageError.locked(path: "/tmp/places.sqlite", timeout: .seconds(5))
    let store = TestStore(initialState: LegacyDataMigration.State(legacyPath: Self.legacy)) {
      LegacyDataMigration()
    } withDependencies: {
      $0.offlineAreas.readDataset = { _ in dataset }
      $0.offlineAreas.storeArea = { _, _, _, _ in throw failure }
    }
    await store.send(.migrate)
    await store.receive(.failed(failure.description)) { $0.failure = failure.description }
  }
}
