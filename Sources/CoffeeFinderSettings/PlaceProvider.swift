/// Where place searches go.
public enum PlaceProvider: String, Hashable, Sendable, CaseIterable, Codable {
  /// Foursquare when a key is configured; otherwise the offline data where it covers the
  /// search, and OpenStreetMap's Overpass API elsewhere.
  case auto
  /// Foursquare only (a key is required).
  case foursquare
  /// The offline OpenStreetMap data only: the built-in area and what the user imported.
  case offline
  /// OpenStreetMap's Overpass API only (no key; network needed).
  case overpass
}
