import BearingLocation
import BearingProcessTesting
import Foundation
import Testing

/// The built binary, end to end: the full-screen UI following a replayed walk, `--timeout`
/// against a gpsd that never sends a fix, `--verbose`, hostile names through every `--json`
/// output, and a damaged data file. Serialized: they share the machine's two cores, and two of
/// them measure time.
@Suite(.serialized) struct EndToEndTests {
  static let railwaySquare = "60.1699,24.9384"

  // MARK: - The interactive UI follows a replayed walk

  /// One capture of the pane: the position in the header and the list's rows.
  struct Pane {
    struct Row: Equatable {
      var name: String
      /// As shown: "120 m  S", "1.2 km ↑".
      var distance: String
    }

    var text: String
    /// The header's position, as shown ("60.1664, 24.93851").
    var position: String?
    var latitude: Double?
    var longitude: Double?
    var rows: [Row]

    init(_ text: String) {
      self.text = text
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if let match = lines.lazy.compactMap({
        $0.firstMatch(of: /^You: (-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)/)
      }).first {
        position = "\(match.1), \(match.2)"
        latitude = Double(match.1)
        longitude = Double(match.2)
      }
      // The rows follow "N within R, nearest first" up to the first blank line; each has its
      // name, its distance and direction (right-aligned in 12 columns), and may end in the
      // café's hours ("  open · until 18:00").
      var rows: [Row] = []
      if let header = lines.firstIndex(where: { $0.contains("nearest first") }) {
        for line in lines[(header + 1)...] {
          guard line.count > 15,
            let match = line.dropFirst(3).firstMatch(
              of: /^(.+?) +([0-9]+(?:\.[0-9]+)? (?:m|km|ft|mi) +\S{1,2})(?:  .*)?$/)
          else { break }
          rows.append(
            Row(
              name: String(match.1).trimmingCharacters(in: .whitespaces),
              distance: String(match.2)))
        }
      }
      self.rows = rows
    }

    /// Whether the header shows `coordinate`, to its five decimals.
    func isAt(_ coordinate: Coordinate) -> Bool {
      guard let latitude, let longitude else { return false }
      return abs(latitude - coordinate.latitude) < 0.000_01
        && abs(longitude - coordinate.longitude) < 0.000_01
    }
  }

  /// "120 m  S" → 120, "1.2 km NE" → 1200.
  static func metres(_ distance: String) -> Double? {
    let parts = distance.split(separator: " ")
    guard parts.count >= 2, let value = Double(parts[0]) else { return nil }
    switch parts[1] {
    case "m": return value
    case "km": return value * 1000
    default: return nil
    }
  }

  @Test(.timeLimit(.minutes(2))) func interactiveListFollowsAReplayedWalk() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // The central walk replayed at 5× (22 s).
    let walk = try NMEAWalk.writeCentralWalk(in: directory)
    let end = NMEAWalk.centralWalkEnd
    let command = Tmux.replaying(walk, directory: directory)
    try await Tmux.with(command, width: 100, height: 30) { tmux in
      _ = try await tmux.waitFor("q quit")
      // Capture twice a second until the header shows the walk's last fix.
      let panes = try await tmux.captures(forUpTo: 60) { Pane($0).isAt(end) }.map(Pane.init)
      let last = try #require(panes.last)
      #expect(last.isAt(end), "the walk did not reach its end:\n\(last.text)")

      // The header follows the walk.
      let positions = panes.compactMap(\.position)
      #expect(Set(positions).count >= 5, "positions: \(positions)")
      #expect(!last.text.contains("no fix yet"))

      // The list is re-measured as it goes: the latest capture still listing a place of the
      // first list shows another distance or direction for it.
      let listed = panes.filter { !$0.rows.isEmpty }
      let early = try #require(listed.first, "no list rows in:\n\(last.text)")
      let names = Set(early.rows.map(\.name))
      let late = try #require(
        listed.dropFirst().last { $0.rows.contains { names.contains($0.name) } },
        "no later list shares a place with the first:\n\(early.text)")
      let changed = early.rows.filter { row in
        late.rows.contains { $0.name == row.name && $0.distance != row.distance }
      }
      #expect(!changed.isEmpty, "early:\n\(early.text)\nlate:\n\(late.text)")
      // Walking, the nearest place changes, or it comes nearer.
      let nearest = listed.compactMap(\.rows.first)
      let nearestChanged = Set(nearest.map(\.name)).count > 1
      let nearestCloser =
        nearest.compactMap { Self.metres($0.distance) }.last ?? .infinity
        < nearest.compactMap { Self.metres($0.distance) }.first ?? -.infinity
      #expect(nearestChanged || nearestCloser, "nearest rows: \(nearest)")

      // The walk is over and no fix comes any more: the header keeps counting the last one's age
      // (the screen is redrawn on the clock, not only when the state changes).
      func age(_ screen: String) -> Int? {
        guard let line = screen.split(separator: "\n").first(where: { $0.hasPrefix("You: ") }),
          let match = line.firstMatch(of: /, (\d+) s ago/)
        else { return nil }
        return Int(match.1)
      }
      var oldest = 0
      let ageDeadline = Date().addingTimeInterval(20)
      while Date() < ageDeadline, oldest < 10 {
        oldest = max(oldest, age(await tmux.capture()) ?? 0)
        try await Task.sleep(for: .milliseconds(500))
      }
      let screen = await tmux.capture()
      #expect(oldest >= 10, "the fix's age stopped at \(oldest) s:\n\(screen)")

      await tmux.sendKeys("q")
      let after = try await tmux.waitFor("EXITED")
      #expect(after.contains("EXITED 0"))
    }
  }

  // MARK: - --timeout

  /// A gpsd that greets and then never sends a fix: `nearby` waits the `--timeout` given, then
  /// says so in one line.
  @Test(.timeLimit(.minutes(1))) func nearbyWaitsForAFixAsLongAsTimeoutSays() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try GreetingServer.silentGPSD()
    let arguments = [
      "nearby", "--gpsd", "127.0.0.1:\(server.port)", "--timeout", "12", "--data-dir",
      directory.appendingPathComponent("data").path,
    ]
    let clock = ContinuousClock()
    let start = clock.now
    let outcome = await onThread {
      Result { try BuiltBinary.run(arguments, dataDirectory: directory) }
    }
    let elapsed = clock.now - start
    let result = try outcome.get()
    #expect(server.connectionCount >= 1, "coffee-finder never connected")
    #expect(result.status == 1 && !result.killedBySignal, "\(result.stderr)")
    #expect(elapsed >= .milliseconds(11_500), "gave up after \(elapsed)")
    // Not much more than --timeout once connected: from its connection to its hang-up, so
    // neither a process slow to start nor one slow to end on a busy machine (the suite runs
    // many at once) is counted. It gives up by cancelling the session, before it exits.
    let connected = try #require(server.firstConnection)
    // The server's reader sees the hang-up on a thread of its own: it may come just after.
    let seen = ContinuousClock.now + .seconds(10)
    while server.firstHangUp == nil && ContinuousClock.now < seen {
      try await Task.sleep(for: .milliseconds(10))
    }
    let hungUp = try #require(server.firstHangUp)
    let waited = hungUp - connected
    #expect(waited < .seconds(14), "waited \(waited) after connecting (\(elapsed) in all)")
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(
      lines.last?.hasPrefix("coffee-finder: error:") == true
        && lines.last?.contains("within 12 s") == true, "\(result.stderr)")
    withExtendedLifetime(server) {}
  }

  // MARK: - --verbose

  /// A scalar a terminal would act on: C0 controls but the newline, DEL, C1 controls, and
  /// bidirectional embeddings, overrides and isolates.
  static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A: false
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// The terminal controls in `text`, as hex.
  static func controls(in text: String) -> [String] {
    text.unicodeScalars.filter(isTerminalControl).map { String($0.value, radix: 16) }
  }

  @Test func nearbyIsQuietUnlessVerboseAndNeverShowsTheKey() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let nearby = [
      "nearby", "--at", Self.railwaySquare, "--json", "--data-dir",
      directory.appendingPathComponent("data").path,
    ]
    let secret = "fsq3secretsecretsecret"
    let (quiet, verbose, withKey) = await onThread {
      (
        Result { try BuiltBinary.run(nearby, dataDirectory: directory) },
        Result { try BuiltBinary.run(nearby + ["-v"], dataDirectory: directory) },
        Result {
          try BuiltBinary.run(
            nearby + ["--verbose", "--provider", "offline"], dataDirectory: directory,
            extra: ["FOURSQUARE_API_KEY": secret])
        }
      )
    }

    let plain = try quiet.get()
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(plain.stderr.isEmpty, "quiet by default, but printed:\n\(plain.stderr)")
    #expect(try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) is [String: Any])

    let logged = try verbose.get()
    #expect(logged.status == 0, "\(logged.stderr)")
    #expect(
      logged.stderr.contains("bearing.location")
        || logged.stderr.contains("starting location source"), "\(logged.stderr)")
    #expect(Self.controls(in: logged.stderr).isEmpty, "\(logged.stderr.debugDescription)")
    #expect(try JSONSerialization.jsonObject(with: Data(logged.stdout.utf8)) is [String: Any])

    let keyed = try withKey.get()
    #expect(keyed.status == 0, "\(keyed.stderr)")
    #expect(!keyed.stderr.isEmpty, "--verbose logged nothing")
    #expect(!keyed.stderr.contains(secret), "\(keyed.stderr)")
    #expect(!keyed.stdout.contains(secret))
    #expect(keyed.stdout.contains("\"dataSource\":\"offline\""))
  }

  // MARK: - Hostile names through every --json output

  static let hostileName = "Evil\u{1B}[2J\u{9B}31m\u{202E}Café"
  static let hostileNote = "note \u{9B}\u{202E} text"

  struct Named: Decodable {
    var name: String
  }

  struct NearbyPlaces: Decodable {
    var places: [Named]
  }

  struct Note: Decodable {
    var placeID: String
    var text: String
  }

  struct Event: Decodable {
    var type: String
    var id: String
    var name: String
  }

  /// The non-empty lines of `text`, each checked for terminal controls.
  static func checkedLines(_ text: String, _ command: String) -> [String] {
    let lines = text.split(separator: "\n").map(String.init)
    #expect(!lines.isEmpty, "\(command) printed nothing")
    for line in lines {
      #expect(
        controls(in: line).isEmpty, "\(command) printed raw \(controls(in: line)) in \(line)")
    }
    return lines
  }

  @Test(.timeLimit(.minutes(2))) func hostileNamesPrintSafelyThroughEveryJSONOutput() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = ["--data-dir", directory.appendingPathComponent("data").path]
    // Written as an Overpass export writes it: the controls as JSON escapes.
    let geoJSON = directory.appendingPathComponent("evil.geojson")
    try #"""
    {"type":"FeatureCollection","features":[{"type":"Feature","id":"node/42",
     "properties":{"amenity":"cafe","name":"Evil\u001b[2J\u009b31m\u202eCafé"},
     "geometry":{"type":"Point","coordinates":[24.9385,60.1700]}}]}
    """#.write(to: geoJSON, atomically: true, encoding: .utf8)
    let id = "osm:node/42"
    func run(_ arguments: [String]) async throws -> BuiltBinary.Result {
      let outcome = await onThread {
        Result { try BuiltBinary.run(arguments + data, dataDirectory: directory) }
      }
      let result = try outcome.get()
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      return result
    }

    let imported = try await run(["import", geoJSON.path])
    #expect(imported.stdout.contains("Imported 1 place"))

    let nearby = try await run(["nearby", "--at", Self.railwaySquare, "--json"])
    for line in Self.checkedLines(nearby.stdout, "nearby --json") {
      let report = try JSONDecoder().decode(NearbyPlaces.self, from: Data(line.utf8))
      #expect(report.places.map(\.name) == [Self.hostileName])
    }

    _ = try await run(["favorites", "add", id])
    let favorites = try await run(["favorites", "list", "--json"])
    for line in Self.checkedLines(favorites.stdout, "favorites list --json") {
      #expect(try JSONDecoder().decode(Named.self, from: Data(line.utf8)).name == Self.hostileName)
    }

    _ = try await run(["notes", "add", id, Self.hostileNote])
    let notes = try await run(["notes", "list", id, "--json"])
    for line in Self.checkedLines(notes.stdout, "notes list --json") {
      let note = try JSONDecoder().decode(Note.self, from: Data(line.utf8))
      #expect(note.text == Self.hostileNote)
      #expect(note.placeID == id)
    }

    // A walk from 400 m south of the favourite to 400 m north of it.
    let cafe = Coordinate(latitude: 60.1700, longitude: 24.9385)
    let walk = directory.appendingPathComponent("walk.nmea")
    try NMEAWalk.log(
      from: WatchCommandTests.offset(cafe, metresNorth: -400),
      to: WatchCommandTests.offset(cafe, metresNorth: 400), steps: 40, pause: 4,
      date: Date(timeIntervalSince1970: 1_800_000_000)
    ).write(to: walk, atomically: true, encoding: .utf8)
    let watch = try await WatchProcess.run(
      ["--replay", walk.path, "--replay-speed", "50", "--events-only"] + data,
      dataDirectory: directory, until: "enter", deadline: 60)
    #expect(watch.status == 0, "\(watch.stderr)")
    let events = try Self.checkedLines(watch.rawLines.joined(separator: "\n"), "watch --json")
      .map { try JSONDecoder().decode(Event.self, from: Data($0.utf8)) }
    #expect(events.map(\.type) == ["enter"])
    #expect(events.allSatisfy { $0.name == Self.hostileName && $0.id == id })
  }

  // MARK: - A damaged data file

  /// A valid imported-places.json around `coordinate`, written as `import` writes it, with the
  /// latitude as `latitude` (JSON text).
  static func importedPlaces(latitude: String) -> String {
    #"""
    {
      "coverage" : {
        "area" : "damaged", "attribution" : "© OpenStreetMap contributors (ODbL)",
        "east" : 24.95, "north" : 60.18, "placeCount" : 1, "source" : "OpenStreetMap",
        "south" : 60.16, "west" : 24.93
      },
      "format" : "bearing-places",
      "places" : [
        {
          "categories" : [ "Café" ],
          "coordinate" : { "latitude" : \#(latitude), "longitude" : 24.94 },
          "id" : "osm:node/7", "name" : "Kahvila", "source" : "openStreetMap"
        }
      ],
      "version" : 1
    }
    """#
  }

  static let damagedFiles: [(name: String, contents: String, cause: [String])] = [
    ("latitude 95", importedPlaces(latitude: "95"), ["95", "latitude"]),
    ("latitude \"NaN\"", importedPlaces(latitude: #""NaN""#), ["latitude", "NaN"]),
    (
      "truncated", String(importedPlaces(latitude: "60.17").prefix(200)),
      ["JSON", "truncated", "end of"]
    ),
  ]

  @Test(arguments: damagedFiles.indices)
  func aDamagedDataFileIsAWarningNotACrash(_ index: Int) async throws {
    let damaged = Self.damagedFiles[index]
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let dataDirectory = directory.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    let file = dataDirectory.appendingPathComponent("imported-places.json")
    let bytes = Data(damaged.contents.utf8)
    try bytes.write(to: file)

    let arguments = ["nearby", "--at", "60.17,24.94", "--data-dir", dataDirectory.path]
    let outcome = await onThread {
      Result { try BuiltBinary.run(arguments, dataDirectory: directory) }
    }
    let result = try outcome.get()
    #expect(!result.killedBySignal, "\(damaged.name): killed by signal \(result.status)")
    // What can go on, goes on: one warning, and the built-in data answers.
    #expect(result.status == 0, "\(damaged.name): \(result.stderr)")
    #expect(result.stdout.contains("central Helsinki"), "\(damaged.name): \(result.stdout)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(damaged.name): \(result.stderr)")
    let line = String(lines.first ?? "")
    #expect(line.contains(file.path), "\(damaged.name): \(line)")
    #expect(
      damaged.cause.contains { line.localizedCaseInsensitiveContains($0) },
      "\(damaged.name): the cause is not named: \(line)")
    #expect(Self.controls(in: result.stderr).isEmpty)
    #expect(try Data(contentsOf: file) == bytes, "\(damaged.name): the file was changed")
  }
}
