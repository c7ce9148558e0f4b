import BearingHTTPTesting
import BearingLocation
import BearingPlaces
import Foundation
import Testing

/// Stored areas through the built binary: imports, downloads, `areas`, and the move of an old
/// `imported-places.json` into the store.
@Suite("areas, import and download (built binary)", .serialized)
struct AreasCommandTests {
  final class Sandbox: Sendable {
    let directory: URL
    init() throws { directory = try BuiltBinary.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: directory) }
    var data: URL { directory.appendingPathComponent("data") }

    func run(_ arguments: [String], extra: [String: String] = [:]) async throws
      -> BuiltBinary.Result
    {
      let arguments = arguments + ["--data-dir", data.path]
      let directory = directory
      return try await onThread {
        Swift.Result { try BuiltBinary.run(arguments, dataDirectory: directory, extra: extra) }
      }.get()
    }

    func write(_ name: String, _ text: String) throws -> String {
      let url = directory.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      return url.path
    }
  }

  static func features(_ cafes: [(String, Double, Double)]) -> String {
    let features = cafes.map { name, latitude, longitude in
      #"{"type":"Feature","properties":{"name":"\#(name)","amenity":"cafe"},"#
        + #""geometry":{"type":"Point","coordinates":[\#(longitude),\#(latitude)]}}"#
    }
    return #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
  }

  @Test(.timeLimit(.minutes(1))) func twoImportsAreTwoAreasAndBothAreSearched() async throws {
    let box = try Sandbox()
    let tokyo = try box.write(
      "tokyo.geojson", Self.features([("Kissa Marunouchi", 35.6813, 139.7671)]))
    let paris = try box.write(
      "paris.geojson",
      Self.features([("Café Rivoli", 48.8570, 2.3530), ("Café Seine", 48.8560, 2.3500)]))
    #expect(try await box.run(["import", tokyo, "--area", "Tokyo"]).status == 0)
    let second = try await box.run(["import", paris])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains(#"as the area "paris""#))

    let list = try await box.run(["areas", "list"])
    #expect(list.status == 0, "\(list.stderr)")
    let lines = list.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("paris: 2 places") == true, "\(list.stdout)")
    #expect(lines.dropFirst().first?.hasPrefix("Tokyo: 1 place") == true, "\(list.stdout)")
    #expect(list.stdout.contains("central Helsinki (built in): 86 places"))

    for (at, name) in [("35.6812,139.7671", "Kissa Marunouchi"), ("48.8566,2.3522", "Café Rivoli")]
    {
      let nearby = try await box.run(["nearby", "--at", at, "--json"])
      #expect(nearby.status == 0, "\(nearby.stderr)")
      #expect(nearby.stdout.contains(name))
      #expect(nearby.stdout.contains(#""dataSource":"offline""#))
    }
    // The built-in area still answers in Helsinki.
    let helsinki = try await box.run(["nearby", "--at", "60.1699,24.9384", "--limit", "1"])
    #expect(helsinki.stdout.contains("central Helsinki"), "\(helsinki.stdout)")

    let removed = try await box.run(["areas", "remove", "Tokyo"])
    #expect(removed.status == 0)
    #expect(removed.stdout.contains("Removed the area Tokyo and the 1 place no other area holds."))
    let after = try await box.run(["areas", "list", "--json"])
    #expect(!after.stdout.contains("Tokyo"))
    let missing = try await box.run(["areas", "remove", "Tokyo"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains(#"no stored area is called "Tokyo""#))
  }

  /// A feature that cannot be read (no geometry, as RFC 7946 allows) is left out and said, the
  /// rest imported; a name of only spaces is no name; a name control characters are escaped in.
  @Test(.timeLimit(.minutes(1))) func unreadableFeaturesAreLeftOutAndSaid() async throws {
    let box = try Sandbox()
    let file = try box.write(
      "odd.geojson",
      #"{"type":"FeatureCollection","features":["#
        + #"{"type":"Feature","properties":{"name":"Kahvila Yksi","amenity":"cafe"},"#
        + #""geometry":{"type":"Point","coordinates":[24.94,60.17]}},"#
        + #"{"type":"Feature","properties":{"name":"Nowhere\u001b[31m Café","amenity":"cafe"},"#
        + #""geometry":null},"#
        + #"{"type":"Feature","properties":{"name":"   ","amenity":"cafe"},"#
        + #""geometry":{"type":"Point","coordinates":[24.95,60.17]}}]}"#)
    let imported = try await box.run(["import", file, "--area", "Odd"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.hasPrefix("Imported 1 place covering"), "\(imported.stdout)")
    #expect(
      imported.stderr.contains(
        #"warning: left out 1 feature that cannot be read: feature 2: the feature named "Nowhere\u{1B}[31m Café" has no geometry"#
      ), "\(imported.stderr)")
    #expect(!imported.stderr.contains("\u{1B}["), "escaped")
    // The blank name is no café: said, not dropped without a word.
    #expect(
      imported.stdout.contains(
        "Left out 1 feature that is not a named café (--all takes every named feature)."),
      "\(imported.stdout)")
    // `areas update` reads the file again and says the same.
    let updated = try await box.run(["areas", "update", "Odd"])
    #expect(updated.status == 0, "\(updated.stderr)")
    #expect(updated.stdout.contains("Updated Odd: 1 place."), "\(updated.stdout)")
    #expect(
      updated.stderr.contains("warning: left out 1 feature that cannot be read: feature 2:"),
      "\(updated.stderr)")
  }

  @Test(.timeLimit(.minutes(1))) func anOldImportedPlacesFileMovesIntoTheStore() async throws {
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
    #expect(list.stdout.hasPrefix("Kallio: 1 place, OpenStreetMap 2024"))
    #expect(list.stderr.contains("moved the 1 place of Kallio from imported-places.json"))
    #expect(!FileManager.default.fileExists(atPath: legacy.path))
    #expect(FileManager.default.fileExists(atPath: legacy.path + ".migrated"))

    let nearby = try await box.run(["nearby", "--at", "60.1841,24.9494", "--json"])
    #expect(nearby.stdout.contains("Kahvila Kallio"), "\(nearby.stderr)")
    #expect(nearby.stderr.isEmpty, "moved once, not again: \(nearby.stderr)")
  }

  static let download = """
    {"version":0.6,"generator":"Overpass API","elements":[
    {"type":"node","id":9001,"lat":48.8570,"lon":2.3530,"tags":{"amenity":"cafe","name":"Café Un"}},
    {"type":"way","id":9002,"center":{"lat":48.8590,"lon":2.3500},"tags":{"shop":"coffee","name":"Deux"}},
    {"type":"node","id":9003,"lat":48.9500,"lon":2.3500,"tags":{"amenity":"cafe","name":"Trop loin"}}
    ]}
    """

  @Test(.timeLimit(.minutes(1))) func downloadStoresACircleThatAnswersOffline() async throws {
    let box = try Sandbox()
    try await LoopbackHTTPServer.with({ _, _ in .json(.ok, Self.download) }) { server in
      let url = server.baseURL.appendingPathComponent("api/interpreter").absoluteString
      let result = try await box.run(
        ["download", "--around", "48.8566,2.3522", "--radius", "2km", "--area", "Paris"],
        extra: ["COFFEE_FINDER_OVERPASS_URL": url])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.contains("downloading the cafés within 2.0 km of 48.85660,2.35220"))
      #expect(result.stderr.contains("2 cafés; storing"))
      #expect(result.stdout.contains(#"Stored 2 places as the area "Paris""#))
      let request = try #require(server.requests.first)
      #expect(
        request.uri.contains("around%3A2000%2C48.856600%2C2.352200")
          || request.uri.contains("around:2000,48.856600,2.352200"))
      #expect(request.headerFields[.userAgent]?.hasPrefix("coffee-finder/") == true)
    }
    // Offline now: the server is gone (the environment's Overpass is a closed port).
    let nearby = try await box.run(["nearby", "--at", "48.8566,2.3522", "--json"])
    #expect(nearby.status == 0, "\(nearby.stderr)")
    #expect(nearby.stdout.contains("Café Un") && nearby.stdout.contains("Deux"))
    let list = try await box.run(["areas", "list"])
    #expect(list.stdout.contains("Paris: 2 places, OpenStreetMap via Overpass"))
    #expect(list.stdout.contains("circle of 2.0 km"))
  }

  @Test(.timeLimit(.minutes(1))) func aDownloadCutShortStoresNothing() async throws {
    let box = try Sandbox()
    let body = Data(Self.download.utf8)
    try await LoopbackHTTPServer.with({ _, _ in
      .truncated(status: .ok, declaredLength: body.count, body: body.prefix(body.count / 2))
    }) { server in
      let url = server.baseURL.appendingPathComponent("api/interpreter").absoluteString
      let result = try await box.run(
        ["download", "--around", "48.8566,2.3522", "--radius", "2km"],
        extra: ["COFFEE_FINDER_OVERPASS_URL": url])
      #expect(result.status == 1)
      #expect(result.stderr.contains("Nothing was stored"), "\(result.stderr)")
      // "downloading …", "receiving the answer…" (part of it came), then the error.
      #expect(result.stderr.split(separator: "\n").count == 3, "\(result.stderr)")
    }
    let list = try await box.run(["areas", "list"])
    #expect(list.stdout.hasPrefix("central Helsinki (built in)"), "\(list.stdout)")
  }

  @Test func badDownloadOptionsAreUsageErrors() async throws {
    let box = try Sandbox()
    for arguments in [
      ["download", "--around", "95,0"], ["download", "--around", "48,2", "--radius", "80km"],
      ["download", "--around", "48,2", "--radius", "-1"],
    ] {
      let result = try await box.run(arguments)
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
    }
  }
}
