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
  /// Where the device was.
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
  /// When the fix was taken: the source's own time, unless ``timestampSource`` is
  /// ``TimestampSource/receipt``.
  public var timestamp: Date
  /// Whose clock ``timestamp`` comes from: the receiver's (the default) or, for a source that
  /// reported a position without a time, the client's when the fix arrived.
  public var timestampSource: TimestampSource

  /// Creates a fix; left out, the vertical accuracy, course, speed and their accuracies are -1
  /// (invalid), the horizontal accuracy is 0 and the timestamp is 1970-01-01.
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
    timestamp: Date = Date(timeIntervalSince1970: 0),
    timestampSource: TimestampSource = .receiver
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
    self.timestampSource = timestampSource
  }

  enum CodingKeys: String, CodingKey {
    case coordinate, altitude, ellipsoidalAltitude, horizontalAccuracy, verticalAccuracy
    case course, courseAccuracy, speed, speedAccuracy, timestamp, timestampSource
  }

  /// Decodes a fix; one encoded without `timestampSource` (as every fix was before it existed)
  /// has the receiver's time.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    coordinate = try c.decode(Coordinate.self, forKey: .coordinate)
    altitude = try c.decode(Double.self, forKey: .altitude)
    ellipsoidalAltitude = try c.decode(Double.self, forKey: .ellipsoidalAltitude)
    horizontalAccuracy = try c.decode(Double.self, forKey: .horizontalAccuracy)
    verticalAccuracy = try c.decode(Double.self, forKey: .verticalAccuracy)
    course = try c.decode(Double.self, forKey: .course)
    courseAccuracy = try c.decode(Double.self, forKey: .courseAccuracy)
    speed = try c.decode(Double.self, forKey: .speed)
    speedAccuracy = try c.decode(Double.self, forKey: .speedAccuracy)
    timestamp = try c.decode(Date.self, forKey: .timestamp)
    timestampSource =
      try c.decodeIfPresent(TimestampSource.self, forKey: .timestampSource) ?? .receiver
  }

  /// Encodes a fix; `timestampSource` is written only when it is not the default, so a fix
  /// stamped by its receiver encodes exactly as before the property existed.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(coordinate, forKey: .coordinate)
    try c.encode(altitude, forKey: .altitude)
    try c.encode(ellipsoidalAltitude, forKey: .ellipsoidalAltitude)
    try c.encode(horizontalAccuracy, forKey: .horizontalAccuracy)
    try c.encode(verticalAccuracy, forKey: .verticalAccuracy)
    try c.encode(course, forKey: .course)
    try c.encode(courseAccuracy, forKey: .courseAccuracy)
    try c.encode(speed, forKey: .speed)
    try c.encode(speedAccuracy, forKey: .speedAccuracy)
    try c.encode(timestamp, forKey: .timestamp)
    if timestampSource != .receiver {
      try c.encode(timestampSource, forKey: .timestampSource)
    }
  }

  /// Great-circle distance in metres to another fix.
  public func distance(from other: Location) -> Double {
    coordinate.distance(to: other.coordinate)
  }
}

extension Location {
  /// Whose clock a fix's ``Location/timestamp`` was read from.
  ///
  /// ```swift
  /// if fix.timestampSource == .receipt { print("time of arrival, not of measurement") }
  /// ```
  public enum TimestampSource: String, Hashable, Sendable, Codable {
    /// The receiver's own time for the measurement.
    case receiver
    /// The time the client received the fix, because the source reported none (a receiver
    /// that has not learnt the date yet, a depth sounder, some binary protocols).
    case receipt
  }
}
