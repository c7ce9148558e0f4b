import BearingLocation
import BearingProcessTesting
import Foundation
import Testing

@testable import BearingPlaces

/// What RFC 7946 allows and other tools write: a feature whose `properties` is `null`, and a
/// document that is one Feature rather than a FeatureCollection. Each is read by every path a
/// GeoJSON file takes (in order, on every core, streamed from a file), and really broken
/// documents still fail with their clear errors.
@Suite("Import: GeoJSON's null properties and a single Feature", .offPool)
struct GeoJSONTopLevelTests {
  static func café(_ name: String, _ longitude: Double) -> String {
    #"{"type":"Feature","properties":{"amenity":"cafe","name":"\#(name)"},"#
      + #""geometry":{"type":"Point","coordinates":[\#(longitude),60.17]}}"#
  }

  /// Three features, the middle one (feature 1) with null properties and no geometry either.
  static let nullProperties =
    #"{"type":"FeatureCollection","features":["# + café("Ensi", 24.94) + ","
    + #"{"type":"Feature","properties":null,"geometry":null},"#
    + #"{"type":"Feature","properties":null,"geometry":{"type":"Point","coordinates":[24.95,60.17]}},"#
    + café("Toka", 24.96) + "]}"

  static let single = café("Yksin", 24.94)

  static func paths(_ text: String) throws -> [String: [String]] {
    let data = Data(text.utf8)
    var names: [String: [String]] = [:]
    for parallel in [true, false] {
      let places = try GeoJSONReader(data: data, source: "t.geojson", parallel: parallel).read()
      names[parallel ? "every core" : "in order"] = places.map(\.name)
    }
    names["import"] = try OSMImporter.importData(data, area: "t").places.map(\.name)
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("top-level-\(UUID().uuidString).geojson")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let stream = try PlaceImportStream(fileAt: url, area: "t", batchSize: 1, queueDepth: 1)
    var streamed: [String] = []
    while let batch = try stream.next() { streamed += batch.map(\.name) }
    names["streamed"] = streamed
    return names
  }

  @Test("a feature whose properties are null is no named café: skipped, the rest imported")
  func nullPropertiesAreNoProperties() throws {
    let names = try Self.paths(Self.nullProperties)
    #expect(names.count == 4)
    for (path, found) in names { #expect(found == ["Ensi", "Toka"], "\(path)") }
  }

  @Test("a name written as a number is its text; spaces around a name go; only spaces, no name")
  func numberAndBlankNames() throws {
    let text =
      #"{"type":"FeatureCollection","features":["#
      + #"{"type":"Feature","properties":{"amenity":"cafe","name":12345},"#
      + #""geometry":{"type":"Point","coordinates":[24.94,60.17]}},"#
      + #"{"type":"Feature","properties":{"amenity":"cafe","name":"   "},"#
      + #""geometry":{"type":"Point","coordinates":[24.95,60.17]}},"#
      + #"{"type":"Feature","properties":{"amenity":"cafe","name":"  Square Café \n"},"#
      + #""geometry":{"type":"Point","coordinates":[24.96,60.17]}}]}"#
    let names = try Self.paths(text)
    #expect(names.count == 4)
    for (path, found) in names { #expect(found == ["12345", "Square Café"], "\(path)") }
  }

  @Test("a document that is one Feature is a collection of that one")
  func singleFeature() throws {
    let names = try Self.paths(Self.single)
    #expect(names.count == 4)
    for (path, found) in names { #expect(found == ["Yksin"], "\(path)") }
    let id = try OSMImporter.importData(Data(Self.single.utf8), area: "t").places.first?.id
    #expect(id?.hasPrefix("geo:") == true)
  }

  @Test("a single Feature's street lines are read for maps too")
  func singleFeatureStreets() {
    let street =
      #"{"type":"Feature","properties":{"highway":"residential","name":"Katu"},"#
      + #""geometry":{"type":"LineString","coordinates":[[24.94,60.17],[24.95,60.17]]}}"#
    let lines = StreetReader.streets(in: Data(street.utf8), format: .geoJSON)
    #expect(lines.count == 1)
  }

  @Test(
    "really broken documents still fail, naming the problem",
    arguments: [
      // A feature with no properties member at all is not RFC 7946 GeoJSON.
      (
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null}]}"#,
        #"feature 1: "properties" is missing or not an object"#
      ),
      (
        #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":3,"#
          + #""geometry":null}]}"#,
        #"feature 1: "properties" is missing or not an object"#
      ),
      (#"{"type":"Feature"}"#, #"feature 1: "properties" is missing or not an object"#),
      (
        #"{"type":"Feature","properties":{"amenity":"cafe","name":"B"},"geometry":null}"#,
        #"feature 1: the feature named "B" has no geometry"#
      ),
      (#"{"type":"Topology","objects":{}}"#, "the top level is a Topology"),
      (#"{"type":"Feature","properties":null,"geometry":null"#, "not valid JSON"),
    ])
  func brokenStillFails(json: String, message: String) {
    for parallel in [true, false] {
      #expect(throws: PlaceImportError.self) {
        try GeoJSONReader(data: Data(json.utf8), source: "t", parallel: parallel).read()
      }
    }
    let error = #expect(throws: PlaceImportError.self) {
      try OSMImporter.importData(Data(json.utf8), area: "t")
    }
    #expect(error.map { "\($0)".contains(message) } == true, "\(String(describing: error))")
  }

  @Test("a single Feature that is no café leaves a file with no café, as a collection does")
  func singleFeatureNoCafé() {
    let json = #"{"type":"Feature","properties":null,"geometry":null}"#
    let error = #expect(throws: PlaceImportError.self) {
      try OSMImporter.importData(Data(json.utf8), area: "t")
    }
    #expect(error.map { "\($0)".contains("no named café") } == true)
  }
}
