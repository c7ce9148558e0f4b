import BearingLocation
import Foundation

/// The area an offline dataset covers, for telling the user where offline search works.
///
/// The bounds are the smallest box around the data's places. When ``west`` is greater than
/// ``east`` the box crosses the antimeridian (for example Fiji: west 177, east −179).
///
/// ```swift
/// if let coverage = places.coverage() { print("Offline data: \(coverage)") }
/// // Offline data: central Helsinki, OpenStreetMap 2019
/// ```
public struct DataCoverage: Hashable, Sendable, Codable, CustomStringConvertible {
  /// How the area is called, such as "central Helsinki".
  public var area: String
  /// Where and when the data comes from, such as "OpenStreetMap 2019".
  public var source: String
  /// The credit the data's licence asks for.
  public var attribution: String
  /// Southern edge, degrees.
  public var south: Double
  /// Western edge, degrees; greater than ``east`` when the box crosses the antimeridian.
  public var west: Double
  /// Northern edge, degrees.
  public var north: Double
  /// Eastern edge, degrees.
  public var east: Double
  /// How many places the data holds.
  public var placeCount: Int

  /// Creates a coverage description.
  public init(
    area: String,
    source: String,
    attribution: String = Self.openStreetMapAttribution,
    south: Double,
    west: Double,
    north: Double,
    east: Double,
    placeCount: Int
  ) {
    self.area = area
    self.source = source
    self.attribution = attribution
    self.south = south
    self.west = west
    self.north = north
    self.east = east
    self.placeCount = placeCount
  }

  private enum CodingKeys: String, CodingKey {
    case area, source, attribution, south, west, north, east, placeCount
  }

  /// Decodes a coverage, refusing a box that is not on Earth: each edge a finite number of
  /// degrees in range, south not above north, and a count that is not negative.
  ///
  /// - Throws: `DecodingError.dataCorrupted` naming the edge at fault, so a damaged data file
  ///   is reported instead of trapping later on an invalid ``Coordinate``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func degrees(_ key: CodingKeys, limit: Double) throws -> Double {
      let value = try container.decode(Double.self, forKey: key)
      guard value.isFinite, (-limit...limit).contains(value) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription: "\(value) is not a \(limit == 90 ? "latitude" : "longitude")")
      }
      return value
    }
    let south = try degrees(.south, limit: 90)
    let north = try degrees(.north, limit: 90)
    guard south <= north else {
      throw DecodingError.dataCorruptedError(
        forKey: .south, in: container, debugDescription: "the south edge is north of the north edge"
      )
    }
    let placeCount = try container.decode(Int.self, forKey: .placeCount)
    guard placeCount >= 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .placeCount, in: container, debugDescription: "a count cannot be negative")
    }
    self.init(
      area: try container.decode(String.self, forKey: .area),
      source: try container.decode(String.self, forKey: .source),
      attribution: try container.decodeIfPresent(String.self, forKey: .attribution)
        ?? Self.openStreetMapAttribution,
      south: south, west: try degrees(.west, limit: 180), north: north,
      east: try degrees(.east, limit: 180), placeCount: placeCount)
  }

  /// The credit OpenStreetMap's licence (ODbL) asks for.
  public static let openStreetMapAttribution = "© OpenStreetMap contributors (ODbL)"

  /// "area, source", as shown to the user.
  public var description: String { "\(area), \(source)" }

  /// Whether `coordinate` lies in the box widened by `margin` metres on every side.
  ///
  /// The margin is exact in latitude and taken at the box's widest parallel in longitude, so
  /// the widened box never misses a point within `margin` of the data; near a pole it spans
  /// every longitude.
  public func contains(_ coordinate: Coordinate, margin: Double) -> Bool {
    let marginDegrees = margin / Coordinate.earthRadius * 180 / .pi
    let southEdge = south - marginDegrees
    let northEdge = north + marginDegrees
    guard coordinate.latitude >= southEdge, coordinate.latitude <= northEdge else { return false }
    let widestLatitude = min(90, max(abs(southEdge), abs(northEdge)))
    let cosine = cos(widestLatitude * .pi / 180)
    // Within `margin` of a pole every meridian is near, so longitude cannot exclude anything.
    guard cosine > 1e-9 else { return true }
    let lonMargin = marginDegrees / cosine
    var span = east - west
    if span < 0 { span += 360 }
    guard span + 2 * lonMargin < 360 else { return true }
    var offset = (coordinate.longitude - (west - lonMargin)).truncatingRemainder(dividingBy: 360)
    if offset < 0 { offset += 360 }
    return offset <= span + 2 * lonMargin
  }
}
