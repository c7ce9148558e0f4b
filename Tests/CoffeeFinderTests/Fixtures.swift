import BearingLocation
import BearingPersonalData
import BearingPlaces
import CoffeeFinder
import Foundation

/// Places and positions shared by the tests.
enum Fixtures {
  static let station = Coordinate(latitude: 60.1710, longitude: 24.9414)
  static let here = Location(
    coordinate: station, horizontalAccuracy: 5,
    timestamp: Date(timeIntervalSince1970: 1_800_000_000))
  /// About 300 m south of ``here``.
  static let moved = Location(
    coordinate: Coordinate(latitude: 60.1683, longitude: 24.9414), horizontalAccuracy: 5,
    timestamp: Date(timeIntervalSince1970: 1_800_000_060))
  /// About 30 m from ``here``.
  static let nudged = Location(
    coordinate: Coordinate(latitude: 60.1713, longitude: 24.9414), horizontalAccuracy: 5,
    timestamp: Date(timeIntervalSince1970: 1_800_000_030))

  static let ekberg = Place(
    id: "osm:node/1", name: "Café Ekberg",
    coordinate: Coordinate(latitude: 60.1632, longitude: 24.9393), distance: 120,
    address: "Bulevardi 9, Helsinki", categories: ["Café"], phone: "+358 9 681 1860",
    source: .openStreetMap)
  static let regatta = Place(
    id: "osm:node/2", name: "Café Regatta",
    coordinate: Coordinate(latitude: 60.1836, longitude: 24.9072), distance: 1_460,
    categories: ["Café", "Coffee Shop"], source: .openStreetMap)

  static let coverage = DataCoverage(
    area: "central Helsinki", source: "OpenStreetMap 2019", south: 60.16, west: 24.93,
    north: 60.18, east: 24.96, placeCount: 86)

  static let epoch = Date(timeIntervalSince1970: 1_800_000_000)
}
