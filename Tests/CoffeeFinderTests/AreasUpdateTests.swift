import BearingHTTPTesting
import BearingLocation
import BearingPlaceStore
import BearingPlaces
import Foundation
import Testing

/// `coffee-finder areas update NAME` through the built binary: each kind of area is fetched
/// again as it was first made.
@Suite("areas update (built binary)", .serialized)
struct AreasUpdateTests {
  typealias Sandbox = AreasCommandTests.Sandbox

  /// Named features that are not tagged as cafés: only `import --all` takes them.
  static func named(_ names: [(String, Double, Double)]) -> String {
    let features = names.map { name, latitude, longitude in
      #"{"type":"Feature","properties":{"name":"\#(name)"},"#
        + #""geometry":{"type":"Point","coordinates":[\#(longitude),\#(latitude)]}}"#
    }
    return #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
  }

  @Test(.timeLimit(.minutes(1))) func anAllImportIsImportedAgainWithAll() async throws {
    let box = try Sandbox()
    let file = try box.write(
      "roasters.geojson", Self.named([("Rösteri Yksi", 60.1700, 24.9400)]))
    let imported = try await box.run(["import", file, "--all", "--area", "Roasters"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.hasPrefix("Imported 1 place"), "\(imported.stdout)")

    _ = try box.write(
      "roasters.geojson",
      Self.named([("Rösteri Yksi", 60.1700, 24.9400), ("Rösteri Kaksi", 60.1710, 24.9410)]))
    let updated = try await box.run(["areas", "update", "Roasters"])
    #expect(updated.status == 0, "\(updated.stderr)")
    #expect(updated.stdout.contains("Updated Roasters: 2 places."), "\(updated.stdout)")

    let list = try await box.run(["areas", "list"])
    #expect(list.stdout.hasPrefix("Roasters: 2 places"), "\(list.stdout)")
    let nearby = try await box.run(["nearby", "--at", "60.1710,24.9410", "--json"])
    #expect(nearby.stdout.contains("Rösteri Kaksi"), "\(nearby.stderr)")
  }

  @Test(.timeLimit(.minutes(1))) func aMigratedAreaIsReadAgainWhereItsFileNowIs() async throws {
    let box = try Sandbox()
    try FileManager.default.createDirectory(at: box.data, withIntermediateDirectories: true)
    let old = try PlaceDataset(
      area: "Kallio", source: "OpenStreetMap 2024",
      places: [
        Place(
          id: "osm:node/77", name: "Kahvila Kallio",
          coordinate: Coordinate(latitude: 60.1841, longitude: 24.9494), categories: ["Café"],
          source: .openStreetMap)
      ])
    let legacy = box.data.appendingPathComponent("imported-places.json")
    try old.write(to: legacy)

    let list = try await box.run(["areas", "list"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(
      list.stdout.contains("from \(legacy.path).migrated"),
      "the area records where its data now is: \(list.stdout)")

    let updated = try await box.run(["areas", "update", "Kallio"])
    #expect(updated.status == 0, "\(updated.stderr)")
    #expect(updated.stdout.contains("Updated Kallio: 1 place."), "\(updated.stdout)")
    let nearby = try await box.run(["nearby", "--at", "60.1841,24.9494", "--json"])
    #expect(nearby.stdout.contains("Kahvila Kallio"), "\(nearby.stderr)")
  }

  /// Earlier versions recorded a migrated area as coming from `imported-places.json`, the file
  /// the migration renamed: its update reads the renamed file.
  @Test(.timeLimit(.minutes(1))) func anAreaMigratedByAnEarlierVersionIsReadAgain() async throws {
    let box = try Sandbox()
    try FileManager.default.createDirectory(at: box.data, withIntermediateDirectories: true)
    let legacy = box.data.appendingPathComponent("imported-places.json")
    let dataset = try PlaceDataset(
      area: "Kallio", source: "OpenStreetMap 2024",
      places: [
        Place(
          id: "osm:node/77", name: "Kahvila Kallio",
          coordinate: Coordinate(latitude: 60.1841, longitude: 24.9494), categories: ["Café"],
          source: .openStreetMap),
        Place(
          id: "osm:node/78", name: "Kahvila Toinen",
          coordinate: Coordinate(latitude: 60.1842, longitude: 24.9495), categories: ["Café"],
          source: .openStreetMap),
      ])
    try dataset.write(to: legacy.appendingPathExtension("migrated"))
    do {
      let store = try PlaceStore(path: box.data.appendingPathComponent("places.sqlite").path)
      let coverage = dataset.coverage
      try await store.add(
        PlaceStore.NewArea(
          name: "Kallio", source: coverage.source, origin: .file(legacy.path),
          boundary: .box(
            south: coverage.south, west: coverage.west, north: coverage.north,
            east: coverage.east)),
        places: Array(dataset.places.prefix(1)))
      try store.database.close()
    }
    let updated = try await box.run(["areas", "update", "Kallio"])
    #expect(updated.status == 0, "\(updated.stderr)")
    #expect(updated.stdout.contains("Updated Kallio: 2 places."), "\(updated.stdout)")
    let list = try await box.run(["areas", "list"])
    #expect(list.stdout.contains("from \(legacy.path).migrated"), "\(list.stdout)")
  }

  @Test(.timeLimit(.minutes(1))) func aDownloadIsDownloadedAgain() async throws {
    let box = try Sandbox()
    let first = AreasCommandTests.download
    let second = first.replacingOccurrences(
      of: #""name":"Deux"}}"#,
      with: #""name":"Deux"}},{"type":"node","id":9004,"lat":48.8580,"lon":2.3520,"#
        + #""tags":{"amenity":"cafe","name":"Trois"}}"#)
    try await LoopbackHTTPServer.with({ _, index in .json(.ok, index == 0 ? first : second) }) {
      server in
      let url = server.baseURL.appendingPathComponent("api/interpreter").absoluteString
      let downloaded = try await box.run(
        ["download", "--around", "48.8566,2.3522", "--radius", "2km", "--area", "Paris"],
        extra: ["COFFEE_FINDER_OVERPASS_URL": url])
      #expect(downloaded.stdout.contains(#"Stored 2 places as the area "Paris""#))

      // The environment's Overpass is a closed port: the option says where to download from.
      let updated = try await box.run(["areas", "update", "Paris", "--overpass-url", url])
      #expect(updated.status == 0, "\(updated.stderr)")
      #expect(
        updated.stdout.contains(#"Stored 3 places as the area "Paris""#), "\(updated.stdout)")
      #expect(server.requests.count == 2)
      let request = try #require(server.requests.last)
      #expect(
        request.uri.contains("around%3A2000%2C48.856600%2C2.352200")
          || request.uri.contains("around:2000,48.856600,2.352200"), "\(request.uri)")
    }
    let list = try await box.run(["areas", "list"])
    #expect(list.stdout.hasPrefix("Paris: 3 places"), "\(list.stdout)")
    #expect(list.stdout.contains("circle of 2.0 km"))
  }

  @Test(.timeLimit(.minutes(1))) func anAreaWhoseFileIsGoneSaysSoAndKeepsItsPlaces() async throws {
    let box = try Sandbox()
    let file = try box.write(
      "tokyo.geojson", AreasCommandTests.features([("Kissa Marunouchi", 35.6813, 139.7671)]))
    #expect(try await box.run(["import", file, "--area", "Tokyo"]).status == 0)
    try FileManager.default.removeItem(atPath: file)

    let updated = try await box.run(["areas", "update", "Tokyo"])
    #expect(updated.status == 1)
    #expect(updated.stdout.isEmpty, "\(updated.stdout)")
    let lines = updated.stderr.split(separator: "\n")
    #expect(lines.count == 1, "one line: \(updated.stderr)")
    #expect(
      updated.stderr.contains("\(file) is no longer there")
        && updated.stderr.contains("Tokyo keeps its 1 place"), "\(updated.stderr)")

    let list = try await box.run(["areas", "list"])
    #expect(list.stdout.hasPrefix("Tokyo: 1 place"), "\(list.stdout)")
    let nearby = try await box.run(["nearby", "--at", "35.6812,139.7671", "--json"])
    #expect(nearby.stdout.contains("Kissa Marunouchi"), "\(nearby.stderr)")
  }
}
