/// Whether the app may use location services, as `CLAuthorizationStatus`.
///
/// On Linux there is no permission prompt: the gpsd backend reports the level that was asked for
/// while gpsd is reachable, and ``denied`` while it is not (as Core Location does when the user
/// switches location services off).
public enum AuthorizationStatus: String, Hashable, Sendable, Codable, CaseIterable {
  /// The app has not asked yet.
  case notDetermined
  /// Something outside the user's control forbids location use.
  case restricted
  /// Location use is refused, or location services are off (gpsd unreachable).
  case denied
  /// The app may use location at any time.
  case authorizedAlways
  /// The app may use location while it is in use.
  case authorizedWhenInUse

  /// Whether fixes may be delivered.
  public var isAuthorized: Bool {
    self == .authorizedAlways || self == .authorizedWhenInUse
  }
}

/// How precise the delivered fixes may be, as `CLAccuracyAuthorization`.
public enum AccuracyAuthorization: String, Hashable, Sendable, Codable, CaseIterable {
  /// Fixes as precise as the source gives them.
  case fullAccuracy
  /// Fixes deliberately blurred to a few kilometres.
  case reducedAccuracy
}

/// What kind of movement the app expects, as `CLActivityType`; a hint for power management.
public enum ActivityType: String, Hashable, Sendable, Codable, CaseIterable {
  /// No particular kind; the default.
  case other
  /// Driving, following roads.
  case automotiveNavigation
  /// Walking, running or cycling.
  case fitness
  /// Other travel by vehicle, such as by boat, train or plane.
  case otherNavigation
  /// Flying, where altitude changes too.
  case airborne
}
