import BearingLocation
import BearingText
import CoffeeFinder
import Foundation
import Testing

/// End-to-end tests of the built binary: `nearby`, exit codes, and favourites and notes that
/// survive between runs. Serialized: they share the one binary and the machine's two cores.
@Suite(.serialized) struct CommandLineTests {
  struct NearbyJSON: Decodable {
    struct Entry: Decodable {
      var id: String
      var name: String
      var distance: Double
      var latitude: Double
      var longitude: Double
    }
    var center: [String: Double]
    var radius: Double
    var locationSource: String
    var dataSource: String
    var attribution: String?
    var places: [Entry]
  }

  static let railwaySquare = Coordinate(latitude: 60.1699, longitude: 24.9384)

  @Test func nearbyJSONAtAFixedHelsinkiLocation() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await BuiltBinary.run(
      [
        "nearby", "--json", "--at", "60.1699,24.9384", "--radius", "500", "--limit", "5",
        "--provider", "offline", "--data-dir", directory.path,
      ],
      dataDirectory: directory)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stderr.isEmpty)
    let report = try JSONDecoder().decode(NearbyJSON.self, from: Data(result.stdout.utf8))
    #expect(report.locationSource == "manual")
    #expect(report.dataSource == "offline")
    #expect(report.attribution == "© OpenStreetMap contributors (ODbL)")
    #expect(report.radius == 500)
    #expect(report.places.count == 5)
    // Nearest first, within the radius, and each distance is the true one from the centre.
    #expect(report.places.map(\.distance) == report.places.map(\.distance).sorted())
    for place in report.places {
      let actual = Self.railwaySquare.distance(
        to: Coordinate(latitude: place.latitude, longitude: place.longitude))
      #expect(abs(actual - place.distance) < 0.2, "\(place.name)")
      #expect(place.distance <= 500)
      #expect(place.id.hasPrefix("osm:"))
    }
  }

  @Test func nearbyWithNothingGivenUsesTheOfflineDataAndSaysSo() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await BuiltBinary.run(
      ["nearby", "--data-dir", directory.path], dataDirectory: directory)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let notes = result.stderr.split(separator: "\n")
    #expect(notes.count == 1)
    #expect(
      notes.first?.contains(
        "simulated position at the centre of the built-in data, central Helsinki") == true)
    #expect(result.stdout.contains("© OpenStreetMap contributors (ODbL)"))
    #expect(result.stdout.contains("central Helsinki"))
    // A header line plus ten results by default.
    #expect(
      result.stdout.split(separator: "\n").filter { $0.contains(" m") || $0.contains(" km") }.count
        >= 10)
  }

  @Test func badUsageExitsTwoAndErrorsExitOneWithOneLine() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for arguments in [
      ["nearby", "--radius", "-5"], ["nearby", "--at", "91,0"], ["nearby", "--at", "nonsense"],
      ["nearby", "--limit", "0"], ["nearby", "--at", "60,24", "--wander"], ["no-such-command"],
    ] {
      let result = try await BuiltBinary.run(
        arguments + ["--data-dir", directory.path], dataDirectory: directory)
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(arguments)")
    }
    // Outside the offline data's area, offline only: a runtime error, one line naming the
    // covered area.
    let outside = try await BuiltBinary.run(
      ["nearby", "--at", "48.8566,2.3522", "--provider", "offline", "--data-dir", directory.path],
      dataDirectory: directory)
    #expect(outside.status == 1)
    #expect(outside.stderr.split(separator: "\n").count == 1)
    #expect(outside.stderr.hasPrefix("coffee-finder: error: No offline data here"))
    #expect(outside.stderr.contains("central Helsinki"))
    // The same with auto and no network: Overpass cannot be reached, and the line says which
    // area is stored. (`--provider auto` said: the run above's `offline` is remembered.)
    let offlineAuto = try await BuiltBinary.run(
      ["nearby", "--at", "48.8566,2.3522", "--provider", "auto", "--data-dir", directory.path],
      dataDirectory: directory)
    #expect(offlineAuto.status == 1)
    #expect(offlineAuto.stderr.split(separator: "\n").count == 1, "\(offlineAuto.stderr)")
    #expect(offlineAuto.stderr.contains("Overpass at 127.0.0.1 could not be reached"))
    #expect(offlineAuto.stderr.contains("offline data is stored only for central Helsinki"))

    let help = try await BuiltBinary.run(["nearby", "--help"], dataDirectory: directory)
    #expect(help.status == 0)
    #expect(help.stdout.contains("coffee-finder nearby --at 60.1699,24.9384"))
  }

  /// Exit statuses come from argument-parser's own verdict on the error: 0 and standard output
  /// for --help and --version, 2 and its message with the usage for bad usage (also when `run`
  /// throws a `ValidationError`), 1 and one "coffee-finder: error:" line for a runtime error.
  @Test func helpVersionUsageAndRuntimeErrorsExitAsDocumented() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = ["--data-dir", directory.path]

    let help = try await BuiltBinary.run(["--help"], dataDirectory: directory)
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: coffee-finder"))
    #expect(help.stdout.contains("SUBCOMMANDS:"))
    #expect(help.stderr.isEmpty)
    let subcommandHelp = try await BuiltBinary.run(["help", "watch"], dataDirectory: directory)
    #expect(subcommandHelp.status == 0)
    #expect(subcommandHelp.stdout.contains("USAGE: coffee-finder watch"))
    let version = try await BuiltBinary.run(["--version"], dataDirectory: directory)
    #expect(version.status == 0)
    #expect(version.stdout == "0.1.0\n")

    let unknown = try await BuiltBinary.run(["--no-such-flag"] + data, dataDirectory: directory)
    #expect(unknown.status == 2)
    #expect(unknown.stdout.isEmpty)
    // One line, naming the command whose help says more.
    #expect(
      unknown.stderr
        == "coffee-finder: error: Unknown option '--no-such-flag' (see: coffee-finder --help)\n")
    // `watch` finds out in `run` that no moving source was given: still bad usage.
    let still = try await BuiltBinary.run(["watch"] + data, dataDirectory: directory)
    #expect(still.status == 2, "\(still.stderr)")
    #expect(still.stderr.hasPrefix("coffee-finder: error: watch needs a moving source"))
    #expect(still.stderr.hasSuffix("(see: coffee-finder watch --help)\n"), "\(still.stderr)")
    // A fixed position, typed or named, is refused before anything runs.
    for fixed in [["--at", "60.1699,24.9384"], ["--near", "Cafe Ekberg"]] {
      let refused = try await BuiltBinary.run(["watch"] + fixed + data, dataDirectory: directory)
      #expect(refused.status == 2, "\(fixed): \(refused.stderr)")
      #expect(
        refused.stderr.hasPrefix(
          "coffee-finder: error: watch follows a moving source, and "
            + "\(fixed[0])"), "\(refused.stderr)")
    }

    let missing = try await BuiltBinary.run(
      ["favorites", "remove", "no such place\u{1B}[31m"] + data, dataDirectory: directory)
    #expect(missing.status == 1)
    #expect(missing.stdout.isEmpty)
    let lines = missing.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("coffee-finder: error: ") == true)
    #expect(!missing.stderr.contains("\u{1B}"))
  }

  /// `import` replaces the built-in Helsinki data; a hostile name prints escaped, and a wide
  /// one keeps the table aligned.
  @Test func importedGeoJSONIsSearchedAndItsNamesPrintSafely() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = ["--data-dir", directory.appendingPathComponent("data").path]
    func cafe(_ id: Int, _ name: String, _ latitude: Double, _ longitude: Double) -> [String: Any] {
      [
        "type": "Feature", "id": "node/\(id)",
        "properties": ["amenity": "cafe", "name": name],
        "geometry": ["type": "Point", "coordinates": [longitude, latitude]],
      ]
    }
    let collection: [String: Any] = [
      "type": "FeatureCollection",
      "features": [
        cafe(1, "珈琲館 \u{1B}[2J", 35.6813, 139.7671),
        cafe(2, "Blue Bottle", 35.6820, 139.7680),
        ["type": "Feature", "properties": ["amenity": "bench"], "geometry": NSNull()],
      ],
    ]
    let file = directory.appendingPathComponent("tokyo.geojson")
    try JSONSerialization.data(withJSONObject: collection).write(to: file)

    let imported = try await BuiltBinary.run(
      ["import", file.path, "--area", "Marunouchi"] + data, dataDirectory: directory)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("Imported 2 places covering"))

    let json = try await BuiltBinary.run(
      ["nearby", "--json", "--at", "35.6812,139.7671"] + data, dataDirectory: directory)
    #expect(json.status == 0, "\(json.stderr)")
    let names = try JSONDecoder().decode(NearbyJSON.self, from: Data(json.stdout.utf8)).places
      .map(\.name)
    #expect(names == ["珈琲館 \u{1B}[2J", "Blue Bottle"])

    let table = try await BuiltBinary.run(
      ["nearby", "--at", "35.6812,139.7671"] + data, dataDirectory: directory)
    #expect(table.status == 0, "\(table.stderr)")
    #expect(!table.stdout.unicodeScalars.contains("\u{1B}"))
    let rows = table.stdout.split(separator: "\n").filter {
      $0.contains("珈琲館") || $0.contains("Blue Bottle")
    }
    #expect(rows.count == 2)
    #expect(rows.first?.contains("珈琲館 \\u{1B}[2J") == true)
    // Both distances end in the same terminal column.
    #expect(Set(rows.map { TerminalText.columns(of: $0) }).count == 1, "\(rows)")
  }

  @Test func favouritesAndNotesSurviveBetweenRuns() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = ["--data-dir", directory.appendingPathComponent("data").path]
    let nearby = try await BuiltBinary.run(
      ["nearby", "--json", "--at", "60.1699,24.9384", "--limit", "2"] + data,
      dataDirectory: directory)
    let places = try JSONDecoder().decode(NearbyJSON.self, from: Data(nearby.stdout.utf8)).places
    let first = try #require(places.first)
    let second = try #require(places.dropFirst().first)

    #expect(
      try await BuiltBinary.run(["favorites", "add", first.id] + data, dataDirectory: directory)
        .status
        == 0)
    #expect(
      try await BuiltBinary.run(["favorites", "add", second.name] + data, dataDirectory: directory)
        .status
        == 0)
    let added = try await BuiltBinary.run(
      ["notes", "add", first.id, "Great cardamom buns"] + data, dataDirectory: directory)
    #expect(added.status == 0, "\(added.stderr)")

    let favorites = try await BuiltBinary.run(
      ["favorites", "list", "--json"] + data, dataDirectory: directory)
    #expect(favorites.status == 0)
    let ids = favorites.stdout.split(separator: "\n").compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
    }
    #expect(Set(ids) == [first.id, second.id])

    let notes = try await BuiltBinary.run(
      ["notes", "list", first.id, "--json"] + data, dataDirectory: directory)
    let note = try #require(
      try JSONSerialization.jsonObject(with: Data(notes.stdout.utf8)) as? [String: Any])
    #expect(note["text"] as? String == "Great cardamom buns")
    let noteID = try #require(note["id"] as? String)

    #expect(
      try await BuiltBinary.run(["notes", "remove", noteID] + data, dataDirectory: directory).status
        == 0)
    #expect(
      try await BuiltBinary.run(["favorites", "remove", first.id] + data, dataDirectory: directory)
        .status
        == 0)
    let after = try await BuiltBinary.run(
      ["favorites", "list", "--json"] + data, dataDirectory: directory)
    #expect(after.stdout.contains(second.id))
    #expect(!after.stdout.contains(first.id))
    let noNotes = try await BuiltBinary.run(
      ["notes", "list", first.id] + data, dataDirectory: directory)
    #expect(noNotes.stdout.hasPrefix("No notes"), "\(noNotes.status): \(noNotes.stderr)")

    let missing = try await BuiltBinary.run(
      ["favorites", "remove", "osm:node/0"] + data, dataDirectory: directory)
    #expect(missing.status == 1)
    #expect(missing.stderr.split(separator: "\n").count == 1)
  }
}
