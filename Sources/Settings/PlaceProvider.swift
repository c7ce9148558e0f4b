/// Where place searches go.
public enum PlaceProvider: String, Hashable, Sendable, CaseIterable, Codable {
  /// Foursquare when a key is configured, the offline dataset otherwise.
  case auto
  /// Foursquare only (a key is required).
  case foursquare
  /// The embedded OpenStreetMap dataset only.
  case offline
}
