import BearingLocation

/// What a street line is, from OpenStreetMap's tags: a map chooses a line's colour, what covers
/// what and whether it is drawn at a scale by it.
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

/// A street, a railway or the edge of water as a polyline: what the readers of OpenStreetMap data
/// give, the place store keeps and a map draws.
///
/// ```swift
/// let street = StreetLine(kind: .minor, points: [a, b, c])
/// ```
public struct StreetLine: Hashable, Sendable {
  /// What the line is.
  public var kind: StreetKind
  /// Its vertices, in order.
  public var points: [Coordinate]

  /// A line of `kind` through `points`, in order.
  public init(kind: StreetKind, points: [Coordinate]) {
    self.kind = kind
    self.points = points
  }
}
