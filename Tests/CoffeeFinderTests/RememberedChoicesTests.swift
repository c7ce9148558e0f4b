import Bearing
import BearingLocation
import BearingPlaces
import BearingTesting
import CoffeeFinder
import CoffeeFinderSettings
import ConcurrencyExtras
import Foundation
import Testing

/// What the nearby feature remembers across runs, asserted as shared state: in tests app
/// storage and file storage are in memory (`defaultAppStorage`, `defaultFileStorage`), so no
/// test reads or writes the user's files. On the main actor, as TCA's tests are: a received
/// action is reduced only when the test awaits it, so a shared change is asserted at its action.
@MainActor
@Suite struct RememberedChoicesTests {
  @Test func aChosenRadiusIsRememberedAndAnInvalidOneIsNot() async {
    let store = TestStore(initialState: Nearby.State(followsUpdates: false)) {
      Nearby()
    }
    await store.send(.radiusChanged(800)) {
      $0.radius = 800
      $0.$lastSearchRadius.withLock { $0 = 800 }
    }
    // A radius no search accepts is used (and refused by the search) but not remembered.
    await store.send(.radiusChanged(0)) { $0.radius = 0 }
    await store.send(.radiusChanged(200_000)) { $0.radius = 200_000 }
    #expect(store.state.lastSearchRadius == 800)
  }

  @Test func chosenUnitsAndProviderAreRemembered() async {
    let store = TestStore(initialState: Nearby.State(followsUpdates: false)) {
      Nearby()
    }
    await store.send(.unitsChosen(.imperial)) {
      $0.$chosenUnits.withLock { $0 = .imperial }
    }
    await store.send(.providerChosen(.offline)) {
      $0.$chosenProvider.withLock { $0 = .offline }
    }
    await store.send(.unitsChosen(.metric)) {
      $0.$chosenUnits.withLock { $0 = .metric }
    }
  }

  @Test func aLiveFixIsRememberedWithTheTimeItArrivedAndItsSource() async {
    let store = TestStore(
      initialState: Nearby.State(
        radius: 800, followsUpdates: false, phase: .locating,
        remembersPositionAs: "gpsd 127.0.0.1:2947")
    ) {
      Nearby()
    } withDependencies: {
      $0.date = .constant(Fixtures.epoch)
      $0.places.search = { _ in [Fixtures.regatta] }
    }
    await store.send(.locationManager(.didUpdateLocations([Fixtures.here]))) {
      $0.location = Fixtures.here
      $0.locationReceivedAt = Fixtures.epoch
      $0.searchCenter = Fixtures.station
      $0.phase = .searching
      // The app's time of arrival, not the receiver's: a receiver's clock can be anything.
      $0.$lastPosition.withLock {
        $0 = LastPosition(
          coordinate: Fixtures.station, horizontalAccuracy: Fixtures.here.horizontalAccuracy,
          receivedAt: Fixtures.epoch, source: "gpsd 127.0.0.1:2947")
      }
    }
    await store.receive(\.searchFinished) {
      $0.places = Nearby.nearestFirst([Fixtures.regatta], from: Fixtures.station)
      $0.phase = .loaded
    }
  }

  @Test func aFixOfASimulationIsNotRemembered() async {
    let store = TestStore(
      initialState: Nearby.State(radius: 800, followsUpdates: false, phase: .locating)
    ) {
      Nearby()
    } withDependencies: {
      $0.date = .constant(Fixtures.epoch)
      $0.places.search = { _ in [] }
    }
    await store.send(.locationManager(.didUpdateLocations([Fixtures.here]))) {
      $0.location = Fixtures.here
      $0.locationReceivedAt = Fixtures.epoch
      $0.searchCenter = Fixtures.station
      $0.phase = .searching
    }
    await store.receive(\.searchFinished) { $0.phase = .loaded }
    #expect(store.state.lastPosition == nil)
  }

  @Test func aLastPositionIsUsableForADayAndNeverFromTheFuture() {
    let last = LastPosition(
      coordinate: Fixtures.station, horizontalAccuracy: 5, receivedAt: Fixtures.epoch,
      source: "GeoClue")
    let twelveMinutes = last.usableAge(at: Fixtures.epoch.addingTimeInterval(12 * 60))
    #expect(twelveMinutes.map { abs($0 - 12 * 60) < 0.001 } == true)
    let aDay = last.usableAge(at: Fixtures.epoch.addingTimeInterval(24 * 3600 - 0.01))
    #expect(aDay.map { abs($0 - 24 * 3600) < 0.1 } == true)
    #expect(last.usableAge(at: Fixtures.epoch.addingTimeInterval(24 * 3600 + 1)) == nil)
    #expect(last.usableAge(at: Fixtures.epoch.addingTimeInterval(-3600)) == nil)
    var nonsense = last
    nonsense.latitude = 123
    #expect(nonsense.usableAge(at: Fixtures.epoch) == nil)
  }

  @Test func aLastKnownPositionSaysHowOldItIs() {
    let origin = LocationOrigin.lastKnown(
      Fixtures.station, age: 12 * 60, source: "gpsd \u{1B}[31mhost:2947")
    #expect(origin.description == "last known, 12 min ago")
    #expect(
      LocationOrigin.lastKnown(Fixtures.station, age: 0, source: "--at").description
        == "last known, 1 s ago")
    #expect(origin.kind == "last-known")
    #expect(origin.rememberedAs == nil)
    #expect(LocationOrigin.manual(Fixtures.station).rememberedAs == "--at")
    #expect(LocationOrigin.simulated(Fixtures.station).rememberedAs == nil)
  }
}
