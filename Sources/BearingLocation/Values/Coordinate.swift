import Foundation

/// A point on the Earth's surface in WGS 84 degrees.
///
/// A coordinate is always valid: latitude in −90…90, longitude in −180…180, both finite.
/// Build one from untrusted input with ``init(validatingLatitude:longitude:)``, which throws
/// a ``CoordinateError`` that says what is wrong.
///
/// ```swift
/// let helsinki = try Coordinate(validatingLatitude: 60.1699, longitude: 24.9384)
/// ```
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Degrees north of the equator, −90…90.
  public let latitude: Double
  /// Degrees east of Greenwich, −180…180.
  public let longitude: Double

  /// Creates a coordinate from values known to be valid (literals, already-checked data).
  ///
  /// Traps on an invalid value; use ``init(validatingLatitude:longitude:)`` for untrusted input.
  public init(latitude: Double, longitude: Double) {
    do {
      try self.init(validatingLatitude: latitude, longitude: longitude)
    } catch {
      preconditionFailure("\(error)")
    }
  }

  /// Creates a coordinate, or throws a ``CoordinateError`` naming the bad component.
  public init(validatingLatitude latitude: Double, longitude: Double) throws(CoordinateError) {
    guard latitude.isFinite else { throw .nonFiniteLatitude(latitude) }
    guard longitude.isFinite else { throw .nonFiniteLongitude(longitude) }
    guard (-90.0...90.0).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
    guard (-180.0...180.0).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Decodes `latitude` and `longitude`, failing with `DecodingError.dataCorrupted` when they
  /// are not a valid coordinate.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let latitude = try container.decode(Double.self, forKey: .latitude)
    let longitude = try container.decode(Double.self, forKey: .longitude)
    do {
      try self.init(validatingLatitude: latitude, longitude: longitude)
    } catch {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: error.description)
      )
    }
  }

  /// "latitude,longitude" with six decimals (about 0.1 metre), such as "60.169900,24.938400".
  public var description: String {
    // `+ 0` prints a negative zero as 0.000000.
    String(format: "%.6f,%.6f", latitude + 0, longitude + 0)
  }
}

/// Why a latitude/longitude pair is not a coordinate.
public enum CoordinateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The latitude given, in degrees, is NaN or infinite.
  case nonFiniteLatitude(Double)
  /// The longitude given, in degrees, is NaN or infinite.
  case nonFiniteLongitude(Double)
  /// The latitude given, in degrees, is outside −90…90.
  case latitudeOutOfRange(Double)
  /// The longitude given, in degrees, is outside −180…180.
  case longitudeOutOfRange(Double)

  /// A sentence naming the bad component and its value.
  public var description: String {
    switch self {
    case .nonFiniteLatitude(let value): "latitude \(value) is not a finite number"
    case .nonFiniteLongitude(let value): "longitude \(value) is not a finite number"
    case .latitudeOutOfRange(let value): "latitude \(value) is outside −90…90"
    case .longitudeOutOfRange(let value): "longitude \(value) is outside −180…180"
    }
  }
}

extension Coordinate {
  /// Mean Earth radius in metres (IUGG), the sphere used for all distances here.
  public static let earthRadius: Double = 6_371_008.8

  /// Great-circle distance in metres (haversine on a sphere of ``earthRadius``).
  ///
  /// Against the WGS 84 ellipsoid the spherical model is within 0.5 % everywhere.
  public func distance(to other: Coordinate) -> Double {
    let φ1 = latitude * .pi / 180
    let φ2 = other.latitude * .pi / 180
    let Δφ = φ2 - φ1
    let Δλ = (other.longitude - longitude) * .pi / 180
    let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
    return 2 * Self.earthRadius * asin(min(1, a.squareRoot()))
  }

  /// Initial bearing towards `other` in degrees clockwise from true north, 0..<360.
  public func bearing(to other: Coordinate) -> Double {
    let φ1 = latitude * .pi / 180
    let φ2 = other.latitude * .pi / 180
    let Δλ = (other.longitude - longitude) * .pi / 180
    let y = sin(Δλ) * cos(φ2)
    let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
    let degrees = atan2(y, x) * 180 / .pi
    return (degrees + 360).truncatingRemainder(dividingBy: 360)
  }
}
