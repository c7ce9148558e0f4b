import Bearing
import BearingLocation
import BearingPersonalData
import BearingSQLite
import BearingTesting
import CoffeeFinder
import Foundation
import Testing

@MainActor
@Suite struct CoffeeFinderAppTests {
  static let ekbergRegion = Region(
    identifier: "osm:node/1", center: Fixtures.ekberg.coordinate, radius: 100)

  @Test func favouritesBecomeRegionsAndEnteringOneShowsAnAlert() async throws {
    let database = DatabaseClient.live(try LocalDatabase.inMemory())
    let favorite = FavoriteRegions.favorite(for: Fixtures.ekberg, addedAt: Fixtures.epoch)
    try await database.saveFavorite(favorite)
    try await database.saveMonitoredRegion(MonitoredRegion(region: Self.ekbergRegion))
    let location = TestLocationManager()
    let store = TestStore(
      initialState: CoffeeFinderApp.State(
        locationOrigin: .wander, dataOrigin: .offline(Fixtures.coverage))
    ) {
      CoffeeFinderApp()
    } withDependencies: {
      $0.database = database
      $0.locationManager = location.client
    }
    store.exhaustivity = .off
    await store.send(.onAppear)
    await store.receive(\.favoriteRegions.loaded) {
      $0.favoriteRegions.favorites = [favorite]
      $0.favoriteRegions.regionStates = ["osm:node/1": .unknown]
    }
    // Wait for the monitoring effect (10 s: only a failing test waits that long), then walk in.
    let monitoring = ContinuousClock.now + .seconds(10)
    while !location.calls.value.contains("startMonitoring osm:node/1"),
      ContinuousClock.now < monitoring
    {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(location.calls.value.contains("startMonitoring osm:node/1"))

    location.emit(.didEnterRegion(Self.ekbergRegion))
    await store.receive(\.nearby.locationManager.didEnterRegion) {
      $0.favoriteRegions.regionStates["osm:node/1"] = .inside
    }
    await store.receive(\.favoriteRegions.delegate.entered) {
      $0.regionAlert = .init(regionID: "osm:node/1", message: "You are near Café Ekberg")
    }
    location.emit(.didExitRegion(Self.ekbergRegion))
    await store.receive(\.nearby.locationManager.didExitRegion) {
      $0.favoriteRegions.regionStates["osm:node/1"] = .outside
    }
    await store.receive(\.favoriteRegions.delegate.exited) { $0.regionAlert = nil }
    await store.send(.onDisappear)
    await store.skipInFlightEffects(strict: false)
    // The state was remembered, so a restart does not announce an entry again.
    let remembered = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < remembered {
      if try await database.monitoredRegions().first?.state == .outside { break }
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(try await database.monitoredRegions().first?.state == .outside)
  }

  @Test func openingTheSelectedPlaceShowsItsDetailAndEscCloses() async throws {
    let database = DatabaseClient.live(try LocalDatabase.inMemory())
    let store = TestStore(
      initialState: CoffeeFinderApp.State(
        nearby: Nearby.State(phase: .loaded, places: [Fixtures.ekberg, Fixtures.regatta]),
        locationOrigin: .manual(Fixtures.station), dataOrigin: .offline(Fixtures.coverage))
    ) {
      CoffeeFinderApp()
    } withDependencies: {
      $0.database = database
    }
    await store.send(.selectionMoved(1)) {
      $0.selection = 1
      $0.selectedPlaceID = Fixtures.regatta.id
    }
    await store.send(.selectionMoved(5))
    await store.send(.selectionMoved(-3)) {
      $0.selection = 0
      $0.selectedPlaceID = Fixtures.ekberg.id
    }
    await store.send(.openSelectedTapped) {
      $0.detail = PlaceDetail.State(place: Fixtures.ekberg)
    }
    await store.receive(.detail(.onAppear))
    await store.receive(.detail(.loaded(isFavorite: false, notes: []))) {
      $0.detail?.isLoaded = true
    }
    await store.send(.noteDraftStarted) { $0.noteDraft = "" }
    await store.send(.noteDraftCancelled) { $0.noteDraft = nil }
    await store.send(.closeDetailTapped) { $0.detail = nil }
  }

  /// `--limit 1`: the café the cursor is on stays in the list, below the nearest, when a move
  /// has pushed it past the limit (the route on the map stays on it too); with no cursor, or
  /// with `o` and the café closed, the list is the limit's.
  @Test func theChosenCaféStaysListedWhenItFallsPastTheLimit() {
    var ekberg = Fixtures.ekberg
    ekberg.openingHours = "Mo-Su 08:00-23:00"
    var regatta = Fixtures.regatta
    regatta.openingHours = "Mo-Fr 08:00-20:00"
    var state = CoffeeFinderApp.State(
      nearby: Nearby.State(phase: .loaded, places: [ekberg, regatta]),
      selection: 1, selectedPlaceID: regatta.id, locationOrigin: .manual(Fixtures.station),
      dataOrigin: .offline(Fixtures.coverage),
      hours: HoursClock(timeZone: PlaceHoursTests.helsinki),
      listLimit: 1)
    #expect(state.visiblePlaces.map(\.id) == [ekberg.id, regatta.id])
    state.selectedPlaceID = ekberg.id
    #expect(state.visiblePlaces.map(\.id) == [ekberg.id])
    state.selectedPlaceID = nil
    #expect(state.visiblePlaces.map(\.id) == [ekberg.id])
    state.selectedPlaceID = regatta.id
    state.openNowOnly = true
    state.hoursReadAt = PlaceHoursTests.at(30, 21)
    #expect(state.visiblePlaces.map(\.id) == [ekberg.id], "Regatta is closed at 21:00")
  }

  /// `o` on Monday at 21:00 in Helsinki: Café Ekberg (weekdays to 20:00) leaves the list,
  /// Café Regatta (open late) stays, and the cursor stays on Regatta; Enter opens Regatta.
  @Test func openNowOnlyFiltersTheListAndTheCursorFollowsItsPlace() async throws {
    var ekberg = Fixtures.ekberg
    ekberg.openingHours = "Mo-Fr 08:00-20:00"
    var regatta = Fixtures.regatta
    regatta.openingHours = "Mo-Su 08:00-23:00"
    let monday = PlaceHoursTests.at(30, 21)
    let database = DatabaseClient.live(try LocalDatabase.inMemory())
    let store = TestStore(
      initialState: CoffeeFinderApp.State(
        nearby: Nearby.State(phase: .loaded, places: [ekberg, regatta]),
        selection: 1, selectedPlaceID: regatta.id,
        locationOrigin: .manual(Fixtures.station), dataOrigin: .offline(Fixtures.coverage),
        hours: HoursClock(timeZone: PlaceHoursTests.helsinki))
    ) {
      CoffeeFinderApp()
    } withDependencies: {
      $0.date.now = monday
      $0.database = database
    }
    await store.send(.openNowToggled) {
      $0.openNowOnly = true
      $0.hoursReadAt = monday
      $0.selection = 0
    }
    #expect(store.state.visiblePlaces.map(\.id) == [regatta.id])
    #expect(store.state.leftOut == OpenNowFilter.LeftOut(closed: 1, unknown: 0))
    await store.send(.selectionMoved(1))
    await store.send(.openSelectedTapped) {
      $0.detail = PlaceDetail.State(place: regatta)
    }
    await store.receive(.detail(.onAppear))
    await store.receive(.detail(.loaded(isFavorite: false, notes: []))) {
      $0.detail?.isLoaded = true
    }
    await store.send(.closeDetailTapped) { $0.detail = nil }
    await store.send(.openNowToggled) {
      $0.openNowOnly = false
      $0.selection = 1
    }
  }
}
