import Bearing
import BearingLocation
import CoffeeFinder
import ConcurrencyExtras

/// A location manager built from the client's test value: the test decides what it reports,
/// and every endpoint the feature calls is recorded.
final class TestLocationManager: Sendable {
  let calls = LockIsolated<[String]>([])
  let continuation = LockIsolated<AsyncStream<LocationManager.Action>.Continuation?>(nil)
  let authorization: AuthorizationStatus
  let fixOnStart: Location?

  init(authorization: AuthorizationStatus = .authorizedWhenInUse, fixOnStart: Location? = nil) {
    self.authorization = authorization
    self.fixOnStart = fixOnStart
  }

  /// Sends an event as if the location source produced it.
  func emit(_ action: LocationManager.Action) {
    continuation.value?.yield(action)
  }

  /// The client to install as `$0.locationManager`.
  var client: LocationManager {
    var client = LocationManager.testValue
    client.delegate = { [continuation] in
      let (stream, newContinuation) = AsyncStream.makeStream(of: LocationManager.Action.self)
      continuation.setValue(newContinuation)
      return stream
    }
    client.requestWhenInUseAuthorization = { [self] in
      calls.withValue { $0.append("requestWhenInUseAuthorization") }
      emit(.didChangeAuthorization(authorization))
    }
    client.startUpdatingLocation = { [self] in
      calls.withValue { $0.append("startUpdatingLocation") }
      if let fixOnStart { emit(.didUpdateLocations([fixOnStart])) }
    }
    client.requestLocation = { [self] in
      calls.withValue { $0.append("requestLocation") }
      // As the engine does: a request while not authorized fails, saying why.
      if !authorization.isAuthorized {
        emit(.didFailWithError(.denied))
      } else if let fixOnStart {
        emit(.didUpdateLocations([fixOnStart]))
      }
    }
    client.stopUpdatingLocation = { [self] in
      calls.withValue { $0.append("stopUpdatingLocation") }
    }
    client.startMonitoring = { [self] region in
      calls.withValue { $0.append("startMonitoring \(region.identifier)") }
    }
    client.stopMonitoring = { [self] region in
      calls.withValue { $0.append("stopMonitoring \(region.identifier)") }
    }
    return client
  }
}
