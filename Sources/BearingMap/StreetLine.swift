import BearingLocation

/// What kind of line a map draws: it decides the line's colour and what covers what.
public enum StreetKind: UInt8, Hashable, Sendable, CaseIterable, Codable {
  /// Rivers, canals, coastlines and the edges of water areas.
  case water = 1
  /// Railways and tramways.
  case rail = 2
  /// Footways, cycleways, paths, steps, pedestrian streets.
  case path = 3
  /// Residential, service, tertiary and unclassified streets.
  case minor = 4
  /// Motorways, trunk, primary and secondary roads.
  case major = 5

  /// The kind of an OpenStreetMap way from its tags, or `nil` when a map has no use for it.
  ///
  /// ```swift
  /// StreetKind(highway: "residential")  // .minor
  /// ```
  public init?(highway: String?, railway: String? = nil, waterway: String? = nil) {
    if let highway {
      switch highway {
      case "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link",
        "secondary", "secondary_link":
        self = .major
      case "footway", "cycleway", "path", "steps", "pedestrian", "bridleway", "track",
        "corridor":
        self = .path
      case "proposed", "construction", "abandoned", "platform", "raceway", "elevator":
        return nil
      default:
        self = .minor
      }
    } else if let railway,
      ["rail", "tram", "light_rail", "subway", "narrow_gauge"].contains(railway)
    {
      self = .rail
    } else if let waterway, ["river", "canal", "stream", "riverbank"].contains(waterway) {
      self = .water
    } else {
      return nil
    }
  }
}

extension StreetKind {
  /// Whether a map at this scale draws lines of this kind: paths only up to 5 m a dot, minor
  /// streets up to 20 m a dot; coarser, they would fill every cell.
  public func isDrawn(atMetresPerDot metresPerDot: Double) -> Bool {
    switch self {
    case .path: metresPerDot <= 5
    case .minor: metresPerDot <= 20
    case .water, .rail, .major: true
    }
  }
}

/// A polyline of a map: a street, a railway, the edge of water.
///
/// ```swift
/// let street = StreetLine(kind: .minor, points: [a, b, c])
/// ```
public struct StreetLine: Hashable, Sendable {
  /// What the line is.
  public var kind: StreetKind
  /// Its vertices, in order.
  public var points: [Coordinate]

  public init(kind: StreetKind, points: [Coordinate]) {
    self.kind = kind
    self.points = points
  }
}
