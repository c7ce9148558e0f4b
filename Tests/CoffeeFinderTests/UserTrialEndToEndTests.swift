import BearingHTTPTesting
import BearingProcessTesting
import Foundation
import Testing

/// What a demanding new user met in an hour with the built binary, each finding as the user met
/// it: commands run one after another in one home, as a reader of the README runs them.
@Suite("a user's hour (built binary)", .serialized)
struct UserTrialEndToEndTests {
  /// One home (config, data) that the runs of a test share.
  struct Home {
    let directory: URL

    init() throws { directory = try BuiltBinary.temporaryDirectory() }

    var data: String { directory.appendingPathComponent("data").path }

    func run(
      _ arguments: [String], extra: [String: String] = [:], killAfter: Int? = nil
    ) async throws -> BuiltBinary.Result {
      try await BuiltBinary.run(
        arguments + ["--data-dir", data], dataDirectory: directory, extra: extra,
        killAfter: killAfter)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Writes `text` to a file of this home; its path.
    func file(_ name: String, _ text: String) throws -> String {
      let url = directory.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      return url.path
    }
  }

  static let fixture = BuiltBinary.packageRoot
    .appendingPathComponent("Tests/BearingPlacesTests/Fixtures/Helsinki.osm.pbf").path

  /// Lines on standard error, without the empty one a final newline leaves.
  static func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: true)
  }

  // MARK: - A: what blocked

  @Test func positionsSouthOfTheEquatorAndWestOfGreenwichAreTyped() async throws {
    let home = try Home()
    defer { home.remove() }
    for at in ["-33.8688,151.2093", "-90,180", "90,-180", "-16.5,-179.99"] {
      // No offline data there: exit 1 saying so, not a usage error about a missing value.
      let sydney = try await home.run(["nearby", "--at", at, "--provider", "offline"])
      #expect(sydney.status == 1, "\(at): \(sydney.stderr)")
      #expect(sydney.stderr.contains("No offline data here"), "\(at): \(sydney.stderr)")
    }
    let map = try await home.run(["map", "--at", "-33.8688,151.2093", "--provider", "offline"])
    #expect(map.status == 1, "\(map.stderr)")
    #expect(!map.stderr.contains("Missing value"), "\(map.stderr)")
    // The download reaches the (closed) server: the position was read.
    let download = try await home.run(["download", "--around", "-33.8688,151.2093"])
    #expect(download.status == 1, "\(download.stderr)")
    #expect(!download.stderr.contains("Missing value"), "\(download.stderr)")
  }

  @Test func negativeNumbersGetARangeErrorNamingTheOptionInOneLine() async throws {
    let home = try Home()
    defer { home.remove() }
    let cases: [([String], String)] = [
      (
        ["nearby", "--radius", "-5"], "--radius must be at least 50 m and at most 100 km; got -5 m"
      ),
      (["nearby", "--radius", "-1km"], "got -1 km"),
      (["nearby", "--limit", "-1"], "--limit must be 1…50; got -1"),
      (["nearby", "--timeout", "-1"], "--timeout must be more than 0 seconds; got -1"),
      (["map", "--width", "-10"], "--width must be 4…2000 characters; got -10"),
      (["nearby", "--replay", "x.nmea", "--replay-speed", "-1"], "--replay-speed must be more"),
      (["nearby", "--radius", "0x10"], "--radius"),
      (["nearby", "--radius", "0.0001"], "got 0.0001 m"),
      (["nearby", "--at", "91,0"], "--at"),
    ]
    for (arguments, message) in cases {
      let result = try await home.run(arguments)
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
      #expect(Self.lines(result.stderr).count == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      #expect(
        result.stderr.contains("(see: coffee-finder \(arguments[0]) --help)"),
        "\(arguments): \(result.stderr)")
    }
  }

  @Test func aFailedCommandLeavesNoChoiceAndNoPositionBehind() async throws {
    let home = try Home()
    defer { home.remove() }
    // The README's Paris example fails, as documented...
    let paris = try await home.run(["nearby", "--at", "48.8566,2.3522", "--provider", "offline"])
    #expect(paris.status == 1, "\(paris.stderr)")
    // ...and the README's first command still works after it: neither the provider nor the
    // position of the failed run is used.
    let plain = try await home.run(["nearby"])
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(!plain.stderr.contains("last choice"), "\(plain.stderr)")
    #expect(!plain.stderr.contains("48.8566"), "\(plain.stderr)")
    // A map's radius is how far it shows, not the next search's.
    let map = try await home.run(["map", "--at", "60.1699,24.9384", "--radius", "2km"])
    #expect(map.status == 0, "\(map.stderr)")
    let after = try await home.run(["nearby", "--at", "60.1699,24.9384"])
    #expect(after.stdout.hasPrefix("Coffee within 1.0 km of"), "\(after.stdout)")
    // A search that succeeded is remembered, as before.
    _ = try await home.run(["nearby", "--at", "60.1699,24.9384", "--radius", "800"])
    let remembered = try await home.run(["nearby", "--at", "60.1699,24.9384"])
    #expect(remembered.stdout.hasPrefix("Coffee within 800 m of"), "\(remembered.stdout)")
  }

  @Test func aCaféBuiltInAndImportedIsOnePlaceByName() async throws {
    let home = try Home()
    defer { home.remove() }
    let imported = try await home.run(["import", Self.fixture, "--area", "Helsinki 2019"])
    #expect(imported.status == 0, "\(imported.stderr)")
    let added = try await home.run(["favorites", "add", "Café Ekberg"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.contains("(osm:node/151006533) to favourites"), "\(added.stdout)")
    let note = try await home.run(["notes", "add", "Cafe Java", "x"])
    #expect(note.status == 0, "\(note.stderr)")
    // Twice is still one favourite, and says so.
    let again = try await home.run(["favorites", "add", "Café Ekberg"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("is already a favourite"), "\(again.stdout)")
    let list = try await home.run(["favorites", "list"])
    #expect(Self.lines(list.stdout).count == 1, "\(list.stdout)")
  }

  @Test func aReplayOfOneFixEnds() async throws {
    let home = try Home()
    defer { home.remove() }
    let track = try home.file(
      "one.nmea", "$GPRMC,090000.00,A,6010.2600,N,02456.6400,E,2.7,143.3,221126,,,A*57\r\n")
    // Without a favourite, and with one (whose region is monitored before updates start:
    // the end of the track must not overtake its one fix).
    for favorite in [false, true] {
      if favorite {
        let added = try await home.run(["favorites", "add", "Café Ekberg"])
        #expect(added.status == 0, "\(added.stderr)")
      }
      let watch = try await home.run(["watch", "--replay", track], killAfter: 30)
      #expect(watch.status == 0, "favourite \(favorite): \(watch.stderr)")
      #expect(watch.stderr.contains("the replay ended after 1 fix"), "\(watch.stderr)")
      #expect(Self.lines(watch.stdout).count == 1, "\(watch.stdout)")
    }
  }

  @Test func aDamagedPlaceStoreIsSetAsideAndTheBuiltInDataAnswers() async throws {
    let home = try Home()
    defer { home.remove() }
    try FileManager.default.createDirectory(
      atPath: home.data, withIntermediateDirectories: true)
    let store = URL(fileURLWithPath: home.data).appendingPathComponent("places.sqlite")
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
    try garbage.write(to: store)
    let nearby = try await home.run(["nearby", "--at", "60.1699,24.9384", "--limit", "3"])
    #expect(nearby.status == 0, "\(nearby.stderr)")
    #expect(nearby.stdout.contains("Data: offline data: central Helsinki"), "\(nearby.stdout)")
    let warnings = Self.lines(nearby.stderr)
    #expect(warnings.count == 1, "\(nearby.stderr)")
    #expect(warnings.first?.contains(store.path) == true, "\(nearby.stderr)")
    #expect(warnings.first?.contains("built-in data") == true, "\(nearby.stderr)")
    for arguments in [
      ["favorites", "add", "Café Ekberg"], ["areas", "list"],
      ["map", "--at", "60.1699,24.9384", "--width", "40", "--height", "10"],
    ] {
      let result = try await home.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    // Left as it was, for the user to move aside or restore.
    #expect(try Data(contentsOf: store) == garbage)
  }

  // MARK: - B: what was wrong

  @Test(.timeLimit(.minutes(1))) func aSearchThatTimesOutSaysTheSearchTimedOut() async throws {
    let home = try Home()
    defer { home.remove() }
    // A server that takes the connection and never answers.
    let silent = try GreetingServer(greeting: "")
    let result = try await home.run([
      "nearby", "--at", "48.8566,2.3522", "--provider", "overpass", "--overpass-url",
      "http://127.0.0.1:\(silent.port)/api/interpreter", "--timeout", "3",
    ])
    withExtendedLifetime(silent) {}
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("had not answered when --timeout (3 s"), "\(result.stderr)")
    #expect(!result.stderr.contains("no location fix"), "\(result.stderr)")
  }

  @Test func numbersOnTheMapNeverRunTogether() async throws {
    let home = try Home()
    defer { home.remove() }
    for (at, limit) in [("60.1699,24.9384", "20"), ("60.1710,24.9440", "10")] {
      let map = try await home.run([
        "map", "--at", at, "--radius", "1km", "--limit", limit, "--width", "80", "--height",
        "24",
      ])
      #expect(map.status == 0, "\(map.stderr)")
      // The scale bar's label ("├───┤ 1 km") is no place's number.
      let grid = map.stdout.split(separator: "\n").prefix(24).map {
        $0.replacing(#/├─*┤ [0-9.]+ (cm|m|km|ft|mi)/#, with: "")
      }
      var seen: [Int] = []
      for row in grid {
        var digits = ""
        for character in row + " " {
          if character.isASCII, character.isNumber {
            digits.append(character)
          } else if !digits.isEmpty {
            seen.append(Int(digits) ?? -1)
            digits = ""
          }
        }
      }
      let most = Int(limit)!
      // Every run of digits is one place's number (no "107" of 10 and 7), each at most once.
      #expect(seen.allSatisfy { (1...most).contains($0) }, "\(seen)\n\(map.stdout)")
      #expect(Set(seen).count == seen.count, "\(seen)")
      // And the map shows them: a map that drew no number would pass the checks above.
      #expect(seen.count >= most - 2, "\(seen)\n\(map.stdout)")
    }
  }

  @Test func imperialUnitsReachTheMapTheSVGAndWatch() async throws {
    let home = try Home()
    defer { home.remove() }
    let map = try await home.run([
      "map", "--at", "60.1699,24.9384", "--units", "imperial", "--width", "60", "--height", "12",
      "--limit", "3",
    ])
    #expect(map.status == 0, "\(map.stderr)")
    // The scale bar in feet or miles, and every distance in the legend too.
    #expect(map.stdout.contains(#/┤ [0-9.]+ (ft|mi)/#), "\(map.stdout)")
    let legend = map.stdout.split(separator: "\n").filter { $0.contains(#/^ *[0-9]+ /#) }
    #expect(legend.count == 3, "\(map.stdout)")
    // (A café's hours may follow its distance.)
    #expect(legend.allSatisfy { $0.contains(#/[0-9] (ft|mi)(  |$)/#) }, "\(legend)")
    let svg = home.directory.appendingPathComponent("map.svg").path
    let picture = try await home.run([
      "map", "--at", "60.1699,24.9384", "--units", "imperial", "--svg", svg,
    ])
    #expect(picture.status == 0, "\(picture.stderr)")
    let drawn = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(drawn.contains(#/>[0-9.]+ (ft|mi)</text>/#), "the SVG's scale bar")
    // In a home of its own: the map above remembered imperial units.
    let fresh = try Home()
    defer { fresh.remove() }
    let track = BuiltBinary.packageRoot.appendingPathComponent("Fuzz/Corpus/nmea/rmc-gga.nmea")
    let watch = try await fresh.run(
      ["watch", "--replay", track.path, "--replay-speed", "100", "--units", "imperial"],
      killAfter: 60)
    #expect(watch.status == 0, "\(watch.stderr)")
    let fixes = watch.stdout.split(separator: "\n").filter { $0.hasPrefix("fix") }
    #expect(!fixes.isEmpty && fixes.allSatisfy { $0.contains(#/±[0-9]+ ft /#) }, "\(watch.stdout)")
  }

  @Test func anSVGsSizeIsInPixels() async throws {
    let home = try Home()
    defer { home.remove() }
    let svg = home.directory.appendingPathComponent("s.svg").path
    let result = try await home.run([
      "map", "--at", "60.1699,24.9384", "--svg", svg, "--width", "300", "--height", "200",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let drawn = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(drawn.contains(#"width="300" height="200" viewBox="0 0 300 200""#))
    let plain = try await home.run(["map", "--at", "60.1699,24.9384", "--svg", svg])
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(
      try String(contentsOfFile: svg, encoding: .utf8).contains(#"width="1280" height="800""#))
  }

  @Test func theSimulatedPositionStaysInCentralHelsinkiWhateverWasImported() async throws {
    let home = try Home()
    defer { home.remove() }
    let paris = try home.file(
      "paris.geojson",
      """
      {"type":"FeatureCollection","features":[{"type":"Feature",
      "geometry":{"type":"Point","coordinates":[2.3530,48.8570]},
      "properties":{"amenity":"cafe","name":"Café Test"}}]}
      """)
    let imported = try await home.run(["import", paris, "--area", "Paris"])
    #expect(imported.status == 0, "\(imported.stderr)")
    // A GeoJSON of one's own is not OpenStreetMap data.
    #expect(!imported.stdout.contains("OpenStreetMap"), "\(imported.stdout)")
    let areas = try await home.run(["areas", "list"])
    #expect(areas.stdout.contains("Paris: 1 place"), "\(areas.stdout)")
    #expect(
      !(areas.stdout.split(separator: "\n").first { $0.hasPrefix("Paris") }?
        .contains("OpenStreetMap") ?? true), "\(areas.stdout)")
    let nearby = try await home.run(["nearby", "--limit", "1"])
    #expect(nearby.status == 0, "\(nearby.stderr)")
    #expect(nearby.stdout.hasPrefix("Coffee within 1.0 km of 60.1"), "\(nearby.stdout)")
    #expect(nearby.stderr.contains("central Helsinki"), "\(nearby.stderr)")
    let inParis = try await home.run(["nearby", "--at", "48.857,2.353"])
    #expect(inParis.status == 0, "\(inParis.stderr)")
    #expect(!inParis.stdout.contains("OpenStreetMap contributors"), "\(inParis.stdout)")
  }

  @Test func gpsdErrorsNameTheAddressAndTheCause() async throws {
    let home = try Home()
    defer { home.remove() }
    let refused = try await home.run(["nearby", "--gpsd", "127.0.0.1:1", "--timeout", "3"])
    #expect(refused.status == 1, "\(refused.stderr)")
    #expect(refused.stderr.contains("gpsd at 127.0.0.1:1"), "\(refused.stderr)")
    #expect(refused.stderr.lowercased().contains("refused"), "\(refused.stderr)")
    let empty = try await home.run(["nearby", "--gpsd", ""])
    #expect(empty.status == 2, "\(empty.stderr)")
    #expect(empty.stderr.contains("empty"), "\(empty.stderr)")
  }

  @Test func downloadsHelpGivesOneDefaultRadius() async throws {
    let home = try Home()
    defer { home.remove() }
    let help = try await home.run(["download", "--help"])
    // The option's own line, and the line its help goes on to.
    let radius = help.stdout.split(separator: "\n").drop { !$0.hasPrefix("  --radius") }
      .prefix(2).joined(separator: " ")
    #expect(radius.contains("download: 5km"), "\(help.stdout)")
    #expect(!radius.contains("default 1000)"), "\(help.stdout)")
  }

  @Test func favouritesAndArrivalsReachTheAnalyticsFile() async throws {
    let home = try Home()
    defer { home.remove() }
    let file = home.directory.appendingPathComponent("analytics.jsonl").path
    let analytics = ["--analytics-file", file]
    // A favourite in the walk of rmc-gga.nmea, whose fixes are in central Helsinki.
    let track = BuiltBinary.packageRoot.appendingPathComponent("Fuzz/Corpus/nmea/rmc-gga.nmea")
    let watchJSON = try await home.run(
      ["watch", "--replay", track.path, "--replay-speed", "100", "--json"], killAfter: 60)
    let firstFix = try #require(
      watchJSON.stdout.split(separator: "\n").first.map { Data($0.utf8) })
    let fix = try JSONSerialization.jsonObject(with: firstFix) as? [String: Any]
    let latitude = try #require(fix?["latitude"] as? Double)
    let longitude = try #require(fix?["longitude"] as? Double)
    let nearest = try await home.run([
      "nearby", "--at", "\(latitude),\(longitude)", "--limit", "1", "--json", "--radius", "5km",
    ])
    let report = try JSONSerialization.jsonObject(with: Data(nearest.stdout.utf8)) as? [String: Any]
    let place = try #require((report?["places"] as? [[String: Any]])?.first)
    let id = try #require(place["id"] as? String)
    let added = try await home.run(["favorites", "add", id] + analytics)
    #expect(added.status == 0, "\(added.stderr)")
    let watch = try await home.run(
      ["watch", "--replay", track.path, "--replay-speed", "100", "--events-only"] + analytics,
      killAfter: 60)
    #expect(watch.status == 0, "\(watch.stderr)")
    let removed = try await home.run(["favorites", "remove", id] + analytics)
    #expect(removed.status == 0, "\(removed.stderr)")
    let events = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
      .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
      .compactMap { $0["event"] as? String }
    #expect(events.contains("favorite_added"), "\(events)")
    #expect(events.contains("favorite_removed"), "\(events)")
    // The walk starts within the nearest café's 100 m region: an arrival.
    #expect(watch.stdout.contains("enter"), "\(watch.stdout)")
    #expect(events.contains("favorite_reached"), "\(events) \(watch.stdout)")
  }

  @Test func importsSayWhatAFileIsWhenItIsNoPlaceData() async throws {
    let home = try Home()
    defer { home.remove() }
    let fixtures = BuiltBinary.packageRoot.appendingPathComponent(
      "Tests/BearingPlacesTests/Fixtures")
    let directory = home.directory.appendingPathComponent("adir.osm.pbf")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let cases: [(String, String)] = [
      (try home.file("empty.geojson", ""), "the file is empty"),
      (directory.path, "is a directory"),
      (fixtures.appendingPathComponent("overpass-error-syntax.html").path, "HTML page"),
      (
        BuiltBinary.packageRoot.appendingPathComponent("Fuzz/Corpus/overpass/error.json").path,
        "error answer"
      ),
      (try home.file("notes.txt", "Just some notes about cafés\nand more\n"), "looks like text"),
    ]
    for (file, message) in cases {
      let result = try await home.run(["import", file])
      #expect(result.status == 1, "\(file): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(file): \(result.stderr)")
      #expect(!result.stderr.contains(".osm.pbf file starts"), "\(file): \(result.stderr)")
      #expect(!result.stderr.contains(".."), "\(file): \(result.stderr)")
    }
    let remark = try await home.run([
      "import", fixtures.appendingPathComponent("overpass-remark-timeout.json").path,
    ])
    #expect(remark.status == 1)
    #expect(!remark.stderr.contains(".."), "\(remark.stderr)")
    for name in ["", "   ", "central Helsinki"] {
      let result = try await home.run(["import", Self.fixture, "--area", name])
      #expect(result.status == 2, "\(name): \(result.stderr)")
    }
  }

  @Test func aRemovedAreaSaysHowManyPlacesWentWithIt() async throws {
    let home = try Home()
    defer { home.remove() }
    let list = try home.file(
      "cafes.geojson",
      """
      {"type":"FeatureCollection","features":[{"type":"Feature",
      "geometry":{"type":"Point","coordinates":[2.3530,48.8570]},
      "properties":{"amenity":"cafe","name":"Café Test"}}]}
      """)
    _ = try await home.run(["import", list, "--area", "one"])
    let copy = try home.file(
      "cafes.geojson", try String(contentsOfFile: list, encoding: .utf8))
    _ = try await home.run(["import", copy, "--area", "two"])
    let removed = try await home.run(["areas", "remove", "one"])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(removed.stdout.contains("its places stay"), "\(removed.stdout)")
    let last = try await home.run(["areas", "remove", "two"])
    #expect(last.stdout.contains("and the 1 place no other area holds"), "\(last.stdout)")
  }

  @Test func outputToAPipeIsNotCut() async throws {
    let home = try Home()
    defer { home.remove() }
    let piped = try await home.run(["nearby", "--at", "60.1699,24.9384", "--limit", "10"])
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(!piped.stdout.contains("…"), "\(piped.stdout)")
    #expect(piped.stdout.contains("Mannerheimintie 20 B, 00100 Helsinki"), "\(piped.stdout)")
    #expect(
      piped.stdout.contains("Data: offline data: central Helsinki, OpenStreetMap 2019, 86 places"),
      "\(piped.stdout)")
    let narrow = try await home.run(
      ["nearby", "--at", "60.1699,24.9384", "--limit", "10"], extra: ["COLUMNS": "60"])
    #expect(narrow.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 }, "\(narrow.stdout)")
  }

  @Test func usageErrorsExitTwoBeforeAnythingRuns() async throws {
    let home = try Home()
    defer { home.remove() }
    for arguments in [
      ["nearby", "--near", ""], ["nearby", "--overpass-url", "ftp://x"],
      ["nearby", "--api-key", "two words"],
      // A speed so small that a walk's time would not fit a clock (it crashed the app).
      ["nearby", "--walk-speed=1e-300"], ["route", "Kaffa", "--walk-speed", "0.01"],
    ] {
      let result = try await home.run(arguments)
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
      #expect(!result.stderr.contains("two words"), "\(arguments): \(result.stderr)")
    }
    // --provider offline asks no server for a name.
    let offline = try await home.run(["nearby", "--near", "Atlantis", "--provider", "offline"])
    #expect(offline.status == 1, "\(offline.stderr)")
    #expect(offline.stderr.contains("asks no server"), "\(offline.stderr)")
  }

  @Test func anUnknownConfigKeyIsAWarningNotAStop() async throws {
    let home = try Home()
    defer { home.remove() }
    let config = home.directory.appendingPathComponent("config/coffee-finder")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data(#"{"unknown_key": 1, "result_limit": 2}"#.utf8).write(
      to: config.appendingPathComponent("config.json"))
    let result = try await home.run(["nearby", "--at", "60.1699,24.9384"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("unknown key \"unknown_key\""), "\(result.stderr)")
    #expect(result.stdout.contains(" 2  ") && !result.stdout.contains(" 3  "), "\(result.stdout)")
  }
  // MARK: - What the second trial found

  @Test func aBadFileValueTheCommandLineReplacesIsAWarning() async throws {
    let home = try Home()
    defer { home.remove() }
    let config = home.directory.appendingPathComponent("config/coffee-finder")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data(#"{"search_radius": 10}"#.utf8).write(
      to: config.appendingPathComponent("config.json"))
    let overridden = try await home.run(["nearby", "--at", "60.1699,24.9384", "--radius", "500"])
    #expect(overridden.status == 0, "\(overridden.stderr)")
    #expect(overridden.stdout.hasPrefix("Coffee within 500 m"), "\(overridden.stdout)")
    #expect(overridden.stderr.contains("the option --radius is used"), "\(overridden.stderr)")
    // Not overridden, the bad value still stops the command, naming the file.
    let plain = try await home.run(["nearby", "--at", "60.1699,24.9384"])
    #expect(plain.status == 1, "\(plain.stderr)")
    #expect(plain.stderr.contains("config.json"), "\(plain.stderr)")
  }

  @Test func severalFavouritesOfOneNameAreListedNotGuessed() async throws {
    let home = try Home()
    defer { home.remove() }
    let nearby = try await home.run([
      "nearby", "--at", "60.1699,24.9384", "--json", "--limit", "50", "--radius", "5km",
    ])
    let report = try JSONSerialization.jsonObject(with: Data(nearby.stdout.utf8)) as? [String: Any]
    let picnics = ((report?["places"] as? [[String: Any]]) ?? [])
      .filter { $0["name"] as? String == "Picnic" }.compactMap { $0["id"] as? String }
    try #require(picnics.count >= 2, "\(nearby.stdout)")
    for id in picnics.prefix(2) {
      let added = try await home.run(["favorites", "add", id])
      #expect(added.status == 0, "\(added.stderr)")
    }
    let removed = try await home.run(["favorites", "remove", "Picnic"])
    #expect(removed.status == 1, "\(removed.stdout) \(removed.stderr)")
    #expect(removed.stderr.contains(picnics[0]) && removed.stderr.contains(picnics[1]))
    let list = try await home.run(["favorites", "list"])
    #expect(Self.lines(list.stdout).count == 2, "\(list.stdout)")
  }

  @Test func anEmptyDataDirectoryIsBadUsage() async throws {
    let home = try Home()
    defer { home.remove() }
    for (value, message) in [("", "empty path"), ("  ", "empty path")] {
      let result = try await BuiltBinary.run(
        ["favorites", "list", "--data-dir", value], dataDirectory: home.directory)
      #expect(result.status == 2, "\(value): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(value): \(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: "coffee-finder.sqlite"))
  }

  @Test func aDayThatDoesNotExistIsNoReplayDate() async throws {
    let home = try Home()
    defer { home.remove() }
    let track = BuiltBinary.packageRoot.appendingPathComponent("Fuzz/Corpus/nmea/gga-only.nmea")
    let result = try await home.run([
      "watch", "--replay", track.path, "--replay-date", "2026-02-29",
    ])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("--replay-date"), "\(result.stderr)")
  }

  @Test(.timeLimit(.minutes(1))) func aFileThatIsNotThereIsSaidInAFewWords() async throws {
    let home = try Home()
    defer { home.remove() }
    let missing = home.directory.appendingPathComponent("nowhere/track.gpx").path
    let runs = [
      (["import", missing], "no such file"), (["watch", "--replay", missing], "no such file"),
      // Written into a folder that is not there: the folder is what is missing.
      (["map", "--at", "60.1699,24.9384", "--svg", missing], "its folder does not exist"),
    ]
    for (arguments, problem) in runs {
      let run = try await home.run(arguments)
      #expect(run.status == 1, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains(problem), "\(arguments): \(run.stderr)")
      #expect(!run.stderr.contains("could not be completed"), "\(arguments): \(run.stderr)")
    }
  }

  @Test(.timeLimit(.minutes(1))) func anOverpassProviderIsNotRememberedWithoutItsServer()
    async throws
  {
    let home = try Home()
    defer { home.remove() }
    // `nearby` and `map` alike.
    for command in ["nearby", "map"] {
      try await LoopbackHTTPServer.with({ _, _ in .json(.ok, OverpassCommandTests.paris) }) {
        server in
        let url = server.baseURL.appendingPathComponent("api/interpreter").absoluteString
        let chosen = try await home.run([
          command, "--at", "48.8566,2.3522", "--provider", "overpass", "--overpass-url", url,
        ])
        #expect(chosen.status == 0, "\(command): \(chosen.stderr)")
      }
      // The next run in Helsinki searches the offline data, not the public Overpass server.
      let next = try await home.run(["nearby", "--at", "60.1699,24.9384"])
      #expect(next.status == 0, "\(command): \(next.stderr)")
      #expect(!next.stderr.contains("--provider overpass"), "\(command): \(next.stderr)")
    }
  }
}
