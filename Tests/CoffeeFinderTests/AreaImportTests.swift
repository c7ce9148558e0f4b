import Bearing
import BearingPlaceStore
import BearingPlaces
import BearingSQLite
import BearingTesting
import CoffeeFinder
import ConcurrencyExtras
import Foundation
import Testing

/// `import FILE` as a feature, over `OfflineAreasClient`'s test value. (`AreasCommandTests`,
/// `StreamingImportEndToEndTests` and the README's tour run the built binary.)
@MainActor
@Suite struct AreaImportTests {
  /// `places` stored as the area `name` from `file`, in a fresh place store.
  func storedArea(_ name: String, file: String) async throws -> StoredArea {
    let store = try PlaceStore(
      path: FileManager.default.temporaryDirectory
        .appendingPathComponent("area-import-\(UUID().uuidString).sqlite").path)
    return try await store.add(
      PlaceStore.NewArea(
        name: name, source: "OpenStreetMap", origin: .file(file),
        boundary: .box(south: 60.16, west: 24.93, north: 60.19, east: 24.96)),
      places: [Fixtures.ekberg], storedAt: Fixtures.epoch)
  }

  @Test func theFileIsStoredAsTheAreaAsked() async throws {
    let roasters = try await storedArea("Roasters", file: "/data/roasters.geojson")
    let imported = OfflineAreasClient.ImportedArea(
      area: roasters, coverage: roasters.coverage, streetCount: 12)
    let asked = LockIsolated<[String]>([])
    let how = StoredArea.Origin.FileImport(everyNamedFeature: true)
    let store = TestStore(
      initialState: AreaImport.State(file: "roasters.geojson", area: "Roasters", how: how)
    ) {
      AreaImport()
    } withDependencies: {
      $0.offlineAreas.importFile = { path, area, given in
        asked.withValue { $0.append("\(path) \(area ?? "-") \(given == how)") }
        return imported
      }
    }
    await store.send(.importFile)
    await store.receive(.imported(imported)) { $0.imported = imported }
    #expect(asked.value == ["roasters.geojson Roasters true"])
  }

  @Test func aBadFileNamesTheFileAndWhy() async throws {
    let store = TestStore(initialState: AreaImport.State(file: "bad\nname.geojson")) {
      AreaImport()
    } withDependencies: {
      $0.offlineAreas.importFile = { _, _, _ in
        throw OfflineAreasClient.UnreadableFile(PlaceImportError.malformed("byte 12"))
      }
    }
    let message = "cannot import bad name.geojson: Malformed data: byte 12."
    await store.send(.importFile)
    await store.receive(.failed(message)) { $0.failure = message }
  }

  @Test func aStoreThatCannotTakeTheAreaIsTheUsersLine() async throws {
    let failure = StorageError.locked(path: "/tmp/places.sqlite", timeout: .seconds(5))
    let store = TestStore(initialState: AreaImport.State(file: "kallio.geojson")) {
      AreaImport()
    } withDependencies: {
      $0.offlineAreas.importFile = { _, _, _ in throw failure }
    }
    await store.send(.importFile)
    await store.receive(.failed(failure.description)) { $0.failure = failure.description }
  }
}
