/// The body of `GET /places/search` in the Foursquare Places API (version 2025-06-17).
///
/// Only the fields Bearing uses are decoded; the rest are ignored. Everything but the id and
/// name is optional, because the API leaves out fields it has no data for.
struct FoursquareSearchResponse: Decodable, Sendable {
  var results: [Result]

  /// One place.
  struct Result: Decodable, Sendable {
    var fsqPlaceID: String
    var name: String
    var latitude: Double?
    var longitude: Double?
    /// Metres from the query's `ll`.
    var distance: Double?
    var categories: [Category]?
    var location: Location?
    var tel: String?
    var website: String?

    enum CodingKeys: String, CodingKey {
      case fsqPlaceID = "fsq_place_id"
      case name, latitude, longitude, distance, categories, location, tel, website
    }
  }

  /// A category of a place.
  struct Category: Decodable, Sendable {
    var fsqCategoryID: String?
    var name: String

    enum CodingKeys: String, CodingKey {
      case fsqCategoryID = "fsq_category_id"
      case name
    }
  }

  /// A place's postal address.
  struct Location: Decodable, Sendable {
    var address: String?
    var locality: String?
    var postcode: String?
    var country: String?
    var formattedAddress: String?

    enum CodingKeys: String, CodingKey {
      case address, locality, postcode, country
      case formattedAddress = "formatted_address"
    }

    /// `formatted_address`, or the address and locality when the API gave no formatted one.
    var oneLine: String? {
      if let formattedAddress, !formattedAddress.isEmpty { return formattedAddress }
      let parts = [address, [postcode, locality].compactMap { $0 }.joined(separator: " ")]
        .compactMap { $0 }.filter { !$0.isEmpty }
      return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
  }
}
