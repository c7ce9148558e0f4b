import BearingLocation
import Foundation

/// A gpsd time-position-velocity report (`"class":"TPV"`), with gpsd's own field names.
///
/// Fields gpsd leaves out are nil. ``location(assumedHorizontalAccuracy:)`` maps one to a
/// ``Location``.
///
/// ```swift
/// if case .tpv(let report) = try GPSDMessage(parsing: line),
///   let fix = try report.location() { print(fix.coordinate) }
/// ```
public struct TPVReport: Hashable, Sendable, Decodable {
  /// The path of the receiver that sent the report, such as `/dev/ttyUSB0`.
  public var device: String?
  /// 0 unknown, 1 no fix, 2 two-dimensional, 3 three-dimensional.
  public var mode: Int
  /// When the fix was taken, in UTC; `nil` when the receiver gave no time.
  public var time: Date?
  /// Latitude in degrees, north positive.
  public var lat: Double?
  /// Longitude in degrees, east positive.
  public var lon: Double?
  /// Altitude in metres, as older gpsd versions report it; used when `altMSL` is missing.
  public var alt: Double?
  /// Height above the WGS 84 ellipsoid, in metres.
  public var altHAE: Double?
  /// Altitude above mean sea level, in metres.
  public var altMSL: Double?
  /// Height of the geoid (mean sea level) above the ellipsoid, in metres.
  public var geoidSep: Double?
  /// Estimated horizontal position error, metres (95 %).
  public var eph: Double?
  /// Estimated vertical error, metres.
  public var epv: Double?
  /// Estimated longitude error, metres (95 %).
  public var epx: Double?
  /// Estimated latitude error, metres (95 %).
  public var epy: Double?
  /// Course over ground, degrees from true north.
  public var track: Double?
  /// Course error, degrees.
  public var epd: Double?
  /// Speed over ground, metres per second.
  public var speed: Double?
  /// Speed error, metres per second.
  public var eps: Double?
  /// Climb (positive) or sink rate, metres per second; not used by `location`.
  public var climb: Double?

  /// Creates a report.
  public init(mode: Int) {
    self.mode = mode
  }

  enum CodingKeys: String, CodingKey {
    case device, mode, time, lat, lon, alt, altHAE, altMSL, geoidSep, eph, epv, epx, epy
    case track, epd, speed, eps, climb
  }

  /// Decodes a report with `JSONDecoder`; the reference the fast parser is tested and
  /// benchmarked against.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    device = try c.decodeIfPresent(String.self, forKey: .device)
    mode = try c.decodeIfPresent(Int.self, forKey: .mode) ?? 0
    if let text = try c.decodeIfPresent(String.self, forKey: .time) {
      guard let date = GPSDTime.parse(Array(text.utf8)) else {
        throw DecodingError.dataCorruptedError(
          forKey: .time, in: c, debugDescription: "not an ISO 8601 time")
      }
      time = date
    }
    lat = try c.decodeIfPresent(Double.self, forKey: .lat)
    lon = try c.decodeIfPresent(Double.self, forKey: .lon)
    alt = try c.decodeIfPresent(Double.self, forKey: .alt)
    altHAE = try c.decodeIfPresent(Double.self, forKey: .altHAE)
    altMSL = try c.decodeIfPresent(Double.self, forKey: .altMSL)
    geoidSep = try c.decodeIfPresent(Double.self, forKey: .geoidSep)
    eph = try c.decodeIfPresent(Double.self, forKey: .eph)
    epv = try c.decodeIfPresent(Double.self, forKey: .epv)
    epx = try c.decodeIfPresent(Double.self, forKey: .epx)
    epy = try c.decodeIfPresent(Double.self, forKey: .epy)
    track = try c.decodeIfPresent(Double.self, forKey: .track)
    epd = try c.decodeIfPresent(Double.self, forKey: .epd)
    speed = try c.decodeIfPresent(Double.self, forKey: .speed)
    eps = try c.decodeIfPresent(Double.self, forKey: .eps)
    climb = try c.decodeIfPresent(Double.self, forKey: .climb)
  }

  /// Whether the receiver has a position (mode 2 or 3).
  public var hasFix: Bool { mode >= 2 }

  /// The fix this report describes, or nil when it has none (mode 0 or 1).
  ///
  /// eph becomes the horizontal accuracy (else the larger of epx and epy, else
  /// `assumedHorizontalAccuracy`); epv the vertical one, valid only in mode 3; altMSL (or alt)
  /// the altitude and altHAE (or altitude plus geoidSep) the ellipsoidal altitude; track, epd,
  /// speed and eps the course and speed with their accuracies; time the timestamp, else
  /// `receivedAt` with ``Location/timestampSource`` ``Location/TimestampSource/receipt``.
  ///
  /// - throws: ``CoordinateError`` when lat or lon is missing, not finite or out of range.
  public func location(assumedHorizontalAccuracy: Double = 50, receivedAt: Date = Date())
    throws(CoordinateError) -> Location?
  {
    guard hasFix else { return nil }
    guard let lat else { throw .nonFiniteLatitude(.nan) }
    guard let lon else { throw .nonFiniteLongitude(.nan) }
    let coordinate = try Coordinate(validatingLatitude: lat, longitude: lon)
    let horizontal =
      eph ?? ((epx != nil || epy != nil) ? max(epx ?? 0, epy ?? 0) : assumedHorizontalAccuracy)
    var fix = Location(
      coordinate: coordinate, horizontalAccuracy: horizontal, timestamp: time ?? receivedAt,
      timestampSource: time == nil ? .receipt : .receiver)
    if mode >= 3, let altitude = altMSL ?? alt ?? altHAE.map({ $0 - (geoidSep ?? 0) }) {
      fix.altitude = altitude
      fix.ellipsoidalAltitude = altHAE ?? altitude + (geoidSep ?? 0)
      fix.verticalAccuracy = epv ?? -1
    }
    if let track, track.isFinite, track >= 0 {
      fix.course = track
      fix.courseAccuracy = epd ?? -1
    }
    if let speed, speed.isFinite, speed >= 0 {
      fix.speed = speed
      fix.speedAccuracy = eps ?? -1
    }
    return fix
  }
}
