import BearingHTTP
import BearingLocation
import BearingPlaces
import BearingText
import Foundation

/// Shared values for the Foursquare tests: a fake key, the query center, and fixture access.
enum FoursquareFixtures {
  /// Looks like a real service key so a leak would be recognisable; it is not one.
  static let secret = "fsq3Zx9QmT4wLp7vKc2RbN8hYd5JsA1eGu6oXi0FtPn="
  static let key = FoursquareAPIKey(secret)!
  /// Helsinki central railway station.
  static let center = Coordinate(latitude: 60.1699, longitude: 24.9384)
  static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: directory.appendingPathComponent(name))
  }

  static func text(_ name: String) throws -> String {
    String(decoding: try data(name), as: UTF8.self)
  }

  static func query(limit: Int, text: String? = nil) throws -> PlaceQuery {
    try PlaceQuery(
      center: center, radius: 1_500, categories: [.coffeeShop, .cafe], text: text, limit: limit)
  }

  /// The five cafés of the two search pages, nearest first.
  static let expectedNames = [
    "La Torrefazione", "Fazer Café Kluuvikatu", "Café Aalto", "Café Ekberg", "Kaffa Roastery",
  ]
}
