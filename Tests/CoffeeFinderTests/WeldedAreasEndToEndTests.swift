import Foundation
import Testing

/// Areas whose ways meet between two points of each other's (a copy of a street drawn 40 cm
/// off the original, a footway ending 50 cm beside a street), through the built binary: the
/// walk crosses from one area's ways to the other's where they meet, and where no walk is
/// found the error says why.
///
/// The town (x east, y north, in metres): South Street along y = −100 and North Street along
/// y = 100, each with points at x = −500, 0 and 500; Bridge Road along x = 0 between them;
/// Riverside Café at (300, 110). You stand at (300, −100) on South Street.
@Suite("ways of two areas welded (built binary)", .serialized)
struct WeldedAreasEndToEndTests {
  static func way(_ highway: String, _ name: String, _ points: [(Double, Double)]) -> String {
    """
    {"type":"Feature","properties":{"highway":"\(highway)","name":"\(name)"},
     "geometry":{"type":"LineString","coordinates":[\(points.map { WalkingEndToEndTests.metres($0.0, $0.1) }.joined(separator: ","))]}}
    """
  }

  static func café(_ name: String, _ x: Double, _ y: Double) -> String {
    """
    {"type":"Feature","properties":{"amenity":"cafe","name":"\(name)"},
     "geometry":{"type":"Point","coordinates":\(WalkingEndToEndTests.metres(x, y))}}
    """
  }

  static func collection(_ features: [String]) -> String {
    "{\"type\":\"FeatureCollection\",\"features\":[\n\(features.joined(separator: ",\n"))\n]}"
  }

  static let town = collection([
    way("residential", "South Street", [(-500, -100), (0, -100), (500, -100)]),
    way("residential", "North Street", [(-500, 100), (0, 100), (500, 100)]),
    way("residential", "Bridge Road", [(0, -100), (0, 100)]),
    café("Riverside Café", 300, 110),
    // 300 m from every street.
    café("Lonely Café", 0, -400),
    // By a lane that meets no other way.
    way("residential", "Island Lane", [(-300, 300), (300, 300)]),
    café("Island Café", 0, 310),
  ])

  /// A copy of North Street's east end, 40 cm north of it, from x = 300 (the middle of Town's
  /// stretch from 0 to 500) to 500, and East Lane on from there.
  static let east = collection([
    way("residential", "North Street", [(300, 100.4), (500, 100.4)]),
    way("residential", "East Lane", [(500, 100.6), (900, 100)]),
    café("Far Café", 900, 120),
  ])

  /// A footway from 50 cm south of the middle of South Street's stretch from −500 to 0, south
  /// to Spur Café.
  static let spur = collection([
    way("footway", "Spur Lane", [(-250, -100.5), (-250, -200)]),
    café("Spur Café", -240, -190),
  ])

  static func at(_ x: Double, _ y: Double) -> String { MergedCaféTests.at(x, y) }

  /// The walk to `name` from (x, y), in metres, as `nearby --json` gives it.
  static func walk(
    to name: String, from point: (Double, Double), in box: AreasCommandTests.Sandbox
  ) async throws -> Double? {
    let json = try await box.run([
      "nearby", "--at", at(point.0, point.1), "--provider", "offline", "--radius", "2000",
      "--limit", "50", "--json",
    ])
    #expect(json.status == 0, "\(json.stderr)")
    let report = try JSONDecoder().decode(
      WalkingEndToEndTests.NearbyJSON.self, from: Data(json.stdout.utf8))
    return report.places.first { $0.name == name }?.walkMetres
  }

  @Test func aCopyOfAStreetInASecondAreaSendsNoWalkOnADetour() async throws {
    let box = try await WalkingEndToEndTests.sandbox(Self.town, name: "town.geojson")
    // 300 m west, 200 m over the bridge, 300 m east, 10 m up to the café.
    let before = try #require(
      try await Self.walk(to: "Riverside Café", from: (300, -100), in: box))
    #expect(abs(before - 810) < 3, "walked \(before) m")

    let file = box.directory.appendingPathComponent("east.geojson")
    try Data(Self.east.utf8).write(to: file)
    let imported = try await box.run(["import", file.path, "--area", "East"])
    #expect(imported.status == 0, "\(imported.stderr)")

    let after = try #require(try await Self.walk(to: "Riverside Café", from: (300, -100), in: box))
    #expect(abs(after - 810) < 3, "walked \(after) m after importing East")
    let route = try await box.run([
      "route", "Riverside Café", "--at", Self.at(300, -100), "--provider", "offline",
    ])
    #expect(route.status == 0, "\(route.stderr)")
    #expect(route.stdout.contains("Walk to Riverside Café: 810 m walk"), "\(route.stdout)")
    // On North Street 50 m west of the café: 50 m along, 10 m up.
    let near = try #require(try await Self.walk(to: "Riverside Café", from: (250, 100), in: box))
    #expect(abs(near - 60) < 3, "walked \(near) m")
    // East Lane still joins at x = 500: 300 + 200 + 900 + 20.
    let far = try #require(try await Self.walk(to: "Far Café", from: (300, -100), in: box))
    #expect(abs(far - 1420) < 4, "walked \(far) m")
  }

  @Test func aFootwayEndingBesideAnotherAreasStreetIsJoinedThere() async throws {
    let box = try await WalkingEndToEndTests.sandbox(Self.town, name: "town.geojson")
    let file = box.directory.appendingPathComponent("spur.geojson")
    try Data(Self.spur.utf8).write(to: file)
    let imported = try await box.run(["import", file.path, "--area", "Spur"])
    #expect(imported.status == 0, "\(imported.stderr)")
    let route = try await box.run([
      "route", "Spur Café", "--at", Self.at(300, -100), "--provider", "offline",
    ])
    #expect(route.status == 0, "\(route.stderr)")
    // 550 m west, 90 m down Spur Lane, 10 m across to the café.
    #expect(route.stdout.contains("Walk to Spur Café: 650 m walk"), "\(route.stdout)")
    #expect(route.stdout.contains("Along: South Street, Spur Lane"), "\(route.stdout)")
  }

  /// Footways ending on South Street in the town's own file, one exactly on its stretch from
  /// −500 to 0 (at x = −250) and one 50 cm south of its stretch from 0 to 500 (at x = 250), as
  /// a file drawn by hand has them: no point shared, each joined where it ends.
  static let townWithFootways = collection([
    way("residential", "South Street", [(-500, -100), (0, -100), (500, -100)]),
    way("footway", "Exact Path", [(-250, -100), (-250, -200)]),
    café("Exact Café", -240, -200),
    way("footway", "Near Path", [(250, -100.5), (250, -200)]),
    café("Near Café", 260, -200),
  ])

  @Test func aFootwayEndingOnAStreetOfTheSameFileIsJoined() async throws {
    let box = try await WalkingEndToEndTests.sandbox(Self.townWithFootways, name: "tee.geojson")
    let route = try await box.run([
      "route", "Exact Café", "--at", Self.at(300, -100), "--provider", "offline",
    ])
    #expect(route.status == 0, "\(route.stderr)")
    // 550 m west, 100 m down Exact Path, 10 m across to the café.
    #expect(route.stdout.contains("Walk to Exact Café: 660 m walk"), "\(route.stdout)")
    #expect(route.stdout.contains("Along: South Street, Exact Path"), "\(route.stdout)")
    // 50 m west, 99.5 m down Near Path, 10 m across.
    let near = try #require(try await Self.walk(to: "Near Café", from: (300, -100), in: box))
    #expect(abs(near - 160) < 3, "walked \(near) m")
  }

  /// A café on streets of their own 20 km away: cut off, and the error says how far, so it
  /// does not read like a missing footpath.
  @Test func aCaféCutOffFarAwaySaysHowFar() async throws {
    let box = try await WalkingEndToEndTests.sandbox(Self.town, name: "town.geojson")
    let file = box.directory.appendingPathComponent("far.geojson")
    try Data(
      Self.collection([
        Self.way("residential", "Far Road", [(20_000, -100), (20_500, -100)]),
        Self.café("Far Away Café", 20_250, -90),
      ]).utf8
    ).write(to: file)
    let imported = try await box.run(["import", file.path, "--area", "Far"])
    #expect(imported.status == 0, "\(imported.stderr)")
    let route = try await box.run([
      "route", "Far Away Café", "--at", Self.at(300, -100), "--provider", "offline", "--json",
    ])
    #expect(route.status == 1, "\(route.stdout)")
    #expect(
      route.stderr.contains(
        "cut off: the streets by it do not connect to the streets by you (it is 20.0 km away)"),
      "\(route.stderr)")
    #expect(route.stdout.contains(#""reason":"cut_off""#), "\(route.stdout)")
  }

  @Test func whereNoWalkIsFoundTheErrorSaysWhy() async throws {
    let box = try await WalkingEndToEndTests.sandbox(Self.town, name: "town.geojson")
    let cases = [
      (
        "Island Café", "cut off: the streets by it do not connect to the streets by you",
        "cut_off", -100.0
      ),
      (
        "Lonely Café", "it is more than 250 m from any street stored here", "place_off_streets",
        -100
      ),
      // 300 m north of Island Lane, beyond the area's streets: you are what is off them.
      (
        "Riverside Café", "you are more than 250 m from any street stored here",
        "start_off_streets", 600
      ),
    ]
    for (name, why, reason, y) in cases {
      let route = try await box.run([
        "route", name, "--at", Self.at(300, y), "--provider", "offline",
      ])
      #expect(route.status == 1, "\(route.stdout)")
      #expect(
        route.stderr.contains("no walk to \(name) over the stored streets: \(why)"),
        "\(route.stderr)")
      // With --json, the same on stderr and a line for scripts on stdout.
      let json = try await box.run([
        "route", name, "--at", Self.at(300, y), "--provider", "offline", "--json",
      ])
      #expect(json.status == 1, "\(json.stdout)")
      #expect(json.stderr.contains(why), "\(json.stderr)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any],
        "\(json.stdout)")
      #expect(object["reason"] as? String == reason, "\(json.stdout)")
      #expect(object["walk_m"] is NSNull, "\(json.stdout)")
      #expect((object["place"] as? [String: Any])?["name"] as? String == name)
    }
    // `nearby` from beyond the area's streets: no walk from here, not "no streets stored".
    let nearby = try await box.run([
      "nearby", "--at", Self.at(300, 600), "--provider", "offline", "--radius", "2000",
    ])
    #expect(nearby.status == 0, "\(nearby.stderr)")
    #expect(
      nearby.stdout.contains(
        "Sorted by straight-line distance: no walk found from here over the stored streets."),
      "\(nearby.stdout)")
  }
}
