import BearingLocation
import BearingProcessTesting
import Foundation
import Testing

@testable import BearingPlaces

/// GeoJSON that did not come from Overpass, and Overpass's own JSON, imported as cafés.
@Suite("Import: GeoJSON from anywhere, Overpass JSON", .offPool)
struct GeoJSONAnywhereTests {
  /// As QGIS or geojson.io write it: no ids, plain properties, a MultiPolygon.
  static let noIDs = """
    {"type":"FeatureCollection","name":"cafes","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:OGC:1.3:CRS84"}},
     "features":[
      {"type":"Feature","properties":{"name":"Kahvila Sävy","amenity":"cafe"},
       "geometry":{"type":"Point","coordinates":[24.9501,60.1702]}},
      {"type":"Feature","properties":{"name":"Roastery Hall","shop":"coffee"},
       "geometry":{"type":"MultiPolygon","coordinates":[[[[24.960,60.180],[24.962,60.180],
         [24.962,60.182],[24.960,60.182],[24.960,60.180]]]]}},
      {"type":"Feature","properties":{"name":"Just a shop"},
       "geometry":{"type":"Point","coordinates":[24.93,60.16]}},
      {"type":"Feature","properties":{"amenity":"cafe"},
       "geometry":{"type":"Point","coordinates":[24.94,60.16]}}
     ]}
    """

  @Test("a MultiPolygon stands at the centroid of all its polygons, each weighed by its area")
  func multiPolygonCentroid() throws {
    // A small square wound clockwise, one nine times its area wound the other way; and two
    // equal squares either side of the antimeridian.
    let text = """
      {"type":"FeatureCollection","features":[
       {"type":"Feature","properties":{"name":"Two halls","amenity":"cafe"},
        "geometry":{"type":"MultiPolygon","coordinates":[
         [[[24.000,60.000],[24.000,60.002],[24.002,60.002],[24.002,60.000],[24.000,60.000]]],
         [[[24.010,60.000],[24.016,60.000],[24.016,60.006],[24.010,60.006],[24.010,60.000]]]]}},
       {"type":"Feature","properties":{"name":"Date line","amenity":"cafe"},
        "geometry":{"type":"MultiPolygon","coordinates":[
         [[[179.990,-17.0],[179.998,-17.0],[179.998,-16.99],[179.990,-16.99],[179.990,-17.0]]],
         [[[-179.998,-17.0],[-179.990,-17.0],[-179.990,-16.99],[-179.998,-16.99],
           [-179.998,-17.0]]]]}}
      ]}
      """
    let places = try OSMImporter.importData(Data(text.utf8), area: "halls").places
    let halls = try #require(places.first { $0.name == "Two halls" })
    #expect(abs(halls.coordinate.longitude - 24.0118) < 1e-9)
    #expect(abs(halls.coordinate.latitude - 60.0028) < 1e-9)
    let dateLine = try #require(places.first { $0.name == "Date line" })
    #expect(abs(abs(dateLine.coordinate.longitude) - 180) < 1e-9)
    #expect(abs(dateLine.coordinate.latitude + 16.995) < 1e-9)
  }

  @Test("features without OpenStreetMap ids get stable ids from file, position and name")
  func stableIDs() throws {
    let data = Data(Self.noIDs.utf8)
    let first = try OSMImporter.importData(data, area: "mine", fileName: "cafes.geojson")
    #expect(first.places.map(\.name).sorted() == ["Kahvila Sävy", "Roastery Hall"])
    #expect(first.places.allSatisfy { $0.id.hasPrefix("geo:") && $0.id.count == 20 })
    let again = try OSMImporter.importData(data, area: "other name", fileName: "cafes.geojson")
    #expect(again.places.map(\.id) == first.places.map(\.id))
    let elsewhere = try OSMImporter.importData(data, area: "mine", fileName: "other.geojson")
    #expect(Set(elsewhere.places.map(\.id)).isDisjoint(with: first.places.map(\.id)))
    let hall = try #require(first.places.first { $0.name == "Roastery Hall" })
    #expect(abs(hall.coordinate.latitude - 60.181) < 1e-6)
    #expect(abs(hall.coordinate.longitude - 24.961) < 1e-6)
    #expect(hall.categories == ["Coffee Shop"])
  }

  @Test("the stable id changes with the name and the position")
  func stableIDInputs() {
    let here = Coordinate(latitude: 60.17, longitude: 24.95)
    let id = GeoJSONReader.stableID(source: "a", coordinate: here, name: "X")
    #expect(id == GeoJSONReader.stableID(source: "a", coordinate: here, name: "X"))
    #expect(id != GeoJSONReader.stableID(source: "a", coordinate: here, name: "Y"))
    #expect(
      id
        != GeoJSONReader.stableID(
          source: "a", coordinate: Coordinate(latitude: 60.1700001, longitude: 24.95), name: "X"))
    #expect(id != GeoJSONReader.stableID(source: "b", coordinate: here, name: "X"))
  }

  @Test("--all takes every named feature as a café")
  func everyNamedFeature() throws {
    let dataset = try OSMImporter.importData(
      Data(Self.noIDs.utf8), area: "mine", everyNamedFeature: true)
    #expect(
      dataset.places.map(\.name).sorted() == ["Just a shop", "Kahvila Sävy", "Roastery Hall"])
    let shop = try #require(dataset.places.first { $0.name == "Just a shop" })
    #expect(shop.categories == ["Café"])
  }

  @Test("without --all a list of names only says what --all would do")
  func namesOnly() {
    let json = """
      {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"A"},
       "geometry":{"type":"Point","coordinates":[1,2]}}]}
      """
    #expect {
      try OSMImporter.importData(Data(json.utf8), area: "x")
    } throws: { error in
      "\(error)".contains("with --all every named feature counts")
    }
  }

  @Test("an Overpass JSON answer is imported, ways and relations at their centers")
  func overpassJSON() throws {
    let data = try FoursquareFixtures.data("overpass-paris.json")
    #expect(OSMImporter.detectFormat(data) == .overpassJSON)
    let dataset = try OSMImporter.importData(data, area: "Paris")
    #expect(
      dataset.places.map(\.id) == [
        "osm:node/1001", "osm:node/1004", "osm:node/1007", "osm:relation/3003", "osm:way/2002",
      ])
    #expect(OSMImporter.detectFormat(Data(Self.noIDs.utf8)) == .geoJSON)
  }

  @Test("an Overpass answer with a runtime error is refused: it is incomplete")
  func overpassRemark() throws {
    let data = try FoursquareFixtures.data("overpass-remark-timeout.json")
    #expect {
      try OSMImporter.importData(data, area: "Paris")
    } throws: { error in
      "\(error)".contains("incomplete") && "\(error)".contains("Query timed out")
    }
  }
}
