import Foundation
import Testing

/// `route --json`, `route --svg`'s caption, `walk_m` in every `--json`, and `--radius` in miles,
/// through the built binary, in the town of ``WeldedAreasEndToEndTests``.
@Suite("route's JSON and picture (built binary)", .serialized)
struct RouteJSONEndToEndTests {
  struct RouteJSON: Decodable {
    struct Target: Decodable {
      var id: String
      var name: String
    }
    var place: Target
    var walk_m: Double
    var walk_s: Double
    var line_m: Double
    var direct: Bool
    var along: [String]
  }

  /// A café whose name holds an escape sequence, 10 m south of South Street at x = 100.
  static let evilName = "Evil\u{1b}[2J Café"
  static let evil = WeldedAreasEndToEndTests.collection([
    #"{"type":"Feature","properties":{"amenity":"cafe","name":"Evil\u001b[2J Café"},"#
      + #" "geometry":{"type":"Point","coordinates":"# + WalkingEndToEndTests.metres(100, -110)
      + "}}"
  ])

  static func town() async throws -> AreasCommandTests.Sandbox {
    let box = try await WalkingEndToEndTests.sandbox(
      WeldedAreasEndToEndTests.town, name: "town.geojson")
    let file = box.directory.appendingPathComponent("evil.geojson")
    try Data(Self.evil.utf8).write(to: file)
    let imported = try await box.run(["import", file.path, "--area", "Evil"])
    #expect(imported.status == 0, "\(imported.stderr)")
    return box
  }

  static let start = WeldedAreasEndToEndTests.at(300, -100)

  @Test func routeJSONHasTheWalkItsStreetsAndThePlace() async throws {
    let box = try await Self.town()
    let result = try await box.run([
      "route", "Riverside Café", "--at", Self.start, "--provider", "offline", "--json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let route = try JSONDecoder().decode(RouteJSON.self, from: Data(result.stdout.utf8))
    #expect(route.place.name == "Riverside Café")
    #expect(abs(route.walk_m - 810) <= 2, "\(result.stdout)")
    #expect(route.walk_m == route.walk_m.rounded(), "\(result.stdout)")
    #expect(route.walk_s == (route.walk_m / 1.3).rounded(), "\(result.stdout)")
    #expect(abs(route.line_m - 210) <= 2, "\(result.stdout)")
    #expect(!route.direct)
    #expect(route.along == ["South Street", "Bridge Road", "North Street"], "\(result.stdout)")

    // A name with an escape sequence: escaped as nearby's --json escapes it.
    let evil = try await box.run([
      "route", Self.evilName, "--at", Self.start, "--provider", "offline", "--json",
    ])
    #expect(evil.status == 0, "\(evil.stderr)")
    #expect(evil.stdout.contains(#""name":"Evil\u001b[2J Café""#), "\(evil.stdout)")
    #expect(!evil.stdout.contains("\u{1b}"), "\(evil.stdout)")
    let decoded = try JSONDecoder().decode(RouteJSON.self, from: Data(evil.stdout.utf8))
    #expect(decoded.place.name == Self.evilName)
  }

  @Test func walkMetresAreWholeInEveryJSON() async throws {
    let box = try await Self.town()
    let nearby = try await box.run([
      "nearby", "--at", Self.start, "--provider", "offline", "--radius", "2000", "--json",
    ])
    #expect(nearby.status == 0, "\(nearby.stderr)")
    let walks = try #require(
      (try JSONSerialization.jsonObject(with: Data(nearby.stdout.utf8)) as? [String: Any])?[
        "places"] as? [[String: Any]]
    ).compactMap { $0["walk_m"] as? Double }
    #expect(walks.count >= 2, "\(nearby.stdout)")
    #expect(walks.allSatisfy { $0 == $0.rounded() }, "\(walks)")
    // As written: never a decimal point.
    #expect(nearby.stdout.range(of: #""walk_m":[0-9]+\."#, options: .regularExpression) == nil)
  }

  @Test func radiusInMilesIsTakenAndAnUnknownUnitListsTheUnits() async throws {
    let box = try await Self.town()
    let miles = try await box.run([
      "nearby", "--at", Self.start, "--provider", "offline", "--radius", "1mi", "--json",
    ])
    #expect(miles.status == 0, "\(miles.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(miles.stdout.utf8)) as? [String: Any]
    #expect((json?["radius"] as? Double).map { abs($0 - 1609.344) < 0.01 } == true)
    let yards = try await box.run([
      "nearby", "--at", Self.start, "--provider", "offline", "--radius", "100yd",
    ])
    #expect(yards.status == 2, "\(yards.stderr)")
    #expect(yards.stderr.contains("m, km, mi or ft"), "\(yards.stderr)")
  }

  @Test func routeSVGSaysTheWalksLength() async throws {
    let box = try await Self.town()
    let picture = box.directory.appendingPathComponent("walk.svg")
    let result = try await box.run([
      "route", "Riverside Café", "--at", Self.start, "--provider", "offline", "--svg",
      picture.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let svg = try String(contentsOf: picture, encoding: .utf8)
    #expect(svg.contains("Riverside Café: 810 m walk · 10 min"), "\(svg.suffix(600))")
  }
}
