import Foundation
import Testing

/// One café held by several stored areas, through the built binary: one row, and a "Data:"
/// line that names every area the results came from.
@Suite struct OverlappingAreasTests {
  /// Two cafés near Helsinki's railway square, and one 20 m from the first under the same name
  /// spelt another way (a list of one's own beside an OpenStreetMap extract).
  static let list = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "properties": {"name": "Kahvila Eka", "amenity": "cafe"},
       "geometry": {"type": "Point", "coordinates": [24.9384, 60.1699]}},
      {"type": "Feature", "properties": {"name": "Kahvila Toka", "amenity": "cafe"},
       "geometry": {"type": "Point", "coordinates": [24.9400, 60.1705]}}
    ]}
    """
  static let neighbour = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "properties": {"name": "KAHVILA EKA", "amenity": "cafe"},
       "geometry": {"type": "Point", "coordinates": [24.9384, 60.16982]}},
      {"type": "Feature", "properties": {"name": "Kahvila Kolmas", "amenity": "cafe"},
       "geometry": {"type": "Point", "coordinates": [24.9370, 60.1690]}}
    ]}
    """

  static func importing(
    _ files: [(name: String, text: String, area: String)], in directory: URL
  ) async throws -> [String] {
    let data = ["--data-dir", directory.appendingPathComponent("data").path]
    for file in files {
      let url = directory.appendingPathComponent(file.name)
      try file.text.write(to: url, atomically: true, encoding: .utf8)
      let result = try await BuiltBinary.run(
        ["import", url.path, "--area", file.area] + data, dataDirectory: directory)
      #expect(result.status == 0, "\(result.stderr)")
    }
    return data
  }

  @Test func theSameListImportedUnderTwoNamesIsOneRowPerCaféAndBothAreasAreNamed() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // The same list under two file names: ids made from the file's name differ.
    let data = try await Self.importing(
      [("mine.geojson", Self.list, "Mine"), ("copy.geojson", Self.list, "Copy")], in: directory)
    let json = try await BuiltBinary.run(
      ["nearby", "--at", "60.1699,24.9384", "--provider", "offline", "--json"] + data,
      dataDirectory: directory)
    #expect(json.status == 0, "\(json.stderr)")
    let report = try JSONDecoder().decode(
      CommandLineTests.NearbyJSON.self, from: Data(json.stdout.utf8))
    #expect(report.places.map(\.name) == ["Kahvila Eka", "Kahvila Toka"])
    let table = try await BuiltBinary.run(
      ["nearby", "--at", "60.1699,24.9384", "--provider", "offline"] + data,
      dataDirectory: directory)
    #expect(table.status == 0, "\(table.stderr)")
    let dataLine = table.stdout.split(separator: "\n").first { $0.hasPrefix("Data:") } ?? ""
    #expect(
      dataLine
        == "Data: offline data: Copy, GeoJSON file copy.geojson, 2 places; Mine, GeoJSON file "
        + "mine.geojson, 2 places",
      "\(table.stdout)")
  }

  @Test func aCaféOfTheSameNameWithin30mInAnotherAreaIsOneRow() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = try await Self.importing(
      [("list.geojson", Self.list, "List"), ("neighbour.geojson", Self.neighbour, "Neighbour")],
      in: directory)
    let json = try await BuiltBinary.run(
      ["nearby", "--at", "60.1699,24.9384", "--provider", "offline", "--json"] + data,
      dataDirectory: directory)
    #expect(json.status == 0, "\(json.stderr)")
    let report = try JSONDecoder().decode(
      CommandLineTests.NearbyJSON.self, from: Data(json.stdout.utf8))
    // "KAHVILA EKA" is 9 m from "Kahvila Eka": one café, the nearer row kept.
    #expect(
      report.places.map(\.name) == ["Kahvila Eka", "Kahvila Toka", "Kahvila Kolmas"],
      "\(report.places)")
    #expect(report.places.first?.distance == 0)
  }
}
