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

/// `download` as a feature, over the test values of `OverpassClient` and `OfflineAreasClient`.
/// (`DownloadCommandTests` runs the built binary against a loopback Overpass.)
@MainActor
@Suite struct AreaDownloadTests {
  nonisolated static let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
  nonisolated static let endpoint = URL(string: "http://127.0.0.1:1/api/interpreter")!
  nonisolated static let deux = Place(
    id: "osm:node/9002", name: "Deux", coordinate: Coordinate(latitude: 48.857, longitude: 2.352),
    categories: ["Café"], source: .openStreetMap)

  func state() -> AreaDownload.State {
    AreaDownload.State(name: "Paris", center: Self.paris, radius: 2_000, endpoint: Self.endpoint)
  }

  @Test func theAnswerIsStoredAsACircleDatedToday() async throws {
    let places = try PlaceStore(
      path: FileManager.default.temporaryDirectory
        .appendingPathComponent("area-download-\(UUID().uuidString).sqlite").path)
    let answer = OverpassDownload(places: [Self.deux], streets: [], bytes: 2_048)
    let asked = LockIsolated<[String]>([])
    let returned = LockIsolated<StoredArea?>(nil)
    let store = TestStore(initialState: state()) {
      AreaDownload()
    } withDependencies: {
      $0.date = .constant(Fixtures.epoch)
      $0.overpass.download = { center, radius, endpoint in
        asked.withValue {
          $0.append("\(center.latitude),\(center.longitude) \(radius) \(endpoint)")
        }
        return answer
      }
      $0.offlineAreas.storeArea = { area, list, streets, _ in
        let stored = try await places.add(
          area, places: list, streets: streets, storedAt: Fixtures.epoch)
        returned.setValue(stored)
        return stored
      }
    }
    await store.send(.download)
    await store.receive(.downloaded(answer)) { $0.downloaded = answer }
    #expect(asked.value == ["48.8566,2.3522 2000.0 \(Self.endpoint)"])
    await store.send(.store).finish()
    #expect(try await places.areas().count == 1)
    let stored = try #require(returned.value)
    #expect(stored.name == "Paris")
    #expect(stored.source == "OpenStreetMap via Overpass, 2027-01-15")
    #expect(stored.origin == .around(Self.paris, radius: 2_000))
    #expect(stored.boundary == .circle(center: Self.paris, radius: 2_000))
    #expect(stored.placeCount == 1)
    await store.receive(.stored(stored)) { $0.stored = stored }
  }

  @Test func aFailedDownloadStoresNothingAndSaysSo() async throws {
    let store = TestStore(initialState: state()) {
      AreaDownload()
    } withDependencies: {
      $0.overpass.download = { _, _, _ in
        throw PlacesError.serviceUnavailable("Overpass could not finish the download")
      }
    }
    let message =
      "\(PlacesError.serviceUnavailable("Overpass could not finish the download").description) "
      + "Nothing was stored."
    await store.send(.download)
    await store.receive(.failed(message)) { $0.failure = message }
  }

  @Test func anAnswerWithoutCafésStoresNothing() async throws {
    let empty = OverpassDownload(places: [], streets: [], bytes: 120)
    let store = TestStore(initialState: state()) {
      AreaDownload()
    } withDependencies: {
      $0.overpass.download = { _, _, _ in empty }
    }
    await store.send(.download)
    await store.receive(.downloaded(empty)) { $0.downloaded = empty }
    await store.send(.store) {
      $0.failure =
        "Overpass found no named café within 2.0 km of 48.85660,2.35220; nothing was stored"
    }
  }

  @Test func aStoreThatCannotTakeTheAreaIsTheUsersLine() async throws {
    let answer = OverpassDownload(places: [Self.deux], streets: [], bytes: 2_048)
    let failure = StorageError.locked(path: "/tmp/places.sqlite", timeout: .seconds(5))
    let store = TestStore(initialState: state()) {
      AreaDownload()
    } withDependencies: {
      $0.date = .constant(Fixtures.epoch)
      $0.overpass.download = { _, _, _ in answer }
      $0.offlineAreas.storeArea = { _, _, _, _ in throw failure }
    }
    await store.send(.download)
    await store.receive(.downloaded(answer)) { $0.downloaded = answer }
    await store.send(.store)
    await store.receive(.failed(failure.description)) { $0.failure = failure.description }
  }
}
