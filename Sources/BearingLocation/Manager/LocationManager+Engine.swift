import Foundation

extension LocationManager {
  /// A client that runs ``LocationEngine`` over `source`: the shape of every non-test variant.
  ///
  /// ```swift
  /// let manager = LocationManager.backed(by: .replaying(track, clock: clock), clock: clock)
  /// ```
  public static func backed(
    by source: LocationSource,
    clock: any Clock<Duration> = ContinuousClock(),
    configuration: LocationEngine.Configuration = .init()
  ) -> LocationManager {
    backed(by: LocationEngine(source: source, clock: clock, configuration: configuration))
  }

  /// A client whose endpoints call `engine`.
  public static func backed(by engine: LocationEngine) -> LocationManager {
    LocationManager(
      accuracyAuthorization: { .fullAccuracy },
      authorizationStatus: { await engine.authorizationStatus },
      delegate: { engine.actions.subscribe() },
      heading: { nil },
      headingAvailable: { false },
      isRangingAvailable: { false },
      location: { await engine.location },
      locationServicesEnabled: { await engine.locationServicesEnabled() },
      maximumRegionMonitoringDistance: { engine.maximumRegionMonitoringDistance },
      monitoredRegions: { await engine.monitoredRegions },
      requestAlwaysAuthorization: { await engine.requestAuthorization(.authorizedAlways) },
      requestLocation: { await engine.requestLocation() },
      requestState: { await engine.requestState(for: $0) },
      requestWhenInUseAuthorization: { await engine.requestAuthorization(.authorizedWhenInUse) },
      set: { await engine.set($0) },
      significantLocationChangeMonitoringAvailable: { true },
      startMonitoring: { await engine.startMonitoring($0) },
      startMonitoringSignificantLocationChanges: {
        await engine.startMonitoringSignificantLocationChanges()
      },
      startMonitoringVisits: { await engine.startMonitoringVisits() },
      startUpdatingHeading: { await engine.startUpdatingHeading() },
      startUpdatingLocation: { await engine.startUpdatingLocation() },
      stopMonitoring: { await engine.stopMonitoring($0) },
      stopMonitoringSignificantLocationChanges: {
        await engine.stopMonitoringSignificantLocationChanges()
      },
      stopMonitoringVisits: { await engine.stopMonitoringVisits() },
      stopUpdatingHeading: {},
      stopUpdatingLocation: { await engine.stopUpdatingLocation() }
    )
  }
}
