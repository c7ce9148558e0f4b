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
    /// `locationManager(_:didUpdateLocations:)`: new fixes, oldest first, the most recent last.
    case didUpdateLocations([Location])
    /// `locationManager(_:didFailWithError:)`: something failed or ended, such as a request
    /// with no fix, a source gone unavailable or a replayed track's end; see `LocationError`.
    case didFailWithError(LocationError)
    /// `locationManager(_:didEnterRegion:)`: the device moved into a monitored region.
    case didEnterRegion(Region)
    /// `locationManager(_:didExitRegion:)`: the device moved out of a monitored region.
    case didExitRegion(Region)
    /// `locationManager(_:didDetermineState:for:)`: where the device is relative to a region,
    /// in answer to `requestState` or once a fix settles a newly monitored region.
    case didDetermineState(RegionState, Region)
    /// `locationManager(_:didStartMonitoringFor:)`: the region is now monitored.
    case didStartMonitoring(Region)
    /// `locationManager(_:monitoringDidFailFor:withError:)`: the region cannot be monitored;
    /// optional as in Core Location, though the engine always names it.
    case monitoringDidFail(Region?, LocationError)
    /// `locationManager(_:didUpdateHeading:)`: a new compass heading; Linux has no compass, so
    /// the engine never sends it.
    case didUpdateHeading(Heading)
    /// `locationManager(_:didVisit:)`: a stay began or ended while visits are monitored.
    case didVisit(Visit)
    /// `locationManagerDidPauseLocationUpdates(_:)`: updates paused automatically because the
    /// device stayed in one place.
    case didPauseLocationUpdates
    /// `locationManagerDidResumeLocationUpdates(_:)`: paused updates resumed, because the device
    /// moved or automatic pausing was turned off.
    case didResumeLocationUpdates
    /// `locationManager(_:didFinishDeferredUpdatesWithError:)`: deferred updates ended (`nil`
    /// when they ended normally); the engine defers none, so never sends it.
    case didFinishDeferredUpdatesWithError(LocationError?)
    /// `locationManager(_:didRange:satisfying:)`: the beacons in range that match the
    /// constraint; Linux offers no beacon ranging, so the engine never sends it.
    case didRangeBeacons([Beacon], BeaconIdentityConstraint)
    /// `locationManager(_:didFailRangingFor:error:)`: ranging for the constraint failed; never
    /// sent by the engine.
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
  /// The accuracy the app may use; every backed client reports `.fullAccuracy`.
  public var accuracyAuthorization: @Sendable () async -> AccuracyAuthorization = {
    .fullAccuracy
  }
  /// The authorization the app has now (`.denied` while a backed client's source is unreachable).
  public var authorizationStatus: @Sendable () async -> AuthorizationStatus = { .notDetermined }
  /// A new stream of events; each call subscribes anew, and all subscribers see every event.
  public var delegate: @Sendable () -> AsyncStream<Action> = { .finished }
  /// The most recent heading, or `nil` when there is none (always, on Linux: no compass).
  public var heading: @Sendable () async -> Heading?
  /// Whether the device can report a heading; `false` on Linux, which has no compass.
  public var headingAvailable: @Sendable () async -> Bool = { false }
  /// Whether beacon ranging is available; `false` on Linux.
  public var isRangingAvailable: @Sendable () async -> Bool = { false }
  /// The most recent fix, however old.
  public var location: @Sendable () async -> Location?
  /// Whether a source is reachable (on Linux: whether gpsd answers).
  public var locationServicesEnabled: @Sendable () async -> Bool = { false }
  /// Metres; the largest radius ``startMonitoring`` accepts.
  public var maximumRegionMonitoringDistance: @Sendable () async -> Double = { 0 }
  /// The regions being monitored: those `startMonitoring` accepted and not stopped since.
  public var monitoredRegions: @Sendable () async -> [Region] = { [] }
  /// Asks for `.authorizedAlways`; returns after the resulting `didChangeAuthorization`, if any.
  public var requestAlwaysAuthorization: @Sendable () async -> Void
  /// Delivers one fix, or ``LocationError/locationUnknown`` after a timeout.
  public var requestLocation: @Sendable () async -> Void
  /// Asks for the state of `region`; the answer arrives as `didDetermineState`.
  public var requestState: @Sendable (_ for: Region) async -> Void
  /// Asks for `.authorizedWhenInUse`; returns after the resulting `didChangeAuthorization`, if
  /// any.
  public var requestWhenInUseAuthorization: @Sendable () async -> Void
  /// Applies the properties that are not `nil` and leaves the others as they are.
  public var set: @Sendable (_ properties: Properties) async -> Void
  /// Whether significant-change monitoring is available; `true` for every backed client.
  public var significantLocationChangeMonitoringAvailable: @Sendable () async -> Bool = { false }
  /// Starts monitoring `region`; replies with `didStartMonitoring` or `monitoringDidFail`.
  public var startMonitoring: @Sendable (_ region: Region) async -> Void
  /// Starts delivering a fix whenever the device has moved the significant-change distance
  /// (500 metres by default).
  public var startMonitoringSignificantLocationChanges: @Sendable () async -> Void
  /// Starts reporting stays found in the fix stream as `didVisit`.
  public var startMonitoringVisits: @Sendable () async -> Void
  /// Starts heading updates; on Linux it fails with `LocationError.headingUnavailable`.
  public var startUpdatingHeading: @Sendable () async -> Void
  /// Starts delivering every fix that passes the distance filter as `didUpdateLocations`.
  public var startUpdatingLocation: @Sendable () async -> Void
  /// Stops monitoring `region`.
  public var stopMonitoring: @Sendable (_ region: Region) async -> Void
  /// Stops significant-change updates.
  public var stopMonitoringSignificantLocationChanges: @Sendable () async -> Void
  /// Stops reporting visits and forgets the stay in progress.
  public var stopMonitoringVisits: @Sendable () async -> Void
  /// Stops heading updates; a backed client has none to stop and does nothing.
  public var stopUpdatingHeading: @Sendable () async -> Void
  /// Stops continuous updates; pending `requestLocation` calls still complete.
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
