import Bearing
import BearingLocation
import BearingPlaces
import BearingTesting
import CoffeeFinder
import Foundation
import Testing

/// The full-screen UI where walks are measured: each row keeps its direction beside the walk,
/// the detail shows the walk and its streets, the end of a replay is said, and a list the
/// limit cuts says how many there are.
@Suite struct ScreenWalkTests {
  func walking(_ places: [Place] = [Fixtures.ekberg, Fixtures.regatta]) -> CoffeeFinderApp.State {
    var app = CoffeeFinderApp.State(
      nearby: Nearby.State(phase: .loaded, location: Fixtures.here, places: places),
      locationOrigin: .manual(Fixtures.station), dataOrigin: .offline(Fixtures.coverage))
    app.nearby.walks = Walks(
      from: Fixtures.here.coordinate,
      lengths: [Fixtures.ekberg.id: 178, Fixtures.regatta.id: 1_650])
    return app
  }

  @Test func walkRowsKeepTheirDirection() {
    let lines = Screen.render(walking(), width: 60, height: 10)
    #expect(
      lines[4] == ">  Café Ekberg                         178 m walk · 2 min  S", "\(lines)")
    #expect(
      lines[5] == "   Café Regatta                      1.6 km walk · 21 min NW", "\(lines)")
  }

  @Test func theDetailShowsTheWalkAndItsStreets() {
    var app = walking()
    app.selectedPlaceID = Fixtures.ekberg.id
    app.routeStreetNames = ["Bulevardi", "Annankatu"]
    app.detail = PlaceDetail.State(place: Fixtures.ekberg, isLoaded: true)
    let lines = Screen.render(app, width: 60, height: 14)
    #expect(lines.contains("Café · 875 m S · 178 m walk · 2 min"), "\(lines)")
    #expect(lines.contains("Along: Bulevardi, Annankatu"), "\(lines)")
    // Another place's detail: its walk, and no streets of the selected one's.
    app.detail = PlaceDetail.State(place: Fixtures.regatta, isLoaded: true)
    let other = Screen.render(app, width: 60, height: 14)
    #expect(other.contains { $0.hasSuffix("· 1.6 km walk · 21 min") }, "\(other)")
    #expect(!other.contains { $0.hasPrefix("Along:") }, "\(other)")
  }

  @Test func theDetailSaysAWalkStraightThereIsDirect() {
    var app = walking()
    app.selectedPlaceID = Fixtures.ekberg.id
    app.routeIsDirect = true
    app.detail = PlaceDetail.State(place: Fixtures.ekberg, isLoaded: true)
    let lines = Screen.render(app, width: 80, height: 14)
    #expect(
      lines.contains("Direct: straight there, nearer than either end is to a street"), "\(lines)")
    #expect(!lines.contains { $0.hasPrefix("Along:") }, "\(lines)")
  }

  @Test func theEndOfAReplayIsSaid() {
    var app = walking()
    app.locationOrigin = .replay(file: "walk.nmea")
    var moving = Fixtures.here
    moving.course = 270
    moving.speed = 1.4
    app.nearby.location = moving
    let walking = Screen.render(app, width: 80, height: 10)
    #expect(walking[1].hasSuffix(", heading W"), "\(walking)")
    app.nearby.locationEnded = true
    let ended = Screen.render(app, width: 80, height: 10)
    #expect(ended[1].hasSuffix(", replay ended"), "\(ended)")
    #expect(!ended[1].contains("heading"), "\(ended)")
    #expect(ended[8].hasPrefix("Location: replay of walk.nmea (ended) |"), "\(ended)")
    // The rows' directions are compass points, as for someone standing.
    #expect(ended[4].hasSuffix(" S"), "\(ended)")
  }

  @Test func aListTheLimitCutsSaysHowManyThereAre() {
    var extra = Fixtures.regatta
    extra.id = "osm:node/3"
    extra.name = "Café Kolmas"
    var app = walking([Fixtures.ekberg, Fixtures.regatta, extra])
    app.listLimit = 2
    let cut = Screen.render(app, width: 60, height: 10)
    #expect(cut[3] == "2 nearest of 3 within 1.0 km, by walk", "\(cut)")
    // The search stopped at its limit: there may be more.
    app.nearby.limit = 3
    #expect(Screen.render(app, width: 60, height: 10)[3].hasPrefix("2 nearest of 3+ within"))
    app.listLimit = 3
    #expect(Screen.render(app, width: 60, height: 10)[3] == "3 within 1.0 km, by walk")
    // The cursor's café, fallen past the limit, stays listed below the nearest.
    app.listLimit = 1
    app.selectedPlaceID = extra.id
    app.selection = 1
    let chosen = Screen.render(app, width: 60, height: 10)
    #expect(chosen[3] == "1 nearest of 3+ within 1.0 km, by walk, and your choice", "\(chosen)")
    #expect(chosen[5].hasPrefix(">") && chosen[5].contains("Café Kolmas"), "\(chosen)")
  }
}

/// The nearby list hears that its replay ended, and that fixes came again (a source
/// restarted).
@MainActor
@Suite struct LocationEndedTests {
  @Test func theEndOfTheTrackIsKeptUntilTheNextFix() async {
    let store = TestStore(
      initialState: Nearby.State(
        phase: .loaded, location: Fixtures.here, searchCenter: Fixtures.station,
        places: [Fixtures.ekberg])
    ) {
      Nearby()
    } withDependencies: {
      $0.date = .constant(Fixtures.epoch)
      $0.places.search = { _ in [Fixtures.ekberg] }
    }
    await store.send(.locationManager(.didFailWithError(.trackEnded(name: "walk", fixes: 9)))) {
      $0.locationEnded = true
    }
    store.exhaustivity = .off
    await store.send(.locationManager(.didUpdateLocations([Fixtures.nudged]))) {
      $0.locationEnded = false
    }
  }

  /// A list with walks measured at `from`, the latest fix at `location`; walks measured from
  /// `nudged` are 150 m, from anywhere else 999 m.
  static func measuring(
    from: Coordinate, location: Location, phase: Nearby.Phase = .loaded
  ) -> TestStoreOf<Nearby> {
    var state = Nearby.State(
      phase: phase, location: location, searchCenter: Fixtures.station,
      places: [Fixtures.ekberg])
    state.measuresWalks = true
    state.walks = Walks(from: from, lengths: [Fixtures.ekberg.id: 178])
    let at = location.coordinate
    return TestStore(initialState: state) {
      Nearby()
    } withDependencies: {
      $0.date = .constant(Fixtures.epoch)
      $0.walking.walks = { start, targets in targets.map { _ in start == at ? 150 : 999 } }
    }
  }

  @Test func theWalksAreMeasuredAtTheFinalFixWhenAReplayEnds() async {
    let store = Self.measuring(from: Fixtures.station, location: Fixtures.nudged)
    await store.send(.locationManager(.didFailWithError(.trackEnded(name: "walk", fixes: 9)))) {
      $0.locationEnded = true
      $0.walks?.from = Fixtures.nudged.coordinate
    }
    await store.receive(\.walksMeasured) {
      $0.walks = Walks(from: Fixtures.nudged.coordinate, lengths: [Fixtures.ekberg.id: 150])
    }
  }

  @Test func aFixAFewMetresOnMeasuresTheWalksThere() async {
    let store = Self.measuring(from: Fixtures.station, location: Fixtures.here)
    store.exhaustivity = .off
    var step = Fixtures.here
    step.coordinate = Coordinate(latitude: 60.17103, longitude: 24.9414)  // 3 m north
    await store.send(.locationManager(.didUpdateLocations([step]))) {
      $0.walks?.from = step.coordinate
    }
    await store.receive(\.walksMeasured)
    #expect(store.state.walks?.from == step.coordinate)
    #expect(store.state.walks?.lengths[Fixtures.ekberg.id] == 999)
  }

  @Test func aSearchsWalksAreMeasuredAgainAtTheLatestFix() async {
    let store = Self.measuring(
      from: Fixtures.station, location: Fixtures.nudged, phase: .searching)
    store.exhaustivity = .off
    await store.send(.searchFinished([Fixtures.ekberg])) {
      $0.phase = .loaded
      $0.walks?.from = Fixtures.nudged.coordinate
    }
    await store.receive(\.walksMeasured)
    #expect(store.state.walks?.lengths[Fixtures.ekberg.id] == 150)
  }

  @Test func anEndBeforeAnyFixIsStillAFailure() async {
    let store = TestStore(initialState: Nearby.State(phase: .locating)) { Nearby() }
    let ended = LocationError.trackEnded(name: "walk", fixes: 0)
    await store.send(.locationManager(.didFailWithError(ended))) {
      $0.phase = .failed(ended.description)
    }
  }

  @Test func theSelectedPlacesWalkKeepsItsStreetsForTheDetail() async {
    let store = TestStore(
      initialState: CoffeeFinderApp.State(
        selectedPlaceID: Fixtures.ekberg.id, locationOrigin: .manual(Fixtures.station),
        dataOrigin: .offline(Fixtures.coverage))
    ) {
      CoffeeFinderApp()
    }
    let points = [Fixtures.station, Fixtures.ekberg.coordinate]
    await store.send(.routeFound(id: Fixtures.ekberg.id, points, streets: ["Bulevardi"])) {
      $0.route = points
      $0.routeStreetNames = ["Bulevardi"]
    }
    // A walk found for a place no longer selected is dropped.
    await store.send(.routeFound(id: Fixtures.regatta.id, points, streets: ["Mannerheimintie"]))
  }
}
