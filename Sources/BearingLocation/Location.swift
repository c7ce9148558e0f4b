import Foundation

/// A fix: where the device was, how sure the source is, and when.
///
/// As on Apple platforms, a negative accuracy means the matching value is invalid:
/// `verticalAccuracy < 0` says ``altitude`` means nothing.
///
/// ```swift
/// let fix = Location(coordinate: .init(latitude: 60.17, longitude: 24.94), horizontalAccuracy: 5)
/// ```
public struct Location: Hashable, Sendable, Codable {
  public var coordinate: Coordinate
  /// Metres above mean sea level.
  public var altitude: Double
  /// Metres above the WGS 84 ellipsoid.
  public var ellipsoidalAltitude: Double
  /// Radius of uncertainty in metres; negative when the coordinate is invalid.
  public var horizontalAccuracy: Double
  /// Metres; negative when the altitudes are invalid.
  public var verticalAccuracy: Double
  /// Degrees clockwise from true north; negative when unknown.
  public var course: Double
  /// Degrees; negative when the source gives no estimate (``course`` itself says if it is
  /// valid).
  public var courseAccuracy: Double
  /// Metres per second; negative when unknown.
  public var speed: Double
  /// Metres per second; negative when the source gives no estimate (``speed`` itself says if
  /// it is valid).
  public var speedAccuracy: Double
  /// When the fix was taken (the source's own time).
  public var timestamp: Date

  public init(
    coordinate: Coordinate,
    altitude: Double = 0,
    ellipsoidalAltitude: Double = 0,
    horizontalAccuracy: Double = 0,
    verticalAccuracy: Double = -1,
    course: Double = -1,
    courseAccuracy: Double = -1,
    speed: Double = -1,
    speedAccuracy: Double = -1,
    timestamp: Date = Date(timeIntervalSince1970: 0)
  ) {
    self.coordinate = coordinate
    self.altitude = altitude
    self.ellipsoidalAltitude = ellipsoidalAltitude
    self.horizontalAccuracy = horizontalAccuracy
    self.verticalAccuracy = verticalAccuracy
    self.course = course
    self.courseAccuracy = courseAccuracy
    self.speed = speed
    self.speedAccuracy = speedAccuracy
    self.timestamp = timestamp
  }

  /// Great-circle distance in metres to another fix.
  public func distance(from other: Location) -> Double {
    coordinate.distance(to: other.coordinate)
  }
}
