import Foundation
import Testing

/// Opening hours as a user meets them in the built binary: the table's column, the JSON
/// fields, `--open-now`, `--at-time` and `--time-zone`, a value that cannot be read, the map's
/// legend and the full-screen UI's `o`. The built-in central Helsinki data carries hours for 44
/// of its 86 cafés.
@Suite("opening hours (built binary)", .serialized)
struct OpeningHoursEndToEndTests {
  typealias Home = UserTrialEndToEndTests.Home

  /// Monday 30 November 2026 at `time`, in Helsinki, around the railway station, among the 50
  /// nearest within 2 km.
  static func nearby(_ time: String, _ extra: [String] = []) -> [String] {
    [
      "nearby", "--at", "60.1699,24.9384", "--provider", "offline", "--radius", "2km",
      "--at-time", "2026-11-30T\(time)", "--time-zone", "Europe/Helsinki",
    ] + extra
  }

  static func places(_ json: String) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return try #require(object?["places"] as? [[String: Any]])
  }

  @Test(.timeLimit(.minutes(2))) func theTableAndTheJSONSayWhetherEachCafeIsOpen() async throws {
    let home = try Home()
    defer { home.remove() }
    let table = try await home.run(Self.nearby("10:00", ["--limit", "50"]))
    #expect(table.status == 0, "\(table.stderr)")
    let lines = table.stdout.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix(" #  Name") && $0.contains("Distance  Hours") })
    #expect(table.stdout.contains("open · until"), "\(table.stdout)")
    #expect(table.stdout.contains("Hours at 2026-11-30 10:00 +02:00 (Europe/Helsinki)"))

    let json = try await home.run(Self.nearby("10:00", ["--limit", "50", "--json"]))
    #expect(json.status == 0, "\(json.stderr)")
    let places = try Self.places(json.stdout)
    #expect(places.count == 50)
    // Every place carries the three fields, null where not known.
    for place in places {
      #expect(place.keys.contains("open_now") && place.keys.contains("next_change"))
      #expect(place.keys.contains("opening_hours"))
      if place["opening_hours"] is NSNull { #expect(place["open_now"] is NSNull) }
    }
    let open = places.filter { $0["open_now"] as? Bool == true }
    let closed = places.filter { $0["open_now"] as? Bool == false }
    #expect(!open.isEmpty && !closed.isEmpty, "\(places)")
    // Théhuone, Mo-Fr 10:00-19:00: open from this minute, until 19:00 Helsinki time.
    let thehuone = try #require(places.first { $0["name"] as? String == "Théhuone" })
    #expect(thehuone["opening_hours"] as? String == "Mo-Fr 10:00-19:00; Sa 10:00-18:00")
    #expect(thehuone["open_now"] as? Bool == true)
    #expect(thehuone["next_change"] as? String == "2026-11-30T19:00:00+02:00")
    // The same moment given in UTC is the same answer.
    let utc = try await home.run(
      [
        "nearby", "--at", "60.1699,24.9384", "--provider", "offline", "--radius", "2km",
        "--limit", "50", "--json", "--at-time", "2026-11-30T08:00:00Z", "--time-zone",
        "Europe/Helsinki",
      ])
    let again = try Self.places(utc.stdout)
    #expect(again.map { $0["open_now"] as? Bool } == places.map { $0["open_now"] as? Bool })
    // A zone alone is said too: the same café on Tokyo's clock (10:00 Helsinki is 17:00).
    let tokyo = try await home.run(
      [
        "nearby", "--at", "60.1699,24.9384", "--provider", "offline", "--radius", "2km",
        "--limit", "50", "--time-zone", "Asia/Tokyo",
      ])
    #expect(tokyo.stdout.contains(#/Hours at [0-9-]+ [0-9:]+ \+09:00 \(Asia\/Tokyo\)/#))
    // A minute earlier Théhuone is closed, and says when it opens.
    let before = try await home.run(Self.nearby("09:59", ["--limit", "50", "--json"]))
    let earlier = try #require(
      try Self.places(before.stdout).first { $0["name"] as? String == "Théhuone" })
    #expect(earlier["open_now"] as? Bool == false)
    #expect(earlier["next_change"] as? String == "2026-11-30T10:00:00+02:00")
  }

  @Test(.timeLimit(.minutes(2))) func openNowKeepsTheOpenOnesAndCountsTheOthers() async throws {
    let home = try Home()
    defer { home.remove() }
    // At 03:00 on a Monday only the all-night ones are open.
    let all = try Self.places(
      try await home.run(Self.nearby("03:00", ["--limit", "50", "--json"])).stdout)
    let openNames = all.filter { $0["open_now"] as? Bool == true }.compactMap {
      $0["name"] as? String
    }
    let closedCount = all.filter { $0["open_now"] as? Bool == false }.count
    let unknownCount = all.filter { $0["open_now"] is NSNull }.count
    #expect(!openNames.isEmpty && openNames.count < 10, "\(openNames)")

    let filtered = try await home.run(Self.nearby("03:00", ["--open-now", "--json"]))
    #expect(filtered.status == 0, "\(filtered.stderr)")
    let kept = try Self.places(filtered.stdout)
    let object =
      try JSONSerialization.jsonObject(with: Data(filtered.stdout.utf8)) as? [String: Any]
    #expect(
      object?["leftOut"] as? [String: Int] == ["closed": closedCount, "unknown": unknownCount])
    #expect(object?["hoursAt"] as? String == "2026-11-30T03:00:00+02:00")
    #expect(kept.compactMap { $0["name"] as? String } == openNames)
    #expect(kept.allSatisfy { $0["open_now"] as? Bool == true })

    let table = try await home.run(Self.nearby("03:00", ["--open-now"]))
    #expect(table.status == 0, "\(table.stderr)")
    let rows = table.stdout.split(separator: "\n").filter { $0.first == " " && !$0.hasPrefix(" #") }
    #expect(rows.count == openNames.count, "\(table.stdout)")
    #expect(rows.allSatisfy { $0.contains("open · ") }, "\(table.stdout)")
    #expect(
      table.stdout.contains(
        "Open now: \(openNames.count) shown; left out: \(closedCount) closed, "
          + "\(unknownCount) with hours not known"), "\(table.stdout)")

    // The map keeps the same ones, says whether each is open, and counts the others.
    let map = try await home.run(
      [
        "map", "--at", "60.1699,24.9384", "--provider", "offline", "--radius", "2km",
        "--open-now", "--at-time", "2026-11-30T03:00", "--time-zone", "Europe/Helsinki",
        "--width", "60", "--height", "10",
      ])
    #expect(map.status == 0, "\(map.stderr)")
    for (index, name) in openNames.enumerated() {
      let number = String(format: "%2d ", index + 1)
      #expect(
        map.stdout.split(separator: "\n").contains {
          $0.hasPrefix(number + name) && $0.contains("open · ")
        }, "\(map.stdout)")
    }
    #expect(map.stdout.contains("Open now: \(openNames.count) shown"), "\(map.stdout)")
  }

  @Test(.timeLimit(.minutes(1))) func aZoneOrATimeThatIsNotOneIsBadUsage() async throws {
    let home = try Home()
    defer { home.remove() }
    let cases: [([String], String)] = [
      (["--time-zone", "Mars/Olympus"], "--time-zone must be an IANA time zone"),
      (["--at-time", "tomorrow"], "--at-time must be an ISO 8601 time"),
      (["--at-time", "2026-02-30T10:00"], "got 2026-02-30T10:00"),
      (["--at-time", "2026-11-30T25:00"], "--at-time"),
      (["--at-time", "2026-11-30T10:00+99:00"], "--at-time"),
      (["--at-time", "2026-11-30T10:00+02:"], "--at-time"),
      (["--time-zone", "GMT+2"], "--time-zone must be an IANA time zone"),
    ]
    for (arguments, message) in cases {
      let run = try await home.run(["nearby", "--at", "60.1699,24.9384"] + arguments)
      #expect(run.status == 2, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
      #expect(run.stdout.isEmpty)
    }
    // IANA names that ICU's list of known zones lacks, or lists under an older name.
    for zone in ["Asia/Kolkata", "Etc/GMT+12", "Europe/Kyiv", "UTC"] {
      let run = try await home.run(
        ["nearby", "--at", "60.1699,24.9384", "--provider", "offline", "--time-zone", zone])
      #expect(run.status == 0, "\(zone): \(run.stderr)")
    }
  }

  @Test(.timeLimit(.minutes(1))) func aValueThatCannotBeReadIsShownAsItIs() async throws {
    let home = try Home()
    defer { home.remove() }
    let file = try home.file(
      "roasters.geojson",
      #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":"#
        + #"{"name":"Kahvila Outo","amenity":"cafe","opening_hours":"Mo-Fr 8ish \u001b[2Jtill late"},"#
        + #""geometry":{"type":"Point","coordinates":[139.7671,35.6813]}}]}"#)
    let imported = try await home.run(["import", file, "--area", "Tokyo"])
    #expect(imported.status == 0, "\(imported.stderr)")
    let table = try await home.run(["nearby", "--at", "35.6813,139.7671", "--provider", "offline"])
    #expect(table.status == 0, "\(table.stderr)")
    #expect(table.stdout.contains("Kahvila Outo") && table.stdout.contains("hours: see OSM"))
    let json = try await home.run(
      ["nearby", "--at", "35.6813,139.7671", "--provider", "offline", "--json"])
    #expect(!json.stdout.unicodeScalars.contains { $0.value == 0x1B }, "\(json.stdout)")
    let place = try #require(try Self.places(json.stdout).first)
    #expect(place["opening_hours"] as? String == "Mo-Fr 8ish \u{1B}[2Jtill late")
    #expect(place["open_now"] is NSNull && place["next_change"] is NSNull)
  }

  @Test(.timeLimit(.minutes(2))) func oInTheFullScreenListShowsOnlyTheOpenOnes() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let command = Tmux.app(
      [
        "--at", "60.1699,24.9384", "--provider", "offline", "--radius", "2km",
        "--at-time", "2026-11-30T03:00", "--time-zone", "Europe/Helsinki",
        "--data-dir", directory.appendingPathComponent("data").path,
      ], directory: directory)
    try await Tmux.with(command, width: 100, height: 24) { tmux in
      let all = try await tmux.waitFor("nearest first")
      #expect(all.contains("closed · opens"), "\(all)")
      #expect(all.contains("o open now"), "\(all)")
      await tmux.sendKeys("o")
      let open = try await tmux.waitFor("open now within")
      #expect(!open.contains("closed · opens"), "\(open)")
      #expect(open.contains("open · "), "\(open)")
      await tmux.sendKeys("o")
      let back = try await tmux.waitFor("nearest first")
      #expect(back.contains("closed · opens"), "\(back)")
      await tmux.sendKeys("q")
      _ = try await tmux.waitFor("EXITED 0")
    }
  }
}
