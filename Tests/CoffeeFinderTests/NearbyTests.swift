import Bearing
import BearingLocation
import BearingPlaces
import BearingTesting
import CoffeeFinder
import ConcurrencyExtras
import Testing

@Suite struct NearbyTests {
  @Test func authorizesLocatesSearchesAndListsNearestFirst() async {
    let location = TestLocationManager(fixOnStart: Fixtures.here)
    let queries = LockIsolated<[PlaceQuery]>([])
    let store = TestStore(initialState: Nearby.State(radius: 800, limit: 5)) {
      Nearby()
    } withDependencies: {
      $0.locationManager = location.client
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
      $0.searchCenter = Fixtures.station
      $0.phase = .searching
    }
    await store.receive(.searchFinished([Fixtures.ekberg, Fixtures.regatta])) {
      $0.places = [Fixtures.ekberg, Fixtures.regatta]
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
    }
    await store.send(.onAppear) { $0.phase = .authorizing }
    await store.receive(\.locationManager.didChangeAuthorization, .denied) {
      $0.phase = .denied(Nearby.deniedMessage)
    }
    #expect(Nearby.deniedMessage.contains("gpsd"))
    // Refreshing while denied neither searches nor asks for a fix.
    await store.send(.refreshTapped)
    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func searchFailureAndEmptyResultsAreStates() async {
    let location = TestLocationManager(fixOnStart: Fixtures.here)
    let fail = LockIsolated(true)
    let store = TestStore(initialState: Nearby.State(followsUpdates: false)) {
      Nearby()
    } withDependencies: {
      $0.locationManager = location.client
      $0.places.search = { _ in
        if fail.value { throw PlacesError.serviceUnavailable("HTTP 503") }
        return []
      }
    }
    await store.send(.onAppear) { $0.phase = .authorizing }
    await store.receive(\.locationManager.didChangeAuthorization) { $0.phase = .locating }
    await store.receive(\.locationManager.didUpdateLocations) {
      $0.location = Fixtures.here
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
        phase: .loaded, location: Fixtures.here, searchCenter: Fixtures.station)
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

  @Test func searchesAgainOnlyAfterMovingFarEnoughDebounced() async {
    let location = TestLocationManager(fixOnStart: Fixtures.here)
    let clock = TestClock()
    let centers = LockIsolated<[Coordinate]>([])
    let store = TestStore(initialState: Nearby.State()) {
      Nearby()
    } withDependencies: {
      $0.locationManager = location.client
      $0.continuousClock = clock
      $0.places.search = { query in
        centers.withValue { $0.append(query.center) }
        return [Fixtures.ekberg]
      }
    }
    await store.send(.onAppear) { $0.phase = .authorizing }
    await store.receive(\.locationManager.didChangeAuthorization) { $0.phase = .locating }
    await store.receive(\.locationManager.didUpdateLocations) {
      $0.location = Fixtures.here
      $0.searchCenter = Fixtures.station
      $0.phase = .searching
    }
    await store.receive(\.searchFinished) {
      $0.places = [Fixtures.ekberg]
      $0.phase = .loaded
    }

    // 30 m: not far enough to search again.
    location.emit(.didUpdateLocations([Fixtures.nudged]))
    await store.receive(\.locationManager.didUpdateLocations) { $0.location = Fixtures.nudged }

    // 300 m: searches again, but only after the debounce time on the injected clock.
    location.emit(.didUpdateLocations([Fixtures.moved]))
    await store.receive(\.locationManager.didUpdateLocations) { $0.location = Fixtures.moved }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    #expect(centers.value.count == 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.researchDue(Fixtures.moved.coordinate)) {
      $0.searchCenter = Fixtures.moved.coordinate
      $0.phase = .searching
    }
    await store.receive(\.searchFinished) { $0.phase = .loaded }
    #expect(centers.value == [Fixtures.station, Fixtures.moved.coordinate])

    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func disappearingCancelsAPendingSearch() async {
    let location = TestLocationManager(fixOnStart: Fixtures.here)
    let store = TestStore(initialState: Nearby.State()) {
      Nearby()
    } withDependencies: {
      $0.locationManager = location.client
      $0.places.search = { _ in
        try await Task.sleep(for: .seconds(60))
        return [Fixtures.ekberg]
      }
    }
    await store.send(.onAppear) { $0.phase = .authorizing }
    await store.receive(\.locationManager.didChangeAuthorization) { $0.phase = .locating }
    await store.receive(\.locationManager.didUpdateLocations) {
      $0.location = Fixtures.here
      $0.searchCenter = Fixtures.station
      $0.phase = .searching
    }
    // Without the cancellation, finish() would time out on the sleeping search and the
    // endless delegate stream.
    await store.send(.onDisappear)
    await store.finish()
  }
}
