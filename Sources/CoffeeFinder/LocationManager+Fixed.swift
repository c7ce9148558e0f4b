import Bearing
import BearingLocation

extension LocationManager {
  /// A client that is always authorized and always at `location`: the manual (`--at`) and
  /// simulated sources of the app.
  ///
  /// Every fix request and every start of updates delivers `location` at once, so a one-shot
  /// command pays no polling delay.
  ///
  /// ```swift
  /// let manager = LocationManager.fixed(Location(coordinate: here, horizontalAccuracy: 0))
  /// ```
  public static func fixed(_ location: Location) -> LocationManager {
    let subscribers = LockIsolated<[AsyncStream<Action>.Continuation]>([])
    let monitor = LockIsolated(RegionMonitor())
    @Sendable func publish(_ actions: [Action]) {
      for continuation in subscribers.value {
        for action in actions { continuation.yield(action) }
      }
    }
    @Sendable func regionActions(_ events: [RegionEvent]) -> [Action] {
      events.map { event in
        switch event {
        case .didStartMonitoring(let region): .didStartMonitoring(region)
        case .didEnter(let region): .didEnterRegion(region)
        case .didExit(let region): .didExitRegion(region)
        case .didDetermineState(let state, let region): .didDetermineState(state, region)
        case .monitoringDidFail(let region, let error):
          .monitoringDidFail(region, .regionMonitoringFailed(reason: "\(error)"))
        }
      }
    }
    @Sendable func deliverFix() {
      let events = monitor.withValue { Array($0.update(with: location)) }
      publish([.didUpdateLocations([location])] + regionActions(events))
    }
    return LocationManager(
      accuracyAuthorization: { .fullAccuracy },
      authorizationStatus: { .authorizedWhenInUse },
      delegate: {
        AsyncStream { continuation in
          subscribers.withValue { $0.append(continuation) }
        }
      },
      heading: { nil },
      headingAvailable: { false },
      isRangingAvailable: { false },
      location: { location },
      locationServicesEnabled: { true },
      maximumRegionMonitoringDistance: { 1_000_000 },
      monitoredRegions: { monitor.value.monitoredRegions },
      requestAlwaysAuthorization: {
        publish([.didChangeAuthorization(.authorizedAlways)])
      },
      requestLocation: { deliverFix() },
      requestState: { region in
        publish(regionActions(monitor.withValue { $0.requestState(for: region) }))
      },
      requestWhenInUseAuthorization: {
        publish([
          .didChangeAuthorization(.authorizedWhenInUse),
          .authorizationDidChange(.authorizedWhenInUse, .fullAccuracy),
        ])
      },
      set: { _ in },
      significantLocationChangeMonitoringAvailable: { false },
      startMonitoring: { region in
        let events = monitor.withValue { monitor in
          let started = monitor.startMonitoring(region)
          return started + monitor.update(with: location)
        }
        publish(regionActions(events))
      },
      startMonitoringSignificantLocationChanges: {},
      startMonitoringVisits: {},
      startUpdatingHeading: {},
      startUpdatingLocation: { deliverFix() },
      stopMonitoring: { region in monitor.withValue { $0.stopMonitoring(region) } },
      stopMonitoringSignificantLocationChanges: {},
      stopMonitoringVisits: {},
      stopUpdatingHeading: {},
      stopUpdatingLocation: {}
    )
  }
}
