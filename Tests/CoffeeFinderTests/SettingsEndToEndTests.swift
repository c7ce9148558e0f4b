import BearingHTTPTesting
import BearingProcessTesting
import CoffeeFinderSettings
import Foundation
import Testing

/// Settings and options that change what the built binary does, each seen doing it: units,
/// the configured gpsd, the API key on the command line, and opt-in analytics.
@Suite(.serialized) struct SettingsEndToEndTests {
  static func run(_ arguments: [String], extra: [String: String] = [:]) async throws
    -> BuiltBinary.Result
  {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let arguments = arguments + ["--data-dir", directory.appendingPathComponent("data").path]
    let result = await onThread {
      Result { try BuiltBinary.run(arguments, dataDirectory: directory, extra: extra) }
    }
    return try result.get()
  }

  /// The distance column of `nearby`'s table.
  static func distances(_ table: String) -> [String] {
    table.split(separator: "\n").dropFirst(2).compactMap { line in
      line.firstMatch(of: /\s(\d+(?:\.\d)? (?:m|km|ft|mi))(?:\s|$)/).map { String($0.1) }
    }
  }

  @Test func unitsComeFromTheOptionOrTheEnvironment() async throws {
    let place = ["nearby", "--at", "60.1699,24.9384", "--limit", "5"]
    let metric = try await Self.run(place)
    let imperial = try await Self.run(place + ["--units", "imperial"])
    let fromEnvironment = try await Self.run(place, extra: ["COFFEE_FINDER_UNITS": "imperial"])
    #expect(metric.status == 0 && imperial.status == 0 && fromEnvironment.status == 0)
    let metres = Self.distances(metric.stdout)
    let feet = Self.distances(imperial.stdout)
    #expect(metres.count == 5 && feet.count == 5, "\(metric.stdout)\n\(imperial.stdout)")
    #expect(metres.allSatisfy { $0.hasSuffix(" m") || $0.hasSuffix(" km") })
    #expect(feet.allSatisfy { $0.hasSuffix(" ft") || $0.hasSuffix(" mi") })
    #expect(Self.distances(fromEnvironment.stdout) == feet)
    #expect(imperial.stdout.contains("Coffee within 0.62 mi"))
  }

  /// Every setting's option, as its declaration names it (``Setting/option``), is one the
  /// command line takes: `nearby` accepts the declared example and refuses a value that is not
  /// valid with an error naming the option.
  @Test(arguments: SettingKey.allCases)
  func everySettingsOptionIsOnTheCommandLine(_ key: SettingKey) async throws {
    // `--gpsd` chooses where the position comes from, so it is given instead of `--at`.
    let place =
      (key == .gpsdAddress ? ["nearby", "--timeout", "1"] : ["nearby", "--at", "60.1699,24.9384"])
      + (key == .provider ? [] : ["--provider", "offline"])
    let example = try await Self.run(place + [key.option, key.setting.example])
    if key == .gpsdAddress {
      // Nothing listens at the example's address: the run names it and ends without a fix.
      #expect(example.status == 1, "\(example.stderr)")
      #expect(example.stderr.contains("gpsd at \(key.setting.example)"), "\(example.stderr)")
    } else {
      #expect(example.status == 0, "\(key.option) \(key.setting.example): \(example.stderr)")
    }
    let refused = try await Self.run(place + [key.option, "not valid"])
    #expect(refused.status != 0, "\(key.option): \(refused.stdout)")
    #expect(refused.stderr.contains(key.option), "\(refused.stderr)")
  }

  @Test func unitsComeFromTheConfigFileUnlessTheOptionSaysOtherwise() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // BuiltBinary's environment points XDG_CONFIG_HOME at `config` in the directory.
    let config = directory.appendingPathComponent("config/coffee-finder")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data(#"{"units": "imperial"}"#.utf8).write(
      to: config.appendingPathComponent("config.json"))
    let place = [
      "nearby", "--at", "60.1699,24.9384", "--limit", "5", "--data-dir",
      directory.appendingPathComponent("data").path,
    ]
    let configured = try await BuiltBinary.run(place, dataDirectory: directory)
    let overridden = try await BuiltBinary.run(
      place + ["--units", "metric"], dataDirectory: directory)
    #expect(configured.status == 0 && overridden.status == 0, "\(configured.stderr)")
    let feet = Self.distances(configured.stdout)
    let metres = Self.distances(overridden.stdout)
    #expect(feet.count == 5 && metres.count == 5, "\(configured.stdout)\n\(overridden.stdout)")
    #expect(feet.allSatisfy { $0.hasSuffix(" ft") || $0.hasSuffix(" mi") }, "\(feet)")
    #expect(metres.allSatisfy { $0.hasSuffix(" m") || $0.hasSuffix(" km") }, "\(metres)")
    #expect(configured.stdout.contains("Coffee within 0.62 mi"), "\(configured.stdout)")
  }

  @Test(.timeLimit(.minutes(1))) func aConfiguredGPSDIsTheDefaultSource() async throws {
    let server = try GreetingServer.silentGPSD()
    let address = "127.0.0.1:\(server.port)"
    let outcome = try await Self.run(
      ["nearby", "--timeout", "2"], extra: ["COFFEE_FINDER_GPSD": address])
    #expect(server.connectionCount >= 1)
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("within 2 s from gpsd \(address)"), "\(outcome.stderr)")
    #expect(!outcome.stderr.contains("simulated"))
    // A bad address is refused naming the setting, not used.
    let bad = try await Self.run(["nearby"], extra: ["COFFEE_FINDER_GPSD": "[::1"])
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("COFFEE_FINDER_GPSD") && bad.stderr.contains("]"), "\(bad.stderr)")
  }

  @Test(.timeLimit(.minutes(1))) func anAPIKeyOnTheCommandLineReachesOnlyTheServer() async throws {
    let key = "fsq3CommandLineKey0123456789SECRET"
    try await LoopbackHTTPServer.with({ _, _ in .json(200, FoursquareCommandTests.twoCafes) }) {
      server in
      let outcome = try await Self.run(
        ["nearby", "--at", "60.1699,24.9384", "--provider", "foursquare", "--api-key", key, "-v"],
        extra: ["COFFEE_FINDER_FOURSQUARE_URL": server.baseURL.absoluteString])
      #expect(outcome.status == 0, "\(outcome.stderr)")
      #expect(outcome.stdout.contains("Café Regatta"))
      #expect(!outcome.stdout.contains(key) && !outcome.stderr.contains(key))
      #expect(
        server.requests.count == 1
          && server.requests.allSatisfy {
            $0.headerFields[.authorization]?.contains(key) == true
          })
    }
  }

  @Test func analyticsAreWrittenOnlyWhenAskedFor() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("events.jsonl")
    let outcome = try await Self.run([
      "nearby", "--at", "60.16987,24.93843", "--limit", "3", "--analytics-file", file.path,
    ])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    let events = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let search = try #require(events.first { $0["event"] as? String == "search" })
    let properties = try #require(search["properties"] as? [String: Any])
    #expect(properties["results"] as? Int == 3)
    // The user's position, rounded to about a kilometre.
    let center = try #require(properties["center"] as? [String: Double])
    #expect(center["latitude"] == 60.17 && center["longitude"] == 24.94)
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o077 } == 0)

    let quiet = try await Self.run(["nearby", "--at", "60.16987,24.93843"])
    #expect(quiet.status == 0)
    let written = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(written == ["events.jsonl"])
  }
}
