import BearingLocation

/// Everything a map shows besides its streets: you, your track, the cafés of the list and the
/// favourites' regions.
///
/// ```swift
/// let marks = MapMarks(
///   you: .init(coordinate: here, heading: 90),
///   places: [.init(number: 1, coordinate: café.coordinate, name: café.name)])
/// ```
public struct MapMarks: Hashable, Sendable {
  /// Where you are, drawn as an arrow along your heading (a dot without one).
  public var you: You?
  /// Your recent fixes, oldest first, drawn as a thin line.
  public var track: [Coordinate]
  /// The places of the list, drawn as their numbers.
  public var places: [PlaceMark]
  /// Circles on the ground: the favourites' monitored regions.
  public var regions: [RegionMark]
  /// A walk to a place, from its start to its end, drawn as a bold line over the streets.
  public var route: [Coordinate]

  /// Creates marks; every kind left out is not drawn.
  public init(
    you: You? = nil, track: [Coordinate] = [], places: [PlaceMark] = [],
    regions: [RegionMark] = [], route: [Coordinate] = []
  ) {
    self.you = you
    self.track = track
    self.places = places
    self.regions = regions
    self.route = route
  }

  /// Your position and heading.
  public struct You: Hashable, Sendable {
    /// Where you are.
    public var coordinate: Coordinate
    /// Degrees clockwise from true north, or `nil` when not known.
    public var heading: Double?

    /// Creates your mark; without a `heading` it has no arrow (`@` in a terminal frame, a dot
    /// in an SVG).
    public init(coordinate: Coordinate, heading: Double? = nil) {
      self.coordinate = coordinate
      self.heading = heading
    }
  }

  /// A place of the list: its number, where it is and its (untrusted) name.
  public struct PlaceMark: Hashable, Sendable {
    /// The number the list shows beside it, from 1.
    public var number: Int
    /// Where the place is.
    public var coordinate: Coordinate
    /// Drawn only in SVG, escaped there; terminal frames show the number alone.
    public var name: String
    /// The list's selected row: highlighted.
    public var isSelected: Bool
    /// A favourite: drawn in the favourite ink unless it is also selected.
    public var isFavorite: Bool

    /// Creates a place mark, neither selected nor a favourite unless told.
    public init(
      number: Int, coordinate: Coordinate, name: String, isSelected: Bool = false,
      isFavorite: Bool = false
    ) {
      self.number = number
      self.coordinate = coordinate
      self.name = name
      self.isSelected = isSelected
      self.isFavorite = isFavorite
    }
  }

  /// A circle of `radius` metres around `center`.
  public struct RegionMark: Hashable, Sendable {
    /// The circle's centre.
    public var center: Coordinate
    /// The circle's radius in metres.
    public var radius: Double

    /// Creates a circle of `radius` metres around `center`.
    public init(center: Coordinate, radius: Double) {
      self.center = center
      self.radius = radius
    }
  }
}
