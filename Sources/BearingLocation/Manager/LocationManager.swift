import CasePaths
import Dependencies
import DependenciesMacros
import Foundation

// MARK: - Models

extension LocationManager {
  /// Every event a `CLLocationManagerDelegate` can receive, as a value.
  ///
  /// ```swift
  /// for await action in locationManager.delegate() {
  ///   if case .didUpdateLocations(let fixes) = action { print(fixes.last!) }
  /// }
  /// ```
  @CasePathable
  public enum Action: Equatable, Sendable {
    /// `locationManager(_:didChangeAuthorization:)`.
    case didChangeAuthorization(AuthorizationStatus)
    /// `locationManagerDidChangeAuthorization(_:)`: the authorization change with both the
    /// status and the accuracy level, sent right after ``didChangeAuthorization(_:)``.
    case authorizationDidChange(AuthorizationStatus, AccuracyAuthorization)
    case didUpdateLocations([Location])
    case didFailWithError(LocationError)
    case didEnterRegion(Region)
    case didExitRegion(Region)
    case didDetermineState(RegionState, Region)
    case didStartMonitoring(Region)
    case monitoringDidFail(Region?, LocationError)
    case didUpdateHeading(Heading)
    case didVisit(Visit)
    case didPauseLocationUpdates
    case didResumeLocationUpdates
    case didFinishDeferredUpdatesWithError(LocationError?)
    case didRangeBeacons([Beacon], BeaconIdentityConstraint)
    case didFailRanging(BeaconIdentityConstraint, LocationError)
  }

  /// Settable properties of a location manager; `nil` leaves a property as it is.
  ///
  /// ```swift
  /// await locationManager.set(.init(desiredAccuracy: 10, distanceFilter: 25))
  /// ```
  public struct Properties: Equatable, Sendable {
    /// Metres the source should aim for; a hint, since gpsd delivers what the receiver gives.
    public var desiredAccuracy: Double?
    /// Minimum metres between delivered fixes; zero or less delivers every fix.
    public var distanceFilter: Double?
    /// Minimum degrees between delivered headings.
    public var headingFilter: Double?
    /// What kind of movement to expect.
    public var activityType: ActivityType?
    /// Whether updates pause while the device stays put (see ``Action/didPauseLocationUpdates``).
    public var pausesLocationUpdatesAutomatically: Bool?

    /// Creates a set of changes.
    public init(
      desiredAccuracy: Double? = nil,
      distanceFilter: Double? = nil,
      headingFilter: Double? = nil,
      activityType: ActivityType? = nil,
      pausesLocationUpdatesAutomatically: Bool? = nil
    ) {
      self.desiredAccuracy = desiredAccuracy
      self.distanceFilter = distanceFilter
      self.headingFilter = headingFilter
      self.activityType = activityType
      self.pausesLocationUpdatesAutomatically = pausesLocationUpdatesAutomatically
    }
  }
}

// MARK: - Interface

/// A client for location services: the value-typed stand-in for `CLLocationManager`.
///
/// Features call the endpoints from effects and read events from ``delegate``, a stream that
/// several subscribers can share. `liveValue` (in `BearingGPSD`) reads gpsd; simulations
/// replay tracks or wander among regions; ``testValue`` fails any endpoint a test did not set.
///
/// ```swift
/// @Dependency(\.locationManager) var locationManager
/// return .run { send in
///   await locationManager.requestWhenInUseAuthorization()
///   for await action in locationManager.delegate() { await send(.locationManager(action)) }
/// }
/// ```
@DependencyClient
public struct LocationManager: Sendable {
  public var accuracyAuthorization: @Sendable () async -> AccuracyAuthorization = {
    .fullAccuracy
  }
  public var authorizationStatus: @Sendable () async -> AuthorizationStatus = { .notDetermined }
  /// A new stream of events; each call subscribes anew, and all subscribers see every event.
  public var delegate: @Sendable () -> AsyncStream<Action> = { .finished }
  public var heading: @Sendable () async -> Heading?
  public var headingAvailable: @Sendable () async -> Bool = { false }
  public var isRangingAvailable: @Sendable () async -> Bool = { false }
  /// The most recent fix, however old.
  public var location: @Sendable () async -> Location?
  /// Whether a source is reachable (on Linux: whether gpsd answers).
  public var locationServicesEnabled: @Sendable () async -> Bool = { false }
  /// Metres; the largest radius ``startMonitoring`` accepts.
  public var maximumRegionMonitoringDistance: @Sendable () async -> Double = { 0 }
  public var monitoredRegions: @Sendable () async -> [Region] = { [] }
  public var requestAlwaysAuthorization: @Sendable () async -> Void
  /// Delivers one fix, or ``LocationError/locationUnknown`` after a timeout.
  public var requestLocation: @Sendable () async -> Void
  public var requestState: @Sendable (_ for: Region) async -> Void
  public var requestWhenInUseAuthorization: @Sendable () async -> Void
  public var set: @Sendable (_ properties: Properties) async -> Void
  public var significantLocationChangeMonitoringAvailable: @Sendable () async -> Bool = { false }
  public var startMonitoring: @Sendable (_ region: Region) async -> Void
  public var startMonitoringSignificantLocationChanges: @Sendable () async -> Void
  public var startMonitoringVisits: @Sendable () async -> Void
  public var startUpdatingHeading: @Sendable () async -> Void
  public var startUpdatingLocation: @Sendable () async -> Void
  public var stopMonitoring: @Sendable (_ region: Region) async -> Void
  public var stopMonitoringSignificantLocationChanges: @Sendable () async -> Void
  public var stopMonitoringVisits: @Sendable () async -> Void
  public var stopUpdatingHeading: @Sendable () async -> Void
  public var stopUpdatingLocation: @Sendable () async -> Void
}

// MARK: - Test key

extension LocationManager: TestDependencyKey {
  /// Every endpoint reports an issue when a test calls it without overriding it.
  public static let testValue = LocationManager()

  /// Wanders among three Helsinki cafés on the continuous clock, for previews and demos.
  public static var previewValue: LocationManager {
    .wandering(among: LocationManager.demoRegions, seed: 2026)
  }
}

// MARK: - Accessor

extension DependencyValues {
  /// The location manager client.
  public var locationManager: LocationManager {
    get { self[LocationManager.self] }
    set { self[LocationManager.self] = newValue }
  }
}
