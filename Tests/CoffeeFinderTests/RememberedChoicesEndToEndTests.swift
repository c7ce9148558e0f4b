import BearingHTTPTesting
import BearingLocation
import CoffeeFinder
import Foundation
import Testing

/// What the built binary remembers between runs, each run a real process: the radius, units and
/// provider the user chose (app storage, `$XDG_CONFIG_HOME/coffee-finder/app-storage.json`) and
/// the last live position (`$XDG_DATA_HOME/coffee-finder/last-position.json`). Every test has
/// XDG directories of its own (``BuiltBinary/environment(dataDirectory:)``).
@Suite(.serialized) struct RememberedChoicesEndToEndTests {
  /// A run of `nearby` in `directory`, so that runs of one test share what they remember.
  static func nearby(
    _ arguments: [String], in directory: URL, extra: [String: String] = [:]
  ) async throws -> BuiltBinary.Result {
    try await BuiltBinary.run(
      ["nearby"] + arguments + ["--data-dir", directory.appendingPathComponent("data").path],
      dataDirectory: directory, extra: extra)
  }

  static let helsinki = ["--at", "60.1699,24.9384", "--limit", "3"]

  static func appStorage(in directory: URL) -> URL {
    directory.appendingPathComponent("config/coffee-finder/app-storage.json")
  }

  static func lastPositionFile(in directory: URL) -> URL {
    directory.appendingPathComponent("xdg-data/coffee-finder/last-position.json")
  }

  @Test func theLastRadiusIsUsedAndSaidUntilAnOptionOrTheConfigFileSaysOtherwise() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let chosen = try await Self.nearby(Self.helsinki + ["--radius", "800"], in: directory)
    #expect(chosen.status == 0, "\(chosen.stderr)")
    #expect(chosen.stdout.hasPrefix("Coffee within 800 m of"), "\(chosen.stdout)")
    #expect(chosen.stderr.isEmpty, "\(chosen.stderr)")

    let remembered = try await Self.nearby(Self.helsinki, in: directory)
    #expect(remembered.status == 0, "\(remembered.stderr)")
    #expect(remembered.stdout.hasPrefix("Coffee within 800 m of"), "\(remembered.stdout)")
    #expect(
      remembered.stderr
        == "coffee-finder: using your last choice of --radius 800 m (an option, the environment or the config "
        + "file overrides it)\n")
    // `route` searches only to find the user: the radius is not its concern, and not said.
    let route = try await BuiltBinary.run(
      [
        "route", "Café Ekberg", "--at", "60.1699,24.9384", "--provider", "offline", "--data-dir",
        directory.appendingPathComponent("data").path,
      ], dataDirectory: directory)
    // Past the settings (with no streets stored it may find no walk: exit status 1).
    #expect(route.status == 0 || route.status == 1, "\(route.stderr)")
    #expect(!route.stderr.contains("last choice"), "\(route.stderr)")

    // An option wins, and is the new choice.
    let overridden = try await Self.nearby(Self.helsinki + ["--radius", "2km"], in: directory)
    #expect(overridden.stdout.hasPrefix("Coffee within 2.0 km of"), "\(overridden.stdout)")
    #expect(overridden.stderr.isEmpty, "\(overridden.stderr)")
    let again = try await Self.nearby(Self.helsinki, in: directory)
    #expect(again.stdout.hasPrefix("Coffee within 2.0 km of"), "\(again.stdout)")
    let stored =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: Self.appStorage(in: directory))) as? [String: Any]
    #expect(stored?["search_radius"] as? Double == 2000, "\(String(describing: stored))")

    // A choice that is the default is remembered but not said: it changes nothing.
    _ = try await Self.nearby(Self.helsinki + ["--radius", "1km"], in: directory)
    let quiet = try await Self.nearby(Self.helsinki, in: directory)
    #expect(quiet.stdout.hasPrefix("Coffee within 1.0 km of"), "\(quiet.stdout)")
    #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")

    // The config file outranks what was remembered, and nothing is said of it.
    try Data(#"{"search_radius": 500}"#.utf8).write(
      to: directory.appendingPathComponent("config/coffee-finder/config.json"))
    let configured = try await Self.nearby(Self.helsinki, in: directory)
    #expect(configured.stdout.hasPrefix("Coffee within 500 m of"), "\(configured.stdout)")
    #expect(configured.stderr.isEmpty, "\(configured.stderr)")
  }

  @Test func theUnitsChosenAreRememberedAndTheEnvironmentOverridesThem() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let chosen = try await Self.nearby(Self.helsinki + ["--units", "imperial"], in: directory)
    #expect(chosen.stdout.contains("Coffee within 0.62 mi"), "\(chosen.stdout) \(chosen.stderr)")
    let remembered = try await Self.nearby(Self.helsinki, in: directory)
    #expect(remembered.status == 0, "\(remembered.stderr)")
    let distances = SettingsEndToEndTests.distances(remembered.stdout)
    #expect(distances.count == 3, "\(remembered.stdout)")
    #expect(distances.allSatisfy { $0.hasSuffix(" ft") || $0.hasSuffix(" mi") }, "\(distances)")
    #expect(remembered.stderr.contains("using your last choice of --units imperial"))
    let environment = try await Self.nearby(
      Self.helsinki, in: directory, extra: ["COFFEE_FINDER_UNITS": "metric"])
    #expect(environment.stdout.contains("Coffee within 1.0 km"), "\(environment.stdout)")
    #expect(environment.stderr.isEmpty, "\(environment.stderr)")
  }

  @Test(.timeLimit(.minutes(1))) func theProviderChosenIsRemembered() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await LoopbackHTTPServer.with({ _, _ in .json(.ok, OverpassCommandTests.paris) }) {
      server in
      let extra = [
        "COFFEE_FINDER_OVERPASS_URL":
          server.baseURL.appendingPathComponent("api/interpreter").absoluteString
      ]
      // In Helsinki `auto` would search the offline data; the user chose Overpass.
      let chosen = try await Self.nearby(
        Self.helsinki + ["--provider", "overpass", "--json"], in: directory, extra: extra)
      #expect(chosen.stdout.contains(#""dataSource":"overpass""#), "\(chosen.stderr)")
      let remembered = try await Self.nearby(
        Self.helsinki + ["--json"], in: directory, extra: extra)
      #expect(remembered.stdout.contains(#""dataSource":"overpass""#), "\(remembered.stderr)")
      #expect(remembered.stderr.contains("using your last choice of --provider overpass"))
      #expect(server.requests.count == 2)
      let auto = try await Self.nearby(
        Self.helsinki + ["--provider", "auto", "--json"], in: directory, extra: extra)
      #expect(auto.stdout.contains(#""dataSource":"offline""#), "\(auto.stderr)")
      #expect(server.requests.count == 2)
    }
  }

  @Test func withNoSourceAnsweringTheLastKnownPositionIsUsedAndItsAgeSaid() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Near the Cathedral, away from the offline data's centre.
    let given = try await Self.nearby(["--at", "60.1705,24.9522", "--limit", "3"], in: directory)
    #expect(given.status == 0, "\(given.stderr)")
    let file = Self.lastPositionFile(in: directory)
    var last = try JSONDecoder().decode(LastPosition.self, from: Data(contentsOf: file))
    #expect(last.latitude == 60.1705 && last.longitude == 24.9522 && last.source == "--at")
    #expect(abs(last.receivedAt.timeIntervalSinceNow) < 60)

    // Twelve minutes later, nothing answers: the position is used, its age said.
    last.receivedAt = Date().addingTimeInterval(-12 * 60 - 5)
    try JSONEncoder().encode(last).write(to: file)
    let later = try await Self.nearby(["--limit", "3"], in: directory)
    #expect(later.status == 0, "\(later.stderr)")
    #expect(
      later.stderr
        == "coffee-finder: no gpsd at 127.0.0.1:1 and no GeoClue on the system bus: using your "
        + "last known position (60.1705, 24.9522) from 12 min ago, via --at; pass --at LAT,LON, "
        + "--gpsd HOST:PORT or --geoclue\n")
    #expect(
      later.stdout.hasPrefix(
        "Coffee within 1.0 km of 60.1705, 24.9522 (location: last known, 12 min ago)\n"),
      "\(later.stdout)")
    let json = try await Self.nearby(["--limit", "3", "--json"], in: directory)
    #expect(json.stdout.contains(#""locationSource":"last-known""#), "\(json.stdout)")
    // Used, not seen again: the file still says when the position was last seen.
    let kept = try JSONDecoder().decode(LastPosition.self, from: Data(contentsOf: file))
    #expect(kept == last)

    // Two days old, it says nothing of where the user is: the simulated centre, and why.
    last.receivedAt = Date().addingTimeInterval(-50 * 3600)
    try JSONEncoder().encode(last).write(to: file)
    let stale = try await Self.nearby(["--limit", "3"], in: directory)
    #expect(stale.status == 0, "\(stale.stderr)")
    #expect(
      stale.stderr.contains(
        "; your last known position, 50 h ago, is more than 24 h old, so it is not used: using "
          + "a simulated position"), "\(stale.stderr)")
    #expect(stale.stdout.contains("(location: simulated"), "\(stale.stdout)")
  }

  @Test func corruptStoresAreReportedAndTheCommandStillWorks() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let storage = Self.appStorage(in: directory)
    let position = Self.lastPositionFile(in: directory)
    for file in [storage, position] {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("{not json\u{1B}[2J".utf8).write(to: file)
    }
    let outcome = try await Self.nearby(["--limit", "3"], in: directory)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("(location: simulated"), "\(outcome.stdout)")
    let lines = outcome.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "coffee-finder: warning: \(storage.path) does not hold remembered choices; ignoring it (it is kept as "
          + "\(storage.path).corrupt when a choice is next saved)"), "\(outcome.stderr)")
    #expect(
      lines.contains(
        "coffee-finder: warning: ignoring your last known position: \(position.path) does not hold a position "
          + "(it is replaced at the next live fix)"), "\(outcome.stderr)")
    #expect(!outcome.stderr.unicodeScalars.contains("\u{1B}"))

    // A choice replaces the store; the unreadable one is kept beside it.
    let chosen = try await Self.nearby(Self.helsinki + ["--radius", "700"], in: directory)
    #expect(chosen.status == 0, "\(chosen.stderr)")
    #expect(FileManager.default.fileExists(atPath: storage.path + ".corrupt"))
    let remembered = try await Self.nearby(Self.helsinki, in: directory)
    #expect(remembered.stdout.hasPrefix("Coffee within 700 m of"), "\(remembered.stdout)")
    #expect(!remembered.stderr.contains("warning"), "\(remembered.stderr)")
  }

  @Test func storesThatCannotBeWrittenAreReportedAndTheCommandStillWorks() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A file where the directories should be: no one, root included, can write beneath it.
    let blocker = directory.appendingPathComponent("blocker")
    try Data("not a directory".utf8).write(to: blocker)
    let extra = [
      "XDG_CONFIG_HOME": blocker.appendingPathComponent("config").path,
      "XDG_DATA_HOME": blocker.appendingPathComponent("data").path,
    ]
    let outcome = try await Self.nearby(
      Self.helsinki + ["--radius", "800"], in: directory, extra: extra)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.hasPrefix("Coffee within 800 m of"), "\(outcome.stdout)")
    let lines = outcome.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(outcome.stderr)")
    #expect(
      lines.contains {
        $0.hasPrefix("coffee-finder: warning: cannot remember this position: cannot save ")
          && $0.contains("last-position.json: cannot create the directory ")
      }, "\(outcome.stderr)")
    #expect(
      lines.contains {
        $0.hasPrefix("coffee-finder: warning: cannot remember your choices: cannot save ")
          && $0.hasSuffix("app-storage.json: cannot open its lock file: Not a directory")
      }, "\(outcome.stderr)")
  }
}
