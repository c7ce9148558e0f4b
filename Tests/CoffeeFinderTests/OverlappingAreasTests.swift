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

/// A café two areas hold under two spellings 2 m apart ("Riverside Café", "RIVERSIDE CAFE"):
/// one name and one point wherever it is listed or walked to from.
@Suite("one café of two areas (built binary)", .serialized)
struct MergedCaféTests {
  static func area(_ café: String, at point: (Double, Double)) -> String {
    """
    {"type":"FeatureCollection","features":[
    \(WalkingEndToEndTests.street("Harbour Road", [(20, 300), (200, 300), (400, 300)])),
    {"type":"Feature","properties":{"amenity":"cafe","name":"\(café)"},
     "geometry":{"type":"Point","coordinates":\(WalkingEndToEndTests.metres(point.0, point.1))}}
    ]}
    """
  }

  static func at(_ x: Double, _ y: Double) -> String {
    let point = WalkingEndToEndTests.metres(x, y).dropFirst().dropLast().split(separator: ",")
    return "\(point[1]),\(point[0])"
  }

  @Test func theMergedCaféHasOneNameAndOnePointInTheListAndTheRoute() async throws {
    let box = try await WalkingEndToEndTests.sandbox(
      Self.area("Riverside Café", at: (30, 305)), name: "town.geojson")
    let other = box.directory.appendingPathComponent("north.geojson")
    try Data(Self.area("RIVERSIDE CAFE", at: (32, 306)).utf8).write(to: other)
    let imported = try await box.run(["import", other.path])
    #expect(imported.status == 0, "\(imported.stderr)")

    // From east of both, nearer the copy in capitals: still the one name, at its own point.
    let json = try await box.run([
      "nearby", "--at", Self.at(40, 306), "--provider", "offline", "--json",
    ])
    #expect(json.status == 0, "\(json.stderr)")
    let report = try JSONDecoder().decode(
      WalkingEndToEndTests.NearbyJSON.self, from: Data(json.stdout.utf8))
    #expect(report.places.map(\.name) == ["Riverside Café"], "\(json.stdout)")
    #expect(report.places.first.map { abs($0.distance - 10) < 1 } == true, "\(json.stdout)")

    // Named either way, `route` walks to that copy: 70 m from (100, 300) in a straight line.
    for name in ["Riverside Café", "RIVERSIDE CAFE"] {
      let route = try await box.run([
        "route", name, "--at", Self.at(100, 300), "--provider", "offline",
      ])
      #expect(route.status == 0, "\(route.stderr)")
      let expected = "Walk to Riverside Café: 75 m walk · 1 min (70 m in a straight line)"
      #expect(route.stdout.contains(expected), "\(route.stdout)")
    }
  }
}
