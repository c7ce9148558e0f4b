import BearingLocation

/// A place a search found: a café from Foursquare or from OpenStreetMap data.
///
/// ``id`` is stable across searches and prefixed by its source, so ids from different
/// providers never collide: `osm:node/123`, `osm:way/456`, `fsq:4b05…`.
///
/// ```swift
/// let place = Place(
///   id: "osm:node/1", name: "Café Ekberg",
///   coordinate: .init(latitude: 60.1632, longitude: 24.9393), source: .openStreetMap)
/// ```
public struct Place: Hashable, Sendable, Codable, Identifiable {
  /// Stable identifier, prefixed by the source (`osm:` or `fsq:`).
  public var id: String
  /// Display name; untrusted text, escape it before it reaches a terminal.
  public var name: String
  /// Where the place is.
  public var coordinate: Coordinate
  /// Great-circle metres from the query's center; `nil` outside a search result.
  public var distance: Double?
  /// One-line postal address when known.
  public var address: String?
  /// Human-readable category names, such as "Café" or "Coffee Shop".
  public var categories: [String]
  /// Phone number as the source wrote it.
  public var phone: String?
  /// Web site as the source wrote it.
  public var website: String?
  /// OpenStreetMap's `opening_hours` value as the source wrote it (untrusted text, unparsed):
  /// BearingOpeningHours reads it. `nil` when the source gives none.
  public var openingHours: String?
  /// Which provider the place came from.
  public var source: PlaceSource

  /// Creates a place.
  public init(
    id: String,
    name: String,
    coordinate: Coordinate,
    distance: Double? = nil,
    address: String? = nil,
    categories: [String] = [],
    phone: String? = nil,
    website: String? = nil,
    openingHours: String? = nil,
    source: PlaceSource
  ) {
    self.id = id
    self.name = name
    self.coordinate = coordinate
    self.distance = distance
    self.address = address
    self.categories = categories
    self.phone = phone
    self.website = website
    self.openingHours = openingHours
    self.source = source
  }
}

/// The provider a ``Place`` came from.
public enum PlaceSource: String, Hashable, Sendable, Codable, CaseIterable {
  /// The Foursquare Places API.
  case foursquare
  /// OpenStreetMap data: the embedded extract or one the user imported.
  case openStreetMap
}
