import Bearing
import BearingLocation
import BearingPersonalData
import BearingSQLite
import BearingTesting
import CoffeeFinder
import Foundation
import Testing

/// Favourites as one feature: adding and removing write the favourite and its region together,
/// and the app's detail screen goes through it.
@MainActor
@Suite struct FavoriteRegionsTests {
  static let region = Region(
    identifier: "osm:node/1", center: Fixtures.ekberg.coordinate, radius: FavoriteRegions.radius)

  @Test func addingAndRemovingWriteTheFavouriteAndItsRegionTogether() async throws {
    let database = DatabaseClient.live(try LocalDatabase.inMemory())
    let location = TestLocationManager()
    let store = TestStore(initialState: FavoriteRegions.State()) {
      FavoriteRegions()
    } withDependencies: {
      $0.database = database
      $0.locationManager = location.client
      $0.date.now = Fixtures.epoch
    }
    let favorite = FavoriteRegions.favorite(for: Fixtures.ekberg, addedAt: Fixtures.epoch)
    await store.send(.add(Fixtures.ekberg))
    await store.receive(\.added, favorite) {
      $0.favorites = [favorite]
      $0.regionStates = ["osm:node/1": .unknown]
    }
    await store.receive(\.delegate, .changed(placeID: "osm:node/1", isFavorite: true))
    #expect(try await database.favorites().map(\.placeID) == ["osm:node/1"])
    #expect(try await database.monitoredRegions().map(\.region) == [Self.region])
    #expect(location.calls.value == ["startMonitoring osm:node/1"])

    await store.send(.remove(placeID: "osm:node/1"))
    await store.receive(\.removed) {
      $0.favorites = []
      $0.regionStates = [:]
    }
    await store.receive(\.delegate, .changed(placeID: "osm:node/1", isFavorite: false))
    #expect(try await database.favorites().isEmpty)
    #expect(try await database.monitoredRegions().isEmpty)
    #expect(location.calls.value.last == "stopMonitoring osm:node/1")
  }

  @Test func aFailedWriteIsReportedForTheParentAndACommand() async throws {
    let error = StorageError.diskFull(path: "/data/coffee-finder.sqlite")
    let store = TestStore(initialState: FavoriteRegions.State(monitors: false)) {
      FavoriteRegions()
    } withDependencies: {
      $0.database = .failing(error)
      $0.date.now = Fixtures.epoch
    }
    let message = "Could not save the favourite: \(error.description)"
    await store.send(.add(Fixtures.ekberg))
    await store.receive(\.failed, message) { $0.failure = message }
    await store.receive(\.delegate, .failed(message))
  }

  @Test func theDetailScreensFavouriteToggleGoesThroughTheFeature() async throws {
    let database = DatabaseClient.live(try LocalDatabase.inMemory())
    let location = TestLocationManager()
    let store = TestStore(
      initialState: CoffeeFinderApp.State(
        detail: PlaceDetail.State(place: Fixtures.ekberg, isLoaded: true),
        locationOrigin: .manual(Fixtures.station), dataOrigin: .offline(Fixtures.coverage))
    ) {
      CoffeeFinderApp()
    } withDependencies: {
      $0.database = database
      $0.locationManager = location.client
      $0.date.now = Fixtures.epoch
    }
    let favorite = FavoriteRegions.favorite(for: Fixtures.ekberg, addedAt: Fixtures.epoch)
    await store.send(.detail(.favoriteToggled))
    await store.receive(\.favoriteRegions.add)
    await store.receive(\.favoriteRegions.added) {
      $0.favoriteRegions.favorites = [favorite]
      $0.favoriteRegions.regionStates = ["osm:node/1": .unknown]
    }
    await store.receive(\.favoriteRegions.delegate.changed) { $0.detail?.isFavorite = true }
    #expect(try await database.monitoredRegions().map(\.id) == ["osm:node/1"])

    await store.send(.detail(.favoriteToggled))
    await store.receive(\.favoriteRegions.remove)
    await store.receive(\.favoriteRegions.removed) {
      $0.favoriteRegions.favorites = []
      $0.favoriteRegions.regionStates = [:]
    }
    await store.receive(\.favoriteRegions.delegate.changed) { $0.detail?.isFavorite = false }
    #expect(try await database.favorites().isEmpty)
    #expect(try await database.monitoredRegions().isEmpty)
  }
}
