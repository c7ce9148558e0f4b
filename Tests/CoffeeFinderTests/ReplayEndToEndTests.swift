import BearingLocationTesting
import Foundation
import Testing

/// Replayed NMEA logs as users record them, through the built binary.
@Suite struct ReplayEndToEndTests {
  static func write(_ lines: [String], in directory: URL) throws -> String {
    let url = directory.appendingPathComponent("log-\(UUID().uuidString).nmea")
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  static func rmc(_ time: String, _ minutes: Int) -> String {
    NMEALog.sentence(
      "GPRMC,\(time).00,A,6010.\(String(format: "%04d", minutes)),N,02456.0000,E,0.0,0.0,221126,,,A"
    )
  }

  @Test(.timeLimit(.minutes(1))) func watchEndsAtTheEndOfTheLogAndShortensAJump() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Two recordings joined: three hours between 12:00:02 and 15:00:00.
    let log = try Self.write(
      [
        "# two walks", Self.rmc("120000", 0), Self.rmc("120001", 10), Self.rmc("120002", 20),
        Self.rmc("150000", 100), Self.rmc("150001", 110), "$GPRMC,broken*00",
      ],
      in: directory)
    let clock = ContinuousClock()
    let start = clock.now
    let result = await onThread {
      Result {
        try BuiltBinary.run(
          [
            "watch", "--replay", log, "--replay-speed", "10", "--data-dir",
            directory.appendingPathComponent("data").path,
          ],
          dataDirectory: directory)
      }
    }
    let outcome = try result.get()
    let elapsed = clock.now - start
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("fix") }.count == 5)
    // Three hours at 10× would be 18 minutes: the jump is shortened to 10 s, and said.
    #expect(elapsed < .seconds(30))
    #expect(outcome.stderr.contains("The track jumps 2 h 59 min"))
    #expect(outcome.stderr.contains("1 of 6 sentences skipped: 1 had bad checksums"))
    #expect(outcome.stderr.contains("the replay ended after 5 fixes"))
    // The summary of what was skipped is the last line, where the user reads it.
    let lastLine = outcome.stderr.split(separator: "\n").last.map(String.init) ?? ""
    #expect(lastLine.contains("1 of 6 sentences skipped"), "\(outcome.stderr)")
  }

  @Test func aGGAOnlyLogTakesItsDateFromReplayDateOrSaysWhatIsMissing() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = try Self.write(
      [NMEALog.sentence("GPGGA,120000.00,6010.0000,N,02456.0000,E,1,08,0.9,20.0,M,18.0,M,,")],
      in: directory)
    let data = ["--data-dir", directory.appendingPathComponent("data").path]
    let missing = try await onThread {
      Result { try BuiltBinary.run(["nearby", "--replay", log] + data, dataDirectory: directory) }
    }.get()
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("add ZDA or pass --replay-date"), "\(missing.stderr)")
    let dated = try await onThread {
      Result {
        try BuiltBinary.run(
          ["nearby", "--replay", log, "--replay-date", "2026-11-22", "--json"] + data,
          dataDirectory: directory)
      }
    }.get()
    #expect(dated.status == 0, "\(dated.stderr)")
    #expect(dated.stdout.contains("\"locationSource\":\"replay\""))
  }

  /// gpsd's `udp-test` and `tcp-torture` logs end so: a GGA and an RMC of one second, then a ZDA
  /// with no time or date (the receiver has lost its fix). One fix, then the end of the log.
  @Test func watchEndsAtTheEndOfALogWhoseLastSentenceIsAFixlessZDA() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = try Self.write(
      [
        NMEALog.sentence("GPGGA,120000.00,6010.0000,N,02456.0000,E,1,08,0.9,20.0,M,18.0,M,,"),
        Self.rmc("120000", 0),
        NMEALog.sentence("GPZDA,,,,,,"),
      ],
      in: directory)
    let outcome = try await BuiltBinary.run(
      ["watch", "--replay", log, "--data-dir", directory.appendingPathComponent("data").path],
      dataDirectory: directory, killAfter: 20)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let fixes = outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("fix") }
    #expect(fixes.count == 1, "\(outcome.stdout)")
    #expect(outcome.stderr.contains("the replay ended after 1 fix;"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("1 of 3 sentences skipped"), "\(outcome.stderr)")
  }

  /// A receiver that sends the RMC and the GGA of one second at different positions (gpsd's
  /// `bundg_zeus_9`): the live gpsd path delivers both reports, and so does a replay.
  @Test func watchReplaysSameSecondReportsAtDifferentPositionsAsTwoFixes() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Each second: the RMC at 60°10.0000′, the GGA about 30 m north at 60°10.0160′.
    var lines: [String] = []
    for second in ["120000", "120001"] {
      lines.append(Self.rmc(second, 0))
      lines.append(
        NMEALog.sentence("GPGGA,\(second).00,6010.0160,N,02456.0000,E,1,08,0.9,20.0,M,18.0,M,,"))
    }
    let log = try Self.write(lines, in: directory)
    let outcome = try await BuiltBinary.run(
      ["watch", "--replay", log, "--data-dir", directory.appendingPathComponent("data").path],
      dataDirectory: directory, killAfter: 20)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let fixes = outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("fix") }
      .map(String.init)
    #expect(fixes.count == 4, "\(outcome.stdout)")
    #expect(fixes.map { $0.contains("60.166667,") } == [true, false, true, false], "\(fixes)")
    #expect(fixes.map { $0.contains("60.166933,") } == [false, true, false, true], "\(fixes)")
    #expect(outcome.stderr.contains("the replay ended after 4 fixes"), "\(outcome.stderr)")
  }

  /// With `--verbose` each skipped sentence is one line on stderr naming the file and its line;
  /// without it, only the summary.
  @Test(.timeLimit(.minutes(1))) func verboseReportsEachSkippedSentenceOnItsOwnLine() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = try Self.write(
      [
        Self.rmc("120000", 0), "$GPRMC,broken*00", Self.rmc("120001", 10),
        NMEALog.sentence("GPRMC,120002.00,V,,,,,,,221126,,,N"),
      ],
      in: directory)
    let data = ["--data-dir", directory.appendingPathComponent("data").path]
    let verbose = try await BuiltBinary.run(
      ["nearby", "--replay", log, "--verbose"] + data, dataDirectory: directory, killAfter: 20)
    #expect(verbose.status == 0, "\(verbose.stderr)")
    let lines = verbose.stderr.split(separator: "\n").map(String.init)
    let perLine = lines.filter { $0.contains("\(log): line ") }
    #expect(perLine.count == 2, "\(verbose.stderr)")
    #expect(
      perLine.first?.contains("line 2: sentence checksum 00 does not match") == true,
      "\(perLine)")
    #expect(perLine.last?.contains("line 4: RMC reports no fix (status V)") == true, "\(perLine)")
    #expect(verbose.stderr.contains("2 of 4 sentences skipped"), "\(verbose.stderr)")

    let quiet = try await BuiltBinary.run(
      ["nearby", "--replay", log] + data, dataDirectory: directory, killAfter: 20)
    #expect(quiet.status == 0, "\(quiet.stderr)")
    #expect(!quiet.stderr.contains("\(log): line "), "\(quiet.stderr)")
    #expect(quiet.stderr.contains("2 of 4 sentences skipped"), "\(quiet.stderr)")
  }
}
