import Bearing
import BearingLocation
import BearingTesting
import Foundation
import Synchronization
import Testing

@MainActor
@Suite struct LocationFeatureTests {
  let here = Location(
    coordinate: Coordinate(latitude: 60.1699, longitude: 24.9384), horizontalAccuracy: 5)

  /// A delegate stream the test feeds through the endpoints, and whether it was cancelled.
  final class Delegate: Sendable {
    let stream: AsyncStream<LocationManager.Action>
    let continuation: AsyncStream<LocationManager.Action>.Continuation
    private final class Flag: Sendable {
      let value = Mutex(false)
    }
    private let ended = Flag()

    init() {
      (stream, continuation) = AsyncStream.makeStream()
      continuation.onTermination = { [ended] _ in ended.value.withLock { $0 = true } }
    }

    var isTerminated: Bool { ended.value.withLock { $0 } }
  }

  @Test func grantedRequestsALocationAndTheSubscriptionEndsOnDisappear() async {
    let delegate = Delegate()
    let store = TestStore(initialState: LocationFeature.State()) {
      LocationFeature()
    } withDependencies: { [here] in
      $0.locationManager.delegate = { delegate.stream }
      $0.locationManager.requestWhenInUseAuthorization = {
        delegate.continuation.yield(.didChangeAuthorization(.authorizedWhenInUse))
      }
      $0.locationManager.requestLocation = {
        delegate.continuation.yield(.didUpdateLocations([here]))
      }
    }
    await store.send(.onAppear)
    await store.receive(\.locationManager.didChangeAuthorization, .authorizedWhenInUse) {
      $0.isRequestingLocation = true
    }
    await store.receive(\.locationManager.didUpdateLocations, [here]) {
      $0.isRequestingLocation = false
      $0.location = here
    }
    #expect(!delegate.isTerminated)
    await store.send(.onDisappear)
    await store.finish()
    #expect(delegate.isTerminated)
  }

  @Test func deniedShowsAnAlert() async {
    let delegate = Delegate()
    let store = TestStore(initialState: LocationFeature.State()) {
      LocationFeature()
    } withDependencies: {
      $0.locationManager.delegate = { delegate.stream }
      $0.locationManager.requestWhenInUseAuthorization = {
        delegate.continuation.yield(.didChangeAuthorization(.denied))
      }
    }
    await store.send(.onAppear)
    await store.receive(\.locationManager.didChangeAuthorization, .denied) {
      $0.alert = LocationFeature.deniedAlert
    }
    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func aFailedRequestIsShownAsAnError() async {
    let delegate = Delegate()
    let store = TestStore(initialState: LocationFeature.State()) {
      LocationFeature()
    } withDependencies: {
      $0.locationManager.delegate = { delegate.stream }
      $0.locationManager.requestWhenInUseAuthorization = {
        delegate.continuation.yield(.didChangeAuthorization(.authorizedAlways))
      }
      $0.locationManager.requestLocation = {
        delegate.continuation.yield(.didFailWithError(.locationUnknown))
      }
    }
    await store.send(.onAppear)
    await store.receive(\.locationManager.didChangeAuthorization, .authorizedAlways) {
      $0.isRequestingLocation = true
    }
    await store.receive(\.locationManager.didFailWithError, .locationUnknown) {
      $0.isRequestingLocation = false
      $0.error = .locationUnknown
    }
    await store.send(.onDisappear)
    await store.finish()
  }

  /// The same feature against a simulated backend: the engine's action stream, not a mock.
  @Test func worksAgainstAReplayedTrack() async throws {
    let fixes = (0..<50).map { fix(metresNorth: Double($0), second: Double($0)) }
    let store = TestStore(initialState: LocationFeature.State()) {
      LocationFeature()
    } withDependencies: {
      $0.locationManager = .replaying(
        Track(fixes: fixes), clock: ContinuousClock(), speed: 50, repeats: true)
    }
    store.exhaustivity = .off
    await store.send(.onAppear)
    await store.receive(\.locationManager.didChangeAuthorization, .authorizedWhenInUse) {
      $0.isRequestingLocation = true
    }
    await store.receive(\.locationManager.didUpdateLocations) {
      $0.isRequestingLocation = false
    }
    #expect(store.state.location.map { fixes.contains($0) } == true)
    await store.send(.onDisappear)
    await store.finish()
  }
}
