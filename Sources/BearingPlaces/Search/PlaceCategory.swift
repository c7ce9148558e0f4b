/// A kind of place a ``PlaceQuery`` can ask for.
///
/// Each category knows its Foursquare id and the display name that both providers put in
/// ``Place/categories``, so filtering works the same online and offline.
public enum PlaceCategory: String, Hashable, Sendable, Codable, CaseIterable {
  /// A coffee shop: Foursquare "Coffee Shop"; OpenStreetMap `shop=coffee` or
  /// `cuisine=coffee_shop`.
  case coffeeShop
  /// A café: Foursquare "Café"; OpenStreetMap `amenity=cafe`.
  case cafe

  /// The Foursquare Places category id.
  public var foursquareID: String {
    switch self {
    case .coffeeShop: "4bf58dd8d48988d1e0931735"
    case .cafe: "4bf58dd8d48988d16d941735"
    }
  }

  /// The name used in ``Place/categories``.
  public var displayName: String {
    switch self {
    case .coffeeShop: "Coffee Shop"
    case .cafe: "Café"
    }
  }
}
