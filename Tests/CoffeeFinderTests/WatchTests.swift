import Bearing
import BearingLocation
import BearingPersistence
import BearingTesting
import CoffeeFinder
import Foundation
import Testing

/// The feature behind `coffee-finder watch`, under TestStore: favourites become regions, and
/// entering and leaving one is reported once and remembered.
@Suite struct WatchTests {
  static let region = Region(
    identifier: "osm:node/1", center: Fixtures.ekberg.coordinate, radius: FavoriteRegion.radius)

  static func database(state: RegionState = .unknown) async throws -> DatabaseClient {
    let database = DatabaseClient.live(try LocalDatabase.inMemory())
    try await database.saveFavorite(
      FavoriteRegion.favorite(for: Fixtures.ekberg, addedAt: Fixtures.epoch))
    try await database.saveMonitoredRegion(MonitoredRegion(region: Self.region, state: state))
    return database
  }

  static func store(showsFixes: Bool, database: DatabaseClient, location: TestLocationManager)
    -> TestStore<Watch.State, Watch.Action>
  {
    TestStore(initialState: Watch.State(showsFixes: showsFixes)) {
      Watch()
    } withDependencies: {
      $0.database = database
      $0.locationManager = location.client
    }
  }

  /// The first three actions of every start: favourites read, monitoring begun, authorized.
  static func start(
    _ store: TestStore<Watch.State, Watch.Action>, regionState: RegionState = .unknown,
    authorization: AuthorizationStatus = .authorizedWhenInUse
  ) async {
    await store.send(.onAppear)
    await store.receive(\.favoritesLoaded) {
      $0.names = ["osm:node/1": "Café Ekberg"]
      $0.regionStates = ["osm:node/1": regionState]
    }
    await store.receive(\.output, .started(regions: 1))
    await store.receive(\.locationManager, .didChangeAuthorization(authorization))
  }

  @Test func reportsFixesThenEnteringAndLeavingAFavourite() async throws {
    let database = try await Self.database()
    let location = TestLocationManager(fixOnStart: Fixtures.here)
    let store = Self.store(showsFixes: true, database: database, location: location)
    await Self.start(store)
    await store.receive(\.locationManager, .didUpdateLocations([Fixtures.here]))
    await store.receive(\.output, .line(.fix(Fixtures.here)))
    #expect(
      location.calls.value == [
        "requestWhenInUseAuthorization", "startMonitoring osm:node/1", "startUpdatingLocation",
      ])

    location.emit(.didEnterRegion(Self.region))
    await store.receive(\.locationManager, .didEnterRegion(Self.region)) {
      $0.regionStates["osm:node/1"] = .inside
    }
    await store.receive(\.output, .line(.enter(id: "osm:node/1", name: "Café Ekberg")))
    // Told again (gpsd reconnected, say): nothing new to report.
    location.emit(.didDetermineState(.inside, Self.region))
    await store.receive(\.locationManager, .didDetermineState(.inside, Self.region))

    location.emit(.didExitRegion(Self.region))
    await store.receive(\.locationManager, .didExitRegion(Self.region)) {
      $0.regionStates["osm:node/1"] = .outside
    }
    await store.receive(\.output, .line(.exit(id: "osm:node/1", name: "Café Ekberg")))

    await store.send(.onDisappear)
    await store.finish()
    #expect(location.calls.value.last == "stopUpdatingLocation")
    #expect(try await database.monitoredRegions().first?.state == .outside)
  }

  @Test func insideAlreadyAtStartIsNotAnnouncedAgainButLeavingIs() async throws {
    let database = try await Self.database(state: .inside)
    let location = TestLocationManager()
    let store = Self.store(showsFixes: false, database: database, location: location)
    await Self.start(store, regionState: .inside)
    location.emit(.didDetermineState(.inside, Self.region))
    await store.receive(\.locationManager, .didDetermineState(.inside, Self.region))
    // Fixes are not reported when only events are asked for.
    location.emit(.didUpdateLocations([Fixtures.here]))
    await store.receive(\.locationManager, .didUpdateLocations([Fixtures.here]))
    location.emit(.didDetermineState(.outside, Self.region))
    await store.receive(\.locationManager, .didDetermineState(.outside, Self.region)) {
      $0.regionStates["osm:node/1"] = .outside
    }
    await store.receive(\.output, .line(.exit(id: "osm:node/1", name: "Café Ekberg")))
    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func unreadableFavouritesStopTheWatchWithAReason() async {
    let error = StorageError.corrupt(
      path: "/data/coffee-finder.sqlite", detail: "file is not a database")
    let location = TestLocationManager()
    let store = Self.store(showsFixes: true, database: .failing(error), location: location)
    await store.send(.onAppear)
    await store.receive(\.favoritesFailed, error.description)
    await store.receive(\.output, .failed("Favourites are unavailable: \(error.description)"))
    await store.finish()
    #expect(location.calls.value.isEmpty)
  }

  @Test func locationTroubleIsAWarningNotAStop() async throws {
    let database = try await Self.database()
    let location = TestLocationManager(authorization: .denied)
    let store = Self.store(showsFixes: true, database: database, location: location)
    await Self.start(store, authorization: .denied)
    await store.receive(\.output, .warning(Nearby.deniedMessage))
    await store.send(.onDisappear)
    await store.finish()
  }
}
