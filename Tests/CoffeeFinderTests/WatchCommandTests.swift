import BearingLocation
import BearingProcessTesting
import Foundation
import Testing

/// `coffee-finder watch` against a real gpsd: gpsfake replays an NMEA walk that passes through
/// a favourite's region; the command must print the enter line, then the exit line.
@Suite(.serialized) struct WatchCommandTests {
  @Test(.timeLimit(.minutes(2))) func gpsfakeWalkThroughAFavouriteEntersAndLeaves() async throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: "/usr/bin/gpsfake"), "install gpsd-clients")
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = ["--data-dir", directory.appendingPathComponent("data").path]

    let place = try await Self.addNearestFavourite(data: data, directory: directory)

    // 400 m south of it to 400 m north, in 20 m steps, after standing still for 20 s: gpsfake
    // (`-n`) replays from the start whether or not a client is there, and on a loaded machine
    // `watch` may take seconds to start and connect; it must do so before the walk reaches
    // the favourite. (8 s was once not enough while four builds ran.)
    let center = Coordinate(latitude: place.latitude, longitude: place.longitude)
    let log = NMEAWalk.log(
      from: Self.offset(center, metresNorth: -400), to: Self.offset(center, metresNorth: 400),
      steps: 40, pause: 20, date: Date(timeIntervalSince1970: 1_800_000_000))
    try await GPSFake.with(log: log, cycle: 0.25) { gpsfake in
      // `watch` starts once gpsd listens: its first attempt then connects, with no backoff.
      try await gpsfake.waitUntilListening()
      let outcome = try await WatchProcess.run(
        ["--gpsd", "127.0.0.1:\(gpsfake.port)", "--events-only"] + data, dataDirectory: directory,
        until: "exit")
      #expect(outcome.lines.map { $0["type"] ?? "" } == ["enter", "exit"])
      #expect(outcome.lines.allSatisfy { $0["id"] == place.id && $0["name"] == place.name })
      // Ctrl-C ends the command cleanly.
      #expect(outcome.status == 0)
      #expect(outcome.stderr.contains("watching gpsd 127.0.0.1:\(gpsfake.port)"))
    }
  }

  /// `--replay` needs no gpsd. Each replayed track is judged on its own: a run that starts
  /// inside the favourite says so, and a run after one that ended inside, far away, tells no
  /// exit from a place it never came near. Every entry and exit has its fix's time and place.
  @Test(.timeLimit(.minutes(2))) func replayedWalksAreEachJudgedOnTheirOwn() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = ["--data-dir", directory.appendingPathComponent("data").path]
    let place = try await Self.addNearestFavourite(data: data, directory: directory)
    let center = Coordinate(latitude: place.latitude, longitude: place.longitude)
    let south = Self.offset(center, metresNorth: -400)
    let north = Self.offset(center, metresNorth: 400)
    // Replays a walk in a new `watch` process; returns its entry and exit lines and how many
    // fixes.
    func replay(from start: Coordinate, to end: Coordinate, pause: Int, until type: String)
      async throws -> (events: [[String: String]], fixes: Int)
    {
      let log = directory.appendingPathComponent("walk-\(type).nmea")
      try NMEAWalk.log(
        from: start, to: end, steps: 20, pause: pause,
        date: Date(timeIntervalSince1970: 1_800_000_000)
      ).write(to: log, atomically: true, encoding: .utf8)
      let outcome = try await WatchProcess.run(
        ["--replay", log.path, "--replay-speed", "20"] + data, dataDirectory: directory,
        until: type)
      #expect(outcome.status == 0)
      return (
        outcome.lines.filter { $0["type"] != "fix" },
        outcome.lines.count { $0["type"] == "fix" }
      )
    }

    // First run: walk in from the south and stop at the café.
    let first = try await replay(from: south, to: center, pause: 2, until: "enter")
    #expect(first.events.map { $0["type"] } == ["enter"])
    #expect(first.fixes >= 3)
    let entry = try #require(first.events.first)
    let entered = Coordinate(
      latitude: Double(entry["latitude"] ?? "") ?? 0,
      longitude: Double(entry["longitude"] ?? "") ?? 0)
    #expect(entered.distance(to: center) <= 100, "a favourite's region is 100 m: \(entry)")
    #expect(entry["time"]?.hasPrefix("2027-01-15T") == true, "\(entry)")
    // Second run, a new process, starting at the café: the start inside is told, then leaving.
    let second = try await replay(from: center, to: north, pause: 4, until: "exit")
    #expect(second.events.map { $0["type"] } == ["enter", "exit"])
    #expect(second.fixes >= 5)
    // A run far away after one that ended inside: nothing to tell.
    _ = try await replay(from: south, to: center, pause: 2, until: "enter")
    let far = Self.offset(center, metresNorth: 900)
    let fourth = try await replay(from: north, to: far, pause: 1, until: "exit")
    #expect(fourth.events.isEmpty, "\(fourth.events)")
  }

  /// SIGTERM, as a service manager stops a process, is not the normal end of a watch: exit
  /// status 128 + 15, after a last line on standard error that says why.
  @Test(.timeLimit(.minutes(2))) func sigtermStopsAWanderingWatchWith143() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outcome = try await WatchProcess.run(
      ["--wander", "--data-dir", directory.appendingPathComponent("data").path],
      dataDirectory: directory, until: "fix", signal: SIGTERM)
    #expect(outcome.lines.last?["type"] == "fix")
    #expect(outcome.status == 143, "stderr: \(outcome.stderr)")
    let lines = outcome.stderr.split(separator: "\n")
    #expect(lines.contains { $0.contains("watching simulated wander") })
    #expect(lines.last == "coffee-finder: stopped by SIGTERM")
  }

  /// Makes the café nearest the railway square a favourite, through the built binary.
  static func addNearestFavourite(data: [String], directory: URL) async throws
    -> CommandLineTests.NearbyJSON.Entry
  {
    let nearby = try await BuiltBinary.run(
      ["nearby", "--json", "--at", "60.1699,24.9384", "--limit", "1"] + data,
      dataDirectory: directory)
    let place = try #require(
      try JSONDecoder().decode(CommandLineTests.NearbyJSON.self, from: Data(nearby.stdout.utf8))
        .places.first)
    #expect(
      try await BuiltBinary.run(["favorites", "add", place.id] + data, dataDirectory: directory)
        .status
        == 0)
    return place
  }

  static func offset(_ coordinate: Coordinate, metresNorth: Double) -> Coordinate {
    let metresPerDegree = Coordinate.earthRadius * .pi / 180
    return Coordinate(
      latitude: coordinate.latitude + metresNorth / metresPerDegree,
      longitude: coordinate.longitude)
  }
}
