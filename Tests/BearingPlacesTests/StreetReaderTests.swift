import BearingLocation
import BearingStreets
import Foundation
import Testing

@testable import BearingPlaces

@Suite("Streets from GeoJSON and Overpass")
struct StreetReaderTests {
  @Test func geoJSONLinesAndPolygonsWithStreetTags() {
    let json = """
      {"type":"FeatureCollection","features":[
       {"type":"Feature","properties":{"highway":"primary","name":"Mannerheimintie"},
        "geometry":{"type":"LineString","coordinates":[[24.9384,60.1699],[24.9390,60.1710]]}},
       {"type":"Feature","properties":{"tags":{"waterway":"canal"}},
        "geometry":{"type":"MultiLineString","coordinates":[[[24.90,60.16],[24.91,60.16]],
         [[24.92,60.16],[24.93,60.16]]]}},
       {"type":"Feature","properties":{"natural":"coastline"},
        "geometry":{"type":"Polygon","coordinates":[[[24.9,60.1],[25.0,60.1],[25.0,60.2],[24.9,60.1]]]}},
       {"type":"Feature","properties":{"amenity":"cafe","name":"Ekberg"},
        "geometry":{"type":"Point","coordinates":[24.9393,60.1632]}},
       {"type":"Feature","properties":{"building":"yes"},
        "geometry":{"type":"LineString","coordinates":[[24.9,60.1],[24.91,60.1]]}},
       {"type":"Feature","properties":{"highway":"footway"},
        "geometry":{"type":"LineString","coordinates":[[24.9,60.1],[200,60.1]]}}
      ]}
      """
    let streets = StreetReader.streets(in: Data(json.utf8), format: .geoJSON)
    #expect(streets.map(\.kind) == [.major, .water, .water, .water])
    guard streets.count == 4 else { return }
    #expect(streets[0].points.first == Coordinate(latitude: 60.1699, longitude: 24.9384))
    #expect(streets[3].points.count == 4)
  }

  /// What is not a street gives none: a café's building, a document that is not JSON. (That
  /// such files are not even parsed shows in the import's time, README "Maps", not here.)
  @Test func aCafesPolygonIsNoStreet() {
    #expect(StreetReader.streets(in: Data("{ points only".utf8), format: .geoJSON).isEmpty)
    let polygonsOfCafes = """
      {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"amenity":"cafe"},
       "geometry":{"type":"Polygon","coordinates":[[[24.9,60.1],[25.0,60.1],[24.9,60.1]]]}}]}
      """
    #expect(StreetReader.streets(in: Data(polygonsOfCafes.utf8), format: .geoJSON).isEmpty)
  }

  @Test func overpassWaysWithGeometry() {
    let json = """
      {"version":0.6,"elements":[
       {"type":"way","id":1,"tags":{"highway":"residential"},
        "geometry":[{"lat":60.1699,"lon":24.9384},{"lat":60.1700,"lon":24.9390}]},
       {"type":"way","id":2,"tags":{"railway":"tram"},
        "geometry":[{"lat":60.17,"lon":24.94},{"lat":60.171,"lon":24.941}]},
       {"type":"node","id":3,"lat":60.17,"lon":24.94,"tags":{"amenity":"cafe"}},
       {"type":"way","id":4,"tags":{"highway":"service"}}
      ]}
      """
    let streets = StreetReader.streets(in: Data(json.utf8), format: .overpassJSON)
    #expect(streets.map(\.kind) == [.minor, .rail])
  }

  @Test func simplifiedAtAMetre() {
    let start = Coordinate(latitude: 60.1699, longitude: 24.9384)
    // A straight line with 0.5 m wiggles, then a 10 m corner.
    var points = (0...20).map {
      start.destination(bearing: 90, distance: Double($0) * 10)
        .destination(bearing: 0, distance: $0 % 2 == 0 ? 0 : 0.5)
    }
    points.append(points.last!.destination(bearing: 0, distance: 100))
    let simplified = StreetLine(kind: .minor, points: points).simplified(tolerance: 1)
    #expect(simplified.points == [points[0], points[20], points[21]])
    #expect(StreetLine(kind: .minor, points: points).simplified(tolerance: 0.1).points.count == 22)
  }
}
