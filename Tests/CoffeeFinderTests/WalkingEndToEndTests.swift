import BearingHTTPTesting
import BearingText
import Foundation
import Testing

/// Walks over the streets an import stores, as the built binary shows them: a town in Tampere
/// (far from the built-in Helsinki data) with a river between two streets and one bridge at
/// the east end, so the café across the river is nearer as the crow flies and farther on foot.
///
///     north 2:  Pohjoisrannankatu ───────────────┐   "Across" (north bank, at east 1)
///     north 1:  ~~~~~~~~~~~ river ~~~~~~~~~~~~~~  │ Silta (a footway bridge at east 8)
///     north 0:  Etelärannankatu ─────────────────┘   "Along" (south bank, at east 5)
///                you at east 1
@Suite("walks over the stored streets (built binary)", .serialized)
struct WalkingEndToEndTests {
  static func point(_ north: Double, _ east: Double) -> (latitude: Double, longitude: Double) {
    (61.50 + north * 0.001, 23.70 + east * 0.002)
  }

  static let here = point(0.05, 1)
  static var at: String { "\(here.latitude),\(here.longitude)" }

  static func line(_ tags: String, _ points: [(Double, Double)]) -> String {
    let coordinates = points.map { point($0.0, $0.1) }.map { "[\($0.longitude),\($0.latitude)]" }
    return """
      {"type":"Feature","properties":{\(tags)},
       "geometry":{"type":"LineString","coordinates":[\(coordinates.joined(separator: ","))]}}
      """
  }

  static func café(_ name: String, _ north: Double, _ east: Double) -> String {
    let spot = point(north, east)
    return """
      {"type":"Feature","properties":{"amenity":"cafe","name":"\(name)"},
       "geometry":{"type":"Point","coordinates":[\(spot.longitude),\(spot.latitude)]}}
      """
  }

  /// The town as GeoJSON: the lines join where their points coincide. A private road across
  /// the river (at east 1, where both streets have a point) is no way for walkers.
  static let riverTown = """
    {"type":"FeatureCollection","features":[
    \(café("Across", 2.05, 1)),
    \(café("Along", 0.05, 5)),
    \(line(#""highway":"residential","name":"Etelärannankatu""#, [(0, 0), (0, 1), (0, 4), (0, 8)])),
    \(line(#""highway":"residential","name":"Pohjoisrannankatu""#, [(2, 0), (2, 1), (2, 4), (2, 8)])),
    \(line(#""highway":"footway","bridge":"yes","name":"Silta""#, [(0, 8), (2, 8)])),
    \(line(#""waterway":"river","name":"Joki""#, [(1, -1), (1, 9)])),
    \(line(#""highway":"service","access":"private","name":"Yksityistie""#, [(0, 1), (2, 1)]))
    ]}
    """

  /// Cafés and no streets, in another town (Oulu).
  static let cafésOnly = """
    {"type":"FeatureCollection","features":[
    {"type":"Feature","properties":{"amenity":"cafe","name":"Torikahvila"},
     "geometry":{"type":"Point","coordinates":[25.4651,65.0121]}}
    ]}
    """

  struct NearbyJSON: Decodable {
    struct Entry: Decodable {
      var name: String
      var distance: Double
      var walkMetres: Double?
      var walkSeconds: Double?

      enum CodingKeys: String, CodingKey {
        case name, distance
        case walkMetres = "walk_m"
        case walkSeconds = "walk_s"
      }
    }
    var sort: String
    var places: [Entry]
  }

  static func sandbox(_ text: String, name: String) async throws -> AreasCommandTests.Sandbox {
    let box = try AreasCommandTests.Sandbox()
    let file = box.directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    let imported = try await box.run(["import", file.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    return box
  }

  static func rows(_ table: String) -> [String] {
    table.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix(" 1 ") || $0.hasPrefix(" 2 ")
    }
  }

  @Test func theWalkOrdersTheListWhereTheLineWouldNot() async throws {
    let box = try await Self.sandbox(Self.riverTown, name: "town.geojson")
    let base = ["nearby", "--at", Self.at, "--provider", "offline", "--radius", "1000"]

    let table = try await box.run(base)
    #expect(table.status == 0, "\(table.stderr)")
    let rows = Self.rows(table.stdout)
    #expect(rows.count == 2, "\(table.stdout)")
    #expect(rows.first?.contains("Along") == true, "\(table.stdout)")
    #expect(rows.last?.contains("Across") == true, "\(table.stdout)")
    // Across: 7 blocks east, over the bridge, 7 back: about 1.7 km, 22 min at 1.3 m/s.
    #expect(rows.last?.contains("1.7 km walk · 22 min") == true, "\(table.stdout)")
    #expect(
      table.stdout.contains("Sorted by walk at 1.3 m/s over the stored streets."), "\(table.stdout)"
    )

    let byLine = try await box.run(base + ["--sort", "line"])
    #expect(Self.rows(byLine.stdout).first?.contains("Across") == true, "\(byLine.stdout)")
    #expect(byLine.stdout.contains("Sorted by straight-line distance (--sort line)"))

    let json = try await box.run(base + ["--json", "--walk-speed", "1"])
    #expect(json.status == 0, "\(json.stderr)")
    let report = try JSONDecoder().decode(NearbyJSON.self, from: Data(json.stdout.utf8))
    #expect(report.sort == "walk")
    #expect(report.places.map(\.name) == ["Along", "Across"])
    let across = try #require(report.places.last)
    let acrossWalk = try #require(across.walkMetres)
    #expect(acrossWalk > 1_600 && acrossWalk < 1_800, "\(json.stdout)")
    #expect(across.distance < 300)
    #expect(across.walkSeconds == acrossWalk.rounded())

    // In imperial units the speed is said in miles an hour, with the option's metres a second.
    let imperial = try await box.run(base + ["--units", "imperial"])
    #expect(
      imperial.stdout.contains("Sorted by walk at 2.9 mph (1.3 m/s) over the stored streets."),
      "\(imperial.stdout)")
    #expect(Self.rows(imperial.stdout).last?.contains("mi walk · 22 min") == true)
  }

  @Test func routeNamesTheStreetsAndDrawsTheWalk() async throws {
    let box = try await Self.sandbox(Self.riverTown, name: "town.geojson")
    let route = try await box.run(["route", "Across", "--at", Self.at, "--provider", "offline"])
    #expect(route.status == 0, "\(route.stderr)")
    #expect(route.stdout.contains("Walk to Across: 1.7 km walk · 22 min"), "\(route.stdout)")
    #expect(
      route.stdout.contains("Along: Etelärannankatu, Silta, Pohjoisrannankatu"), "\(route.stdout)")

    let svg = box.directory.appendingPathComponent("walk.svg")
    let drawn = try await box.run([
      "route", "Across", "--at", Self.at, "--provider", "offline", "--svg", svg.path,
    ])
    #expect(drawn.status == 0, "\(drawn.stderr)")
    let picture = try String(contentsOf: svg, encoding: .utf8)
    #expect(picture.contains(#"class="route""#))
  }

  /// A second area whose box holds the town but whose streets are far from it, with more of
  /// them (its graph is the larger): the walks use the town's streets, where the start is.
  static let wideRegion: String = {
    var features = [café("Etelä", -50, -50), café("Pohjoinen", 50, 50)]
    for row in 0..<12 {
      let north = -50 + Double(row)
      features.append(
        line(#""highway":"residential","name":"Katu \#(row)""#, [(north, -50), (north, -45)]))
    }
    return #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}"
  }()

  @Test func whereAreasOverlapTheWalkUsesTheStreetsAtTheStart() async throws {
    let box = try await Self.sandbox(Self.riverTown, name: "town.geojson")
    let wide = box.directory.appendingPathComponent("region.geojson")
    try Data(Self.wideRegion.utf8).write(to: wide)
    let imported = try await box.run(["import", wide.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    let table = try await box.run([
      "nearby", "--at", Self.at, "--provider", "offline", "--radius", "1000",
    ])
    #expect(table.status == 0, "\(table.stderr)")
    #expect(
      table.stdout.contains("Sorted by walk at 1.3 m/s over the stored streets."), "\(table.stdout)"
    )
    #expect(
      Self.rows(table.stdout).last?.contains("1.7 km walk · 22 min") == true, "\(table.stdout)")
  }

  /// A point `x` metres east and `y` north of 61.5° N, 23.76° E, as GeoJSON's
  /// `[longitude, latitude]` to 7 decimals.
  static func metres(_ x: Double, _ y: Double) -> String {
    func rounded(_ value: Double) -> String { String(format: "%.7f", value) }
    let north = 111_195.0
    let east = north * cos(61.5 * .pi / 180)
    return "[\(rounded(23.76 + x / east)),\(rounded(61.5 + y / north))]"
  }

  static func street(_ name: String, _ points: [(Double, Double)]) -> String {
    """
    {"type":"Feature","properties":{"highway":"residential","name":"\(name)"},
     "geometry":{"type":"LineString","coordinates":[\(points.map { metres($0.0, $0.1) }.joined(separator: ","))]}}
    """
  }

  /// Two areas drawn apart (x, y in metres). Town: North West Road along y = 300 from x = −400
  /// to −20, West Street along x = −200 up to y = 400, where it ends, and Town Café by it at
  /// y = −300. Town North: West Street
  /// on from y = 400 to 700, drawn 40 cm east of the town's (its own survey), and North Café
  /// 100 m east of it at y = 600. From (−30, 300) on North West Road the walk is 170 m west,
  /// 300 m north and 100 m across to the café: 570 m; the town's streets alone end 224 m
  /// from it, the north's lie 197 m from the start.
  static let overlappingTown = """
    {"type":"FeatureCollection","features":[
    \(street("North West Road", [(-400, 300), (-200, 300), (-20, 300)])),
    \(street("West Street", [(-200, -400), (-200, 0), (-200, 300), (-200, 400)])),
    {"type":"Feature","properties":{"amenity":"cafe","name":"Town Café"},
     "geometry":{"type":"Point","coordinates":\(metres(-205, -300))}}
    ]}
    """
  static let overlappingNorth = """
    {"type":"FeatureCollection","features":[
    \(street("West Street", [(-199.6, 400), (-199.6, 700)])),
    {"type":"Feature","properties":{"amenity":"cafe","name":"North Café"},
     "geometry":{"type":"Point","coordinates":\(metres(-100, 600))}}
    ]}
    """

  @Test func whereAreasOverlapAWalkFollowsBothAreasStreets() async throws {
    let box = try await Self.sandbox(Self.overlappingTown, name: "town.geojson")
    let north = box.directory.appendingPathComponent("north.geojson")
    try Data(Self.overlappingNorth.utf8).write(to: north)
    let imported = try await box.run(["import", north.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    let start = Self.metres(-30, 300).dropFirst().dropLast().split(separator: ",")
    let at = "\(start[1]),\(start[0])"
    let expected = 170 + 300 + 99.6

    let json = try await box.run([
      "nearby", "--at", at, "--provider", "offline", "--radius", "1000", "--json",
    ])
    #expect(json.status == 0, "\(json.stderr)")
    let report = try JSONDecoder().decode(NearbyJSON.self, from: Data(json.stdout.utf8))
    let café = try #require(report.places.first { $0.name == "North Café" }, "\(json.stdout)")
    let walk = try #require(café.walkMetres, "\(json.stdout)")
    #expect(abs(walk - expected) < 3, "walked \(walk) m, along the streets \(expected) m")

    let route = try await box.run(["route", "North Café", "--at", at, "--provider", "offline"])
    #expect(route.status == 0, "\(route.stderr)")
    #expect(route.stdout.contains("Walk to North Café: 570 m walk"), "\(route.stdout)")
    #expect(route.stdout.contains("Along: North West Road, West Street"), "\(route.stdout)")
  }

  /// One café at the east end of a 2 km street that then turns north: standing at the
  /// street's west end, far outside the box of the area's cafés, the walk is still over the
  /// stored street.
  @Test func aStartOnStoredStreetsFarFromTheCafesWalks() async throws {
    let town = """
      {"type":"FeatureCollection","features":[
      \(Self.café("Päässä", 0.05, 19)),
      \(Self.line(#""highway":"residential","name":"Pitkäkatu""#, [(0, 0), (0, 10), (0, 20), (10, 20)]))
      ]}
      """
    let box = try await Self.sandbox(town, name: "long.geojson")
    let west = Self.point(0.02, 0.5)
    let westAt = "\(west.latitude),\(west.longitude)"
    let table: BuiltBinary.Result = try await box.run([
      "nearby", "--at", westAt, "--provider", "offline", "--radius", "3000",
    ])
    #expect(table.status == 0, "\(table.stderr)")
    #expect(table.stdout.contains("walk ·"), "\(table.stdout)")
    #expect(table.stdout.contains("Sorted by walk"), "\(table.stdout)")
    // Inside the box of the area's street (it turns north at the east end) but 550 m from it:
    // streets are stored here, and no walk starts where you are.
    let off = Self.point(5, 8)
    let offAt = "\(off.latitude),\(off.longitude)"
    let far: BuiltBinary.Result = try await box.run([
      "nearby", "--at", offAt, "--provider", "offline", "--radius", "3000",
    ])
    #expect(far.stdout.contains("no walk found from here"), "\(far.stdout)")
  }

  /// Two parallel streets 55 m apart and a café 6 m from the start between them, each 20-odd
  /// metres from a street: the walk is the 6 m straight across, not 50 m by way of a street; a
  /// café down the street is still walked along it.
  @Test func aCafeBesideYouBetweenStreetsIsWalkedStraightAcross() async throws {
    let town = """
      {"type":"FeatureCollection","features":[
      \(Self.café("Vieressä", 0.22, 1.05)),
      \(Self.café("Kadulla", 0.02, 5)),
      \(Self.line(#""highway":"residential","name":"Alakatu""#, [(0, 0), (0, 8)])),
      \(Self.line(#""highway":"residential","name":"Yläkatu""#, [(0.5, 0), (0.5, 8)])),
      \(Self.line(#""highway":"footway","name":"Kuja""#, [(0, 8), (0.5, 8)]))
      ]}
      """
    let box = try await Self.sandbox(town, name: "courtyard.geojson")
    let start = Self.point(0.2, 1)
    let at = "\(start.latitude),\(start.longitude)"
    let json = try await box.run([
      "nearby", "--at", at, "--provider", "offline", "--radius", "1000", "--json",
    ])
    #expect(json.status == 0, "\(json.stderr)")
    let report = try JSONDecoder().decode(NearbyJSON.self, from: Data(json.stdout.utf8))
    #expect(report.sort == "walk")
    let beside = try #require(report.places.first { $0.name == "Vieressä" })
    let besideWalk = try #require(beside.walkMetres, "\(json.stdout)")
    #expect(beside.distance < 10, "\(json.stdout)")
    #expect(abs(besideWalk - beside.distance) < 0.5, "\(json.stdout)")
    let down = try #require(report.places.first { $0.name == "Kadulla" })
    let downWalk = try #require(down.walkMetres, "\(json.stdout)")
    #expect(downWalk > down.distance + 20, "\(json.stdout)")

    let route = try await box.run(["route", "Vieressä", "--at", at, "--provider", "offline"])
    #expect(route.status == 0, "\(route.stderr)")
    #expect(route.stdout.contains("Walk to Vieressä: 6 m walk · 1 min"), "\(route.stdout)")
    #expect(
      route.stdout.contains("Direct: straight there, nearer than either end is to a street"),
      "\(route.stdout)")
    let along = try await box.run(["route", "Kadulla", "--at", at, "--provider", "offline"])
    #expect(along.stdout.contains("Along: Alakatu"), "\(along.stdout)")
  }

  @Test func withoutStoredStreetsTheLineIsUsedAndSaidSo() async throws {
    let box = try await Self.sandbox(Self.cafésOnly, name: "oulu.geojson")
    let base = ["nearby", "--at", "65.0120,25.4650", "--provider", "offline"]
    let table = try await box.run(base)
    #expect(table.status == 0, "\(table.stderr)")
    #expect(table.stdout.contains("Torikahvila"), "\(table.stdout)")
    #expect(
      table.stdout.contains("Sorted by straight-line distance: no streets stored here."),
      "\(table.stdout)")
    #expect(!table.stdout.contains("walk ·"))
    let json = try await box.run(base + ["--json"])
    let report = try JSONDecoder().decode(NearbyJSON.self, from: Data(json.stdout.utf8))
    #expect(report.sort == "line")
    #expect(report.places.count == 1)
    #expect(report.places.first?.walkMetres == nil)
    // The keys are there, null.
    #expect(json.stdout.contains(#""walk_m":null"#), "\(json.stdout)")

    let route = try await box.run([
      "route", "Torikahvila", "--at", "65.0120,25.4650", "--provider", "offline",
    ])
    #expect(route.status != 0)
    #expect(route.stderr.contains("no walk to Torikahvila"), "\(route.stderr)")
  }
  /// The river town as an Overpass answer (`out geom`): the cafés as nodes, the ways with
  /// their node ids beside their shapes, joined where they share a node.
  static func riverTownOverpass() -> String {
    func node(_ id: Int, _ name: String, _ north: Double, _ east: Double) -> String {
      let spot = point(north, east)
      return #"{"type":"node","id":\#(id),"lat":\#(spot.latitude),"lon":\#(spot.longitude),"#
        + #""tags":{"amenity":"cafe","name":"\#(name)"}}"#
    }
    func way(_ id: Int, _ tags: String, _ nodes: [(Int, Double, Double)]) -> String {
      let geometry = nodes.map { point($0.1, $0.2) }
        .map { #"{"lat":\#($0.latitude),"lon":\#($0.longitude)}"# }
      let ids = nodes.map { String($0.0) }.joined(separator: ",")
      return #"{"type":"way","id":\#(id),"nodes":[\#(ids)],"#
        + #""geometry":[\#(geometry.joined(separator: ","))],"tags":{\#(tags)}}"#
    }
    let elements = [
      node(1, "Across", 2.05, 1), node(2, "Along", 0.05, 5),
      way(
        100, #""highway":"residential","name":"Etelärannankatu""#,
        [(10, 0, 0), (11, 0, 1), (12, 0, 4), (13, 0, 8)]),
      way(
        101, #""highway":"residential","name":"Pohjoisrannankatu""#,
        [(20, 2, 0), (21, 2, 1), (22, 2, 4), (23, 2, 8)]),
      way(102, #""highway":"footway","bridge":"yes","name":"Silta""#, [(13, 0, 8), (23, 2, 8)]),
      way(
        103, #""highway":"service","access":"private","name":"Yksityistie""#,
        [(11, 0, 1), (21, 2, 1)]),
    ]
    return #"{"version":0.6,"generator":"Overpass API","elements":["#
      + elements.joined(separator: ",\n") + "]}"
  }

  /// `download` stores the walks of the streets it brings, as an import does; after a
  /// download without them (`BEARING_WALKING_GRAPH=off`), `areas update` downloads the area
  /// again and builds them.
  @Test(.timeLimit(.minutes(2))) func downloadStoresTheWalksAndAreasUpdateRebuildsThem()
    async throws
  {
    let box = try AreasCommandTests.Sandbox()
    let answer = Self.riverTownOverpass()
    let base = ["nearby", "--at", Self.at, "--provider", "offline", "--radius", "1000"]
    try await LoopbackHTTPServer.with({ _, _ in .json(.ok, answer) }) { server in
      let url = server.baseURL.appendingPathComponent("api/interpreter").absoluteString
      let download = ["download", "--around", Self.at, "--radius", "1km", "--area", "Joki"]
      let downloaded = try await box.run(download, extra: ["COFFEE_FINDER_OVERPASS_URL": url])
      #expect(downloaded.status == 0, "\(downloaded.stderr)")

      let table = try await box.run(base)
      #expect(table.status == 0, "\(table.stderr)")
      #expect(table.stdout.contains("Sorted by walk at 1.3 m/s"), "\(table.stdout)")
      let rows = Self.rows(table.stdout)
      #expect(rows.first?.contains("Along") == true, "\(table.stdout)")
      #expect(rows.last?.contains("1.7 km walk · 22 min") == true, "\(table.stdout)")
      let route = try await box.run(["route", "Across", "--at", Self.at, "--provider", "offline"])
      #expect(route.status == 0, "\(route.stderr)")
      #expect(
        route.stdout.contains("Along: Etelärannankatu, Silta, Pohjoisrannankatu"),
        "\(route.stdout)")

      let without = try await box.run(
        download, extra: ["COFFEE_FINDER_OVERPASS_URL": url, "BEARING_WALKING_GRAPH": "off"])
      #expect(without.status == 0, "\(without.stderr)")
      let before = try await box.run(base)
      #expect(before.stdout.contains("no streets stored here"), "\(before.stdout)")
      let updated = try await box.run(["areas", "update", "Joki", "--overpass-url", url])
      #expect(updated.status == 0, "\(updated.stderr)")
      let after = try await box.run(base)
      #expect(after.stdout.contains("Sorted by walk at 1.3 m/s"), "\(after.stdout)")
      #expect(Self.rows(after.stdout).last?.contains("1.7 km walk") == true, "\(after.stdout)")
    }
  }

  /// An import with `BEARING_WALKING_GRAPH=off` stores no walks (straight lines, said so);
  /// `areas update` imports the file again and builds them.
  @Test func areasUpdateBuildsTheWalksAnImportWithoutThemLacked() async throws {
    let box = try AreasCommandTests.Sandbox()
    let file = box.directory.appendingPathComponent("town.geojson")
    try Data(Self.riverTown.utf8).write(to: file)
    let imported = try await box.run(
      ["import", file.path], extra: ["BEARING_WALKING_GRAPH": "off"])
    #expect(imported.status == 0, "\(imported.stderr)")
    let base = ["nearby", "--at", Self.at, "--provider", "offline", "--radius", "1000"]
    let before = try await box.run(base)
    #expect(before.stdout.contains("no streets stored here"), "\(before.stdout)")
    let updated = try await box.run(["areas", "update", "town"])
    #expect(updated.status == 0, "\(updated.stderr)")
    let after = try await box.run(base)
    #expect(after.stdout.contains("Sorted by walk at 1.3 m/s"), "\(after.stdout)")
    #expect(Self.rows(after.stdout).first?.contains("Along") == true, "\(after.stdout)")
  }
}

/// The full-screen UI over the river town, under tmux: the list by walk, and the walk to the
/// selected café drawn on the map panel (the route's ink, bold bright magenta, SGR 95).
@Suite("walks in the full-screen UI (built binary)", .serialized)
struct WalkingUIEndToEndTests {
  /// The rows of the map panel (after the list's 60 columns) that hold the route's colour.
  static func routeRows(_ screen: String) -> Int {
    screen.split(separator: "\n").filter { line in
      guard let separator = line.firstIndex(of: "│") else { return false }
      return line[separator...].contains("95m")
    }.count
  }

  @Test(.timeLimit(.minutes(2))) func theListIsByWalkAndTheMapDrawsTheWalk() async throws {
    let box = try await WalkingEndToEndTests.sandbox(
      WalkingEndToEndTests.riverTown, name: "town.geojson")
    let command =
      "unset NO_COLOR; "
      + Tmux.app(
        [
          "--at", WalkingEndToEndTests.at, "--provider", "offline", "--data-dir", box.data.path,
        ], directory: box.directory)
    try await Tmux.with(command, width: 160, height: 40) { tmux in
      let screen = try await tmux.waitFor("by walk")
      let rows = screen.split(separator: "\n").map { String($0.prefix(60)) }
      let along = rows.firstIndex { $0.contains("Along") }
      let across = rows.firstIndex { $0.contains("Across") }
      #expect(along != nil && across != nil && along! < across!, "\(screen)")
      #expect(screen.contains("1.7 km walk · 22 min"), "\(screen)")
      // The first row is selected: its walk (along the south bank, one or two rows of the map).
      var walkToAlong = ""
      for _ in 0..<40 {
        walkToAlong = await tmux.captureWithEscapes()
        if Self.routeRows(walkToAlong) > 0 { break }
        try await Task.sleep(for: .milliseconds(250))
      }
      let alongRows = Self.routeRows(walkToAlong)
      #expect(alongRows >= 1 && alongRows <= 2, "\(walkToAlong)")
      // Down to "Across": its walk goes east, over the bridge and back, over more rows.
      await tmux.sendKeys("j")
      var walkToAcross = ""
      for _ in 0..<40 {
        walkToAcross = await tmux.captureWithEscapes()
        if Self.routeRows(walkToAcross) > alongRows { break }
        try await Task.sleep(for: .milliseconds(250))
      }
      #expect(Self.routeRows(walkToAcross) >= 4, "\(walkToAcross)")
      await tmux.sendKeys("q")
      _ = try await tmux.waitFor("EXITED 0")
    }
  }

  /// A replayed walk through the river town: east along the south bank, over the bridge and
  /// back west on the north bank. The list starts with "Along" (a short walk; "Across" is
  /// nearer as the crow flies) and ends with "Across" first ("Along" is then nearer as the crow
  /// flies): re-sorted by walk as you move, against the line's order at both ends.
  @Test(.timeLimit(.minutes(2))) func theListIsReSortedByWalkAsYouMove() async throws {
    let box = try await WalkingEndToEndTests.sandbox(
      WalkingEndToEndTests.riverTown, name: "town.geojson")
    let legs: [(Double, Double)] = [(0.05, 1), (0.05, 8), (2, 8), (2, 4)]
    var sentences: [String] = []
    var second = 0.0
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    // Ten seconds standing at the start (two at 5×): the list is drawn there first.
    let here = WalkingEndToEndTests.here
    for _ in 0..<10 {
      sentences += NMEAWalk.fix(
        latitude: here.latitude, longitude: here.longitude, at: start.addingTimeInterval(second))
      second += 1
    }
    for (from, to) in zip(legs, legs.dropFirst()) {
      let steps = Int((abs(to.0 - from.0) + abs(to.1 - from.1)) * 4)
      for step in 0..<steps {
        let fraction = Double(step) / Double(steps)
        let spot = WalkingEndToEndTests.point(
          from.0 + (to.0 - from.0) * fraction, from.1 + (to.1 - from.1) * fraction)
        sentences += NMEAWalk.fix(
          latitude: spot.latitude, longitude: spot.longitude,
          at: start.addingTimeInterval(second))
        second += 1
      }
    }
    let end = WalkingEndToEndTests.point(2, 4)
    for _ in 0..<4 {
      sentences += NMEAWalk.fix(
        latitude: end.latitude, longitude: end.longitude, at: start.addingTimeInterval(second))
      second += 1
    }
    let walk = box.directory.appendingPathComponent("walk.nmea")
    try (sentences.joined(separator: "\r\n") + "\r\n").write(
      to: walk, atomically: true, encoding: .utf8)
    let command = Tmux.app(
      [
        "--replay", walk.path, "--replay-speed", "5", "--provider", "offline", "--data-dir",
        box.data.path,
      ], directory: box.directory, linger: 30)
    func order(_ screen: String) -> [String] {
      screen.split(separator: "\n").map { String($0.prefix(60)) }.compactMap { row in
        row.contains("Along") ? "Along" : row.contains("Across") ? "Across" : nil
      }
    }
    try await Tmux.with(command, width: 160, height: 40) { tmux in
      _ = try await tmux.waitFor("by walk")
      let screens = try await tmux.captures(forUpTo: 60) { order($0) == ["Across", "Along"] }
      let last = screens.last ?? ""
      #expect(order(last) == ["Across", "Along"], "\(last)")
      #expect(last.contains("by walk"), "\(last)")
      // Before it, on the south bank, "Along" was first.
      let before = screens.dropLast().map(order)
      #expect(before.contains(["Along", "Across"]), "\(before)")
      await tmux.sendKeys("q")
      _ = try await tmux.waitFor("EXITED 0")
    }
  }

  /// On a narrow terminal the walk column ("1.7 km walk · 22 min" and the direction), with the
  /// hours beside it where there is room (from 58 columns), still fits each row in the terminal's width: no row wraps onto the
  /// next (which pushed the screen up and the title off it), and each café is listed once with
  /// its whole walk.
  @Test(.timeLimit(.minutes(2)), arguments: [40, 58])
  func narrowRowsWithTheWalkFitTheTerminal(width: Int) async throws {
    // Hours that are nearly always closed, so that the hours column shows where it has room.
    let town = WalkingEndToEndTests.riverTown.replacingOccurrences(
      of: #""amenity":"cafe""#, with: #""amenity":"cafe","opening_hours":"Mo 08:00-08:01""#)
    let box = try await WalkingEndToEndTests.sandbox(town, name: "town.geojson")
    let command = Tmux.app(
      [
        "--at", WalkingEndToEndTests.at, "--provider", "offline", "--data-dir", box.data.path,
      ], directory: box.directory)
    try await Tmux.with(command, width: width, height: 20) { tmux in
      _ = try await tmux.waitFor("by walk")
      let screens = try await tmux.captures(forUpTo: 20) {
        $0.contains("22 min") && $0.contains("Along") && $0.contains("Across")
      }
      let screen = screens.last ?? ""
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.first?.hasPrefix("coffee-finder: coffee nearby") == true, "\(screen)")
      for line in lines {
        #expect(TerminalText.columns(of: line) <= width, "\(line)\n\(screen)")
      }
      for name in ["Along", "Across"] {
        let rows = lines.filter { $0.contains(name) }
        #expect(rows.count == 1, "\(name)\n\(screen)")
        #expect(rows.first?.contains(" walk · ") == true, "\(screen)")
        #expect(rows.first?.contains(" min ") == true, "\(screen)")
      }
      #expect(lines.contains { $0.contains("1.7 km walk · 22 min ") })
      if width >= 58 { #expect(lines.filter { $0.hasSuffix("closed") }.count == 2, "\(screen)") }
      await tmux.sendKeys("q")
      _ = try await tmux.waitFor("EXITED 0")
    }
  }

  /// `--walk-speed` sets the UI's walk times as it sets `nearby`'s: the walk to "Across",
  /// about 1,720 m, is 29 minutes at 1 m/s (22 at the default 1.3).
  @Test(.timeLimit(.minutes(2))) func theWalkSpeedOptionSetsTheWalkTimes() async throws {
    let box = try await WalkingEndToEndTests.sandbox(
      WalkingEndToEndTests.riverTown, name: "town.geojson")
    let command = Tmux.app(
      [
        "--at", WalkingEndToEndTests.at, "--provider", "offline", "--data-dir", box.data.path,
        "--walk-speed", "1",
      ], directory: box.directory)
    try await Tmux.with(command, width: 160, height: 40) { tmux in
      let screen = try await tmux.waitFor("by walk")
      #expect(screen.contains("1.7 km walk · 29 min"), "\(screen)")
      #expect(!screen.contains("22 min"), "\(screen)")
      await tmux.sendKeys("q")
      _ = try await tmux.waitFor("EXITED 0")
    }
  }
}
