import Bearing
import BearingLocation
import BearingPlaces
import BearingTesting
import CoffeeFinder
import ConcurrencyExtras
import Testing

@MainActor
@Suite struct NearbyTests {
  @Test func authorizesLocatesSearchesAndListsNearestFirst() async {
    let location = TestLocationManager(fixOnStart: Fixtures.here)
    let queries = LockIsolated<[PlaceQuery]>([])
    let store = TestStore(initialState: Nearby.State(radius: 800, limit: 5)) {
      Nearby()
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.locationManager = location.client
      $0.date = .constant(Fixtures.epoch)
      $0.places.search = { query in
        queries.withValue { $0.append(query) }
        return [Fixtures.ekberg, Fixtures.regatta]
      }
    }
    await store.send(.onAppear) { $0.phase = .authorizing }
    await store.receive(\.locationManager.didChangeAuthorization, .authorizedWhenInUse) {
      $0.phase = .locating
    }
    await store.receive(\.locationManager.didUpdateLocations, [Fixtures.here]) {
      $0.location = Fixtures.here
      $0.locationReceivedAt = Fixtures.epoch
      $0.searchCenter = Fixtures.station
      $0.phase = .searching
      $0.isResearchThrottled = true
    }
    await store.receive(.searchFinished([Fixtures.ekberg, Fixtures.regatta])) {
      $0.places = Nearby.nearestFirst([Fixtures.ekberg, Fixtures.regatta], from: Fixtures.station)
      $0.phase = .loaded
    }
    #expect(queries.value.map(\.center) == [Fixtures.station])
    #expect(queries.value.map(\.radius) == [800])
    #expect(queries.value.map(\.limit) == [5])
    #expect(queries.value.first?.categories == [.coffeeShop, .cafe])

    await store.send(.onDisappear)
    await store.finish()
    #expect(
      location.calls.value
        == ["requestWhenInUseAuthorization", "startUpdatingLocation", "stopUpdatingLocation"])
  }

  @Test func deniedAuthorizationSaysWhatToDo() async {
    let location = TestLocationManager(authorization: .denied)
    let store = TestStore(initialState: Nearby.State()) {
      Nearby()
    } withDependencies: {
      $0.locationManager = location.client
      $0.date = .constant(Fixtures.epoch)
    }
    await store.send(.onAppear) { $0.phase = .authorizing }
    await store.receive(\.locationManager.didChangeAuthorization, .denied)
    // The fix asked for on denial fails with the reason; a plain denial keeps the message that
    // names the app's options.
    await store.receive(\.locationManager.didFailWithError, .denied) {
      $0.phase = .denied(UserMessage.locationAccessOff)
    }
    #expect(UserMessage.locationAccessOff.contains("gpsd"))
    // Refreshing while denied neither searches nor asks for a fix.
    await store.send(.refreshTapped)
    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func deniedByGeoClueSaysWhatToAllow() async {
    let location = TestLocationManager(authorization: .denied)
    let store = TestStore(initialState: Nearby.State()) {
      Nearby()
    } withDependencies: {
      $0.locationManager = location.client
      $0.date = .constant(Fixtures.epoch)
    }
    await store.send(.onAppear) { $0.phase = .authorizing }
    await store.receive(\.locationManager.didChangeAuthorization, .denied)
    await store.receive(\.locationManager.didFailWithError, .denied) {
      $0.phase = .denied(UserMessage.locationAccessOff)
    }
    // A later reason replaces the message: GeoClue's is shown, and gpsd's names the address
    // and the cause.
    let gpsd = LocationError.servicesUnavailable(endpoint: "127.0.0.1:2947", reason: "refused")
    location.emit(.didFailWithError(gpsd))
    await store.receive(\.locationManager.didFailWithError, gpsd) {
      $0.phase = .denied(UserMessage.locationAccessOff(because: gpsd))
    }
    #expect(
      UserMessage.locationAccessOff(because: gpsd).contains("gpsd at 127.0.0.1:2947 (refused)"))
    let refused = LocationError.geoClueDenied(
      desktopID: "coffee-finder", reason: "'coffee-finder' disallowed by configuration")
    location.emit(.didFailWithError(refused))
    await store.receive(\.locationManager.didFailWithError, refused) {
      $0.phase = .denied(refused.description)
    }
    #expect(refused.description.contains("[coffee-finder]"))
    await store.send(.onDisappear)
    await store.finish()
    #expect(
      location.calls.value == [
        "requestWhenInUseAuthorization", "requestLocation", "stopUpdatingLocation",
      ])
  }

  @Test func searchFailureAndEmptyResultsAreStates() async {
    let location = TestLocationManager(fixOnStart: Fixtures.here)
    let fail = LockIsolated(true)
    let store = TestStore(initialState: Nearby.State(followsUpdates: false)) {
      Nearby()
    } withDependencies: {
      $0.locationManager = location.client
      $0.date = .constant(Fixtures.epoch)
      $0.places.search = { _ in
        if fail.value { throw PlacesError.serviceUnavailable("HTTP 503") }
        return []
      }
    }
    await store.send(.onAppear) { $0.phase = .authorizing }
    await store.receive(\.locationManager.didChangeAuthorization) { $0.phase = .locating }
    await store.receive(\.locationManager.didUpdateLocations) {
      $0.location = Fixtures.here
      $0.locationReceivedAt = Fixtures.epoch
      $0.searchCenter = Fixtures.station
      $0.phase = .searching
    }
    let message = PlacesError.serviceUnavailable("HTTP 503").description
    await store.receive(.searchFailed(message)) { $0.phase = .failed(message) }

    fail.setValue(false)
    await store.send(.refreshTapped) { $0.phase = .searching }
    await store.receive(.searchFinished([])) { $0.phase = .loaded }
    #expect(store.state.places.isEmpty)
    await store.send(.onDisappear)
    await store.finish()
    #expect(location.calls.value == ["requestWhenInUseAuthorization", "requestLocation"])
  }

  @Test func invalidRadiusIsAnErrorStateNotACrash() async {
    let store = TestStore(
      initialState: Nearby.State(
        followsUpdates: false, phase: .loaded, location: Fixtures.here,
        searchCenter: Fixtures.station)
    ) {
      Nearby()
    } withDependencies: {
      $0.places.search = { _ in
        Issue.record("an invalid query must not be searched"); return []
      }
    }
    await store.send(.radiusChanged(0)) {
      $0.radius = 0
      $0.phase = .searching
    }
    await store.receive(\.searchFailed) {
      $0.phase = .failed("Invalid search: the radius must be more than 0 m, not 0.0 m.")
    }
  }

  @Test func everyFixMeasuresTheListAgainAndMovingFarSearchesAtMostOncePerInterval() async {
    let location = TestLocationManager(fixOnStart: Fixtures.here)
    let clock = TestClock()
    let centers = LockIsolated<[Coordinate]>([])
    let store = TestStore(initialState: Nearby.State()) {
      Nearby()
    } withDependencies: {
      $0.locationManager = location.client
      $0.date = .constant(Fixtures.epoch)
      $0.continuousClock = clock
      $0.places.search = { query in
        centers.withValue { $0.append(query.center) }
        return [Fixtures.regatta, Fixtures.ekberg]
      }
    }
    await store.send(.onAppear) { $0.phase = .authorizing }
    await store.receive(\.locationManager.didChangeAuthorization) { $0.phase = .locating }
    await store.receive(\.locationManager.didUpdateLocations) {
      $0.location = Fixtures.here
      $0.locationReceivedAt = Fixtures.epoch
      $0.searchCenter = Fixtures.station
      $0.phase = .searching
      $0.isResearchThrottled = true
    }
    await store.receive(\.searchFinished) {
      $0.places = Nearby.nearestFirst([Fixtures.regatta, Fixtures.ekberg], from: Fixtures.station)
      $0.phase = .loaded
    }
    // Ekberg is 870 m south of the station, Regatta 1.8 km north-west: nearest first.
    #expect(store.state.places.map(\.name) == ["Café Ekberg", "Café Regatta"])
    #expect(abs((store.state.places[0].distance ?? 0) - 870) < 10)

    // 30 m on: the distances follow at once; no new search.
    location.emit(.didUpdateLocations([Fixtures.nudged]))
    await store.receive(\.locationManager.didUpdateLocations) {
      $0.location = Fixtures.nudged
      $0.places = Nearby.nearestFirst($0.places, from: Fixtures.nudged.coordinate)
    }
    #expect(abs((store.state.places[0].distance ?? 0) - 903) < 10)

    // 300 m on, within the interval of the first search: distances follow, no search yet.
    location.emit(.didUpdateLocations([Fixtures.moved]))
    await store.receive(\.locationManager.didUpdateLocations) {
      $0.location = Fixtures.moved
      $0.places = Nearby.nearestFirst($0.places, from: Fixtures.moved.coordinate)
    }
    #expect(abs((store.state.places[0].distance ?? 0) - 570) < 10)
    #expect(centers.value == [Fixtures.station])

    // Once the interval has passed, the search runs around where the user is.
    await clock.advance(by: Nearby.researchInterval)
    await store.receive(\.researchThrottleElapsed) {
      $0.searchCenter = Fixtures.moved.coordinate
      $0.phase = .searching
    }
    await store.receive(\.searchFinished) { $0.phase = .loaded }
    #expect(centers.value == [Fixtures.station, Fixtures.moved.coordinate])

    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func aFixNeverCancelsARunningSearch() async {
    let location = TestLocationManager(fixOnStart: Fixtures.here)
    let clock = TestClock()
    let searches = LockIsolated(0)
    let store = TestStore(initialState: Nearby.State()) {
      Nearby()
    } withDependencies: {
      $0.locationManager = location.client
      $0.date = .constant(Fixtures.epoch)
      $0.continuousClock = clock
      $0.places.search = { _ in
        searches.withValue { $0 += 1 }
        // A slow server: the answer takes longer than the throttle and several fixes.
        try await clock.sleep(for: .seconds(12))
        return [Fixtures.ekberg]
      }
    }
    store.exhaustivity = .off
    await store.send(.onAppear)
    await store.receive(\.locationManager.didUpdateLocations)
    // A fix a second for ten seconds, each far from the search centre, while the search runs.
    for second in 1...10 {
      var fix = Fixtures.moved
      fix.coordinate = Fixtures.moved.coordinate.destination(
        bearing: 180, distance: Double(second) * 20)
      location.emit(.didUpdateLocations([fix]))
      await store.receive(\.locationManager.didUpdateLocations)
      await clock.advance(by: .seconds(1))
    }
    #expect(searches.value == 1)
    await clock.advance(by: .seconds(2))
    await store.receive(\.searchFinished)
    // Then the search it was waiting for: around where the user is now.
    #expect(store.state.phase == .searching)
    #expect(searches.value == 2)
    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func disappearingCancelsAPendingSearch() async {
    let location = TestLocationManager(fixOnStart: Fixtures.here)
    let store = TestStore(initialState: Nearby.State()) {
      Nearby()
    } withDependencies: {
      $0.locationManager = location.client
      $0.date = .constant(Fixtures.epoch)
      $0.continuousClock = TestClock()
      $0.places.search = { _ in
        try await Task.sleep(for: .seconds(60))
        return [Fixtures.ekberg]
      }
    }
    await store.send(.onAppear) { $0.phase = .authorizing }
    await store.receive(\.locationManager.didChangeAuthorization) { $0.phase = .locating }
    await store.receive(\.locationManager.didUpdateLocations) {
      $0.location = Fixtures.here
      $0.locationReceivedAt = Fixtures.epoch
      $0.searchCenter = Fixtures.station
      $0.phase = .searching
      $0.isResearchThrottled = true
    }
    // Without the cancellation, finish() would time out on the sleeping search, the throttle
    // and the endless delegate stream.
    await store.send(.onDisappear)
    await store.finish()
  }
}
