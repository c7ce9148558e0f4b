import Bearing
import BearingLocation
import BearingPersonalData
import BearingSQLite
import BearingTesting
import CoffeeFinder
import Foundation
import Testing

/// The feature behind `coffee-finder watch`, under TestStore: favourites become regions, and
/// entering and leaving one is reported once and remembered.
@MainActor
@Suite struct WatchTests {
  static let region = Region(
    identifier: "osm:node/1", center: Fixtures.ekberg.coordinate, radius: FavoriteRegions.radius)

  static func database(state: RegionState = .unknown) async throws -> DatabaseClient {
    let database = DatabaseClient.live(try LocalDatabase.inMemory())
    try await database.saveFavorite(
      FavoriteRegions.favorite(for: Fixtures.ekberg, addedAt: Fixtures.epoch))
    try await database.saveMonitoredRegion(MonitoredRegion(region: Self.region, state: state))
    return database
  }

  static func store(
    showsFixes: Bool, remembersRegionStates: Bool = true, database: DatabaseClient,
    location: TestLocationManager
  ) -> TestStore<Watch.State, Watch.Action> {
    TestStore(
      initialState: Watch.State(
        showsFixes: showsFixes, remembersRegionStates: remembersRegionStates)
    ) {
      Watch()
    } withDependencies: {
      $0.database = database
      $0.locationManager = location.client
    }
  }

  /// The first actions of every start: favourites read and monitored, watching begun,
  /// authorized.
  static func start(
    _ store: TestStore<Watch.State, Watch.Action>, database: DatabaseClient,
    regionState: RegionState = .unknown,
    authorization: AuthorizationStatus = .authorizedWhenInUse
  ) async throws {
    let favorites = try await database.favorites()
    await store.send(.onAppear)
    await store.receive(\.favoriteRegions.load)
    await store.receive(\.favoriteRegions.loaded) {
      $0.favoriteRegions.favorites = favorites
      $0.favoriteRegions.regionStates = ["osm:node/1": regionState]
      $0.favoriteRegions.isLoaded = true
    }
    await store.receive(\.favoriteRegions.delegate, .loaded(regions: 1))
    await store.receive(\.output, .started(regions: 1))
    await store.receive(\.locationManager, .didChangeAuthorization(authorization))
  }

  @Test func reportsFixesThenEnteringAndLeavingAFavourite() async throws {
    let database = try await Self.database()
    let location = TestLocationManager(fixOnStart: Fixtures.here)
    let store = Self.store(showsFixes: true, database: database, location: location)
    try await Self.start(store, database: database)
    await store.receive(\.locationManager, .didUpdateLocations([Fixtures.here])) {
      $0.lastFix = Fixtures.here
    }
    await store.receive(\.output, .line(.fix(Fixtures.here)))
    #expect(
      location.calls.value == [
        "startMonitoring osm:node/1", "requestWhenInUseAuthorization", "startUpdatingLocation",
      ])

    location.emit(.didEnterRegion(Self.region))
    await store.receive(\.locationManager, .didEnterRegion(Self.region)) {
      $0.favoriteRegions.regionStates["osm:node/1"] = .inside
      $0.announcing = 1
    }
    await store.receive(\.favoriteRegions.delegate, .entered(id: "osm:node/1", name: "Café Ekberg"))
    {
      $0.announcing = 0
    }
    // Told with the fix that made it.
    await store.receive(
      \.output, .line(.enter(id: "osm:node/1", name: "Café Ekberg", at: Fixtures.here)))
    // Told again (gpsd reconnected, say): nothing new to report.
    location.emit(.didDetermineState(.inside, Self.region))
    await store.receive(\.locationManager, .didDetermineState(.inside, Self.region))

    location.emit(.didExitRegion(Self.region))
    await store.receive(\.locationManager, .didExitRegion(Self.region)) {
      $0.favoriteRegions.regionStates["osm:node/1"] = .outside
      $0.announcing = 1
    }
    await store.receive(\.favoriteRegions.delegate, .exited(id: "osm:node/1", name: "Café Ekberg"))
    {
      $0.announcing = 0
    }
    await store.receive(
      \.output, .line(.exit(id: "osm:node/1", name: "Café Ekberg", at: Fixtures.here)))

    await store.send(.onDisappear)
    await store.finish()
    #expect(location.calls.value.last == "stopUpdatingLocation")
    #expect(try await database.monitoredRegions().first?.state == .outside)
  }

  @Test func insideAlreadyAtStartIsNotAnnouncedAgainButLeavingIs() async throws {
    let database = try await Self.database(state: .inside)
    let location = TestLocationManager()
    let store = Self.store(showsFixes: false, database: database, location: location)
    try await Self.start(store, database: database, regionState: .inside)
    location.emit(.didDetermineState(.inside, Self.region))
    await store.receive(\.locationManager, .didDetermineState(.inside, Self.region))
    // Fixes are not reported when only events are asked for.
    location.emit(.didUpdateLocations([Fixtures.here]))
    await store.receive(\.locationManager, .didUpdateLocations([Fixtures.here])) {
      $0.lastFix = Fixtures.here
    }
    location.emit(.didDetermineState(.outside, Self.region))
    await store.receive(\.locationManager, .didDetermineState(.outside, Self.region)) {
      $0.favoriteRegions.regionStates["osm:node/1"] = .outside
      $0.announcing = 1
    }
    await store.receive(\.favoriteRegions.delegate, .exited(id: "osm:node/1", name: "Café Ekberg"))
    {
      $0.announcing = 0
    }
    await store.receive(
      \.output, .line(.exit(id: "osm:node/1", name: "Café Ekberg", at: Fixtures.here)))
    await store.send(.onDisappear)
    await store.finish()
  }

  /// A replayed track (`remembersRegionStates: false`) is judged on its own: the "inside" an
  /// earlier run saved is not read, so the first fix outside tells no exit and one inside
  /// tells the entry; and nothing is saved for the next run.
  @Test func aReplayedTrackIsJudgedOnItsOwn() async throws {
    let database = try await Self.database(state: .inside)
    let location = TestLocationManager()
    let store = Self.store(
      showsFixes: false, remembersRegionStates: false, database: database,
      location: location)
    try await Self.start(store, database: database, regionState: .unknown)
    location.emit(.didDetermineState(.outside, Self.region))
    await store.receive(\.locationManager, .didDetermineState(.outside, Self.region)) {
      $0.favoriteRegions.regionStates["osm:node/1"] = .outside
    }
    location.emit(.didUpdateLocations([Fixtures.here]))
    await store.receive(\.locationManager, .didUpdateLocations([Fixtures.here])) {
      $0.lastFix = Fixtures.here
    }
    location.emit(.didEnterRegion(Self.region))
    await store.receive(\.locationManager, .didEnterRegion(Self.region)) {
      $0.favoriteRegions.regionStates["osm:node/1"] = .inside
      $0.announcing = 1
    }
    await store.receive(\.favoriteRegions.delegate, .entered(id: "osm:node/1", name: "Café Ekberg"))
    {
      $0.announcing = 0
    }
    await store.receive(
      \.output, .line(.enter(id: "osm:node/1", name: "Café Ekberg", at: Fixtures.here)))
    location.emit(.didExitRegion(Self.region))
    await store.receive(\.locationManager, .didExitRegion(Self.region)) {
      $0.favoriteRegions.regionStates["osm:node/1"] = .outside
      $0.announcing = 1
    }
    await store.receive(\.favoriteRegions.delegate, .exited(id: "osm:node/1", name: "Café Ekberg"))
    {
      $0.announcing = 0
    }
    await store.receive(
      \.output, .line(.exit(id: "osm:node/1", name: "Café Ekberg", at: Fixtures.here)))
    await store.send(.onDisappear)
    await store.finish()
    #expect(try await database.monitoredRegions().first?.state == .inside, "nothing saved")
  }

  /// A track that starts inside a favourite: the region is found inside as monitoring starts,
  /// before any fix; the entry is told after the first fix, with its time and position.
  @Test func anEntryFoundBeforeAnyFixIsToldWithTheFirstFix() async throws {
    let database = try await Self.database()
    let location = TestLocationManager()
    let store = Self.store(
      showsFixes: true, remembersRegionStates: false, database: database,
      location: location)
    try await Self.start(store, database: database)
    location.emit(.didDetermineState(.inside, Self.region))
    await store.receive(\.locationManager, .didDetermineState(.inside, Self.region)) {
      $0.favoriteRegions.regionStates["osm:node/1"] = .inside
      $0.announcing = 1
    }
    await store.receive(\.favoriteRegions.delegate, .entered(id: "osm:node/1", name: "Café Ekberg"))
    {
      $0.announcing = 0
      $0.heldLines = [.enter(id: "osm:node/1", name: "Café Ekberg")]
    }
    location.emit(.didUpdateLocations([Fixtures.here]))
    await store.receive(\.locationManager, .didUpdateLocations([Fixtures.here])) {
      $0.lastFix = Fixtures.here
      $0.heldLines = []
    }
    await store.receive(\.output, .line(.fix(Fixtures.here)))
    await store.receive(
      \.output, .line(.enter(id: "osm:node/1", name: "Café Ekberg", at: Fixtures.here)))
    await store.send(.onDisappear)
    await store.finish()
  }

  /// A replay whose last fix enters a favourite ends after the entry is told, not before: the
  /// entry is recorded in the database first, while the end of the track arrives at once.
  @Test func theEndOfAReplayWaitsForTheEntryItsLastFixMade() async throws {
    let database = try await Self.database()
    let location = TestLocationManager()
    let store = Self.store(showsFixes: false, database: database, location: location)
    try await Self.start(store, database: database)
    // Whether the end arrives before or after the entry is recorded is the database's timing:
    // what is asserted is the order of what the user is told.
    store.exhaustivity = .off
    location.emit(.didEnterRegion(Self.region))
    location.emit(.didFailWithError(.trackEnded(name: "track replay", fixes: 1)))
    await store.receive(\.output, .line(.enter(id: "osm:node/1", name: "Café Ekberg")))
    await store.receive(\.output, .finished(fixes: 1))
    #expect(store.state.announcing == 0 && store.state.endedAfter == nil)
    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func unreadableFavouritesStopTheWatchWithAReason() async {
    let error = StorageError.corrupt(
      path: "/data/coffee-finder.sqlite", detail: "file is not a database")
    let location = TestLocationManager()
    let store = Self.store(showsFixes: true, database: .failing(error), location: location)
    let message = "Favourites are unavailable: \(error.description)"
    await store.send(.onAppear)
    await store.receive(\.favoriteRegions.load)
    await store.receive(\.favoriteRegions.failed, message) {
      $0.favoriteRegions.failure = message
    }
    await store.receive(\.favoriteRegions.delegate, .failed(message))
    await store.receive(\.output, .failed(message))
    await store.finish()
    #expect(location.calls.value.isEmpty)
  }

  @Test func locationTroubleIsAWarningNotAStop() async throws {
    let database = try await Self.database()
    let location = TestLocationManager(authorization: .denied)
    let store = Self.store(showsFixes: true, database: database, location: location)
    try await Self.start(store, database: database, authorization: .denied)
    await store.receive(\.output, .warning(UserMessage.locationAccessOff))
    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func aReplaysEndEndsTheWatchAndAVanishedReceiverDoesNot() async throws {
    let database = try await Self.database()
    let location = TestLocationManager()
    let store = Self.store(showsFixes: false, database: database, location: location)
    try await Self.start(store, database: database)
    location.emit(.didUpdateLocations([Fixtures.here]))
    await store.receive(\.locationManager, .didUpdateLocations([Fixtures.here])) {
      $0.lastFix = Fixtures.here
    }
    // A receiver going away is only a warning; a replay's end ends the watch.
    location.emit(.didFailWithError(.deviceGone(path: "/dev/ttyUSB0")))
    await store.receive(\.locationManager, .didFailWithError(.deviceGone(path: "/dev/ttyUSB0")))
    await store.receive(
      \.output, .warning(LocationError.deviceGone(path: "/dev/ttyUSB0").description))
    let ended = LocationError.trackEnded(name: "track replay", fixes: 1)
    location.emit(.didFailWithError(ended))
    await store.receive(\.locationManager, .didFailWithError(ended))
    await store.receive(\.output, .finished(fixes: 1))
    await store.send(.onDisappear)
    await store.finish()
  }
}
