import BearingHTTPTesting
import BearingPlacesTesting
import Foundation
import Testing

/// The streets `import FILE.osm.pbf` and `download` store, as the built binary draws them: a
/// street grid in Tampere, far from the built-in Helsinki streets, so every line `map` draws
/// there came from the store.
@Suite("streets of .osm.pbf imports and downloads (built binary)", .serialized)
struct MapStreetsEndToEndTests {
  typealias B = PBFFileBuilder

  /// The café's spot: Pyynikki, Tampere.
  static let café = (latitude: 61.4978, longitude: 23.7610)
  /// Twenty-one east–west streets 111 m apart across the café's spot, 2.1 km long.
  static let streetLatitudes = (-10...10).map { café.latitude + Double($0) * 0.001 }

  static let mapArguments = [
    "map", "--at", "61.4978,23.7610", "--radius", "300", "--width", "40", "--height", "12",
    "--provider", "offline",
  ]

  /// The rows of the map (not the list under it) that hold a horizontal braille line.
  static func rowsWithLines(_ stdout: String) -> Int {
    stdout.split(separator: "\n").prefix(12).filter {
      $0.contains("⠉") || $0.contains("⠒") || $0.contains("⠤") || $0.contains("⣀")
    }.count
  }

  /// The café as a dense node, the streets' ends as dense nodes and the streets as ways.
  static func tamperePBF() -> [UInt8] {
    let strings = ["", "amenity", "cafe", "name", "Pyynikki", "highway", "residential"]
    var nodes: [B.Node] = [(1, café.latitude, café.longitude)]
    var tags: [[(UInt64, UInt64)]] = [[(1, 2), (3, 4)]]
    var ways = B.Message()
    for (index, latitude) in streetLatitudes.enumerated() {
      let west = Int64(100 + 2 * index)
      nodes += [(west, latitude, 23.74), (west + 1, latitude, 23.78)]
      tags += [[], []]
      ways.message(3, B.way(1_000 + Int64(index), refs: [west, west + 1], keys: [5], values: [6]))
    }
    var dense = B.Message()
    dense.message(2, B.denseNodes(nodes, tags: tags))
    var file = B()
    file.block("OSMHeader", B.header())
    file.block("OSMData", B.primitiveBlock(strings: strings, groups: [dense, ways]))
    return file.bytes
  }

  @Test func importOfAnOSMPBFFileStoresItsStreetsForTheMap() async throws {
    let box = try AreasCommandTests.Sandbox()
    let file = box.directory.appendingPathComponent("tampere.osm.pbf")
    try Data(Self.tamperePBF()).write(to: file)
    let imported = try await box.run(["import", file.path, "--area", "Tampere"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("Stored 21 street lines for maps."), "\(imported.stdout)")

    let map = try await box.run(Self.mapArguments)
    #expect(map.status == 0, "\(map.stderr)")
    #expect(Self.rowsWithLines(map.stdout) >= 4, "\(map.stdout)")
    #expect(map.stdout.contains("Pyynikki"))

    _ = try await box.run(["areas", "remove", "Tampere"])
    let after = try await box.run(Self.mapArguments)
    #expect(Self.rowsWithLines(after.stdout) == 0, "\(after.stdout)")
  }

  @Test func importOfTheHelsinkiExtractStoresTheBuiltInStreetsCount() async throws {
    let box = try AreasCommandTests.Sandbox()
    let fixture = BuiltBinary.packageRoot
      .appendingPathComponent("Tests/BearingPlacesTests/Fixtures/Helsinki.osm.pbf")
    let imported = try await box.run(["import", fixture.path, "--area", "Helsinki"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("Imported 86 places"), "\(imported.stdout)")
    // As many as scripts/derive_osm_streets.py derived for the built-in streets.
    #expect(imported.stdout.contains("Stored 2849 street lines for maps."), "\(imported.stdout)")
  }

  /// An Overpass answer: the café, `out center`, then the streets with `out geom`.
  static func overpassAnswer() -> String {
    var elements = [
      #"{"type":"node","id":1,"lat":\#(café.latitude),"lon":\#(café.longitude),"#
        + #""tags":{"amenity":"cafe","name":"Pyynikki"}}"#
    ]
    for (index, latitude) in streetLatitudes.enumerated() {
      elements.append(
        #"{"type":"way","id":\#(1_000 + index),"bounds":{"minlat":\#(latitude),"#
          + #""minlon":23.74,"maxlat":\#(latitude),"maxlon":23.78},"nodes":[1,2],"#
          + #""geometry":[{"lat":\#(latitude),"lon":23.74},{"lat":\#(latitude),"lon":23.78}],"#
          + #""tags":{"highway":"residential"}}"#)
    }
    return #"{"version":0.6,"generator":"Overpass API","elements":["#
      + elements.joined(separator: ",\n") + "]}"
  }

  @Test(.timeLimit(.minutes(1))) func downloadStoresTheAreasStreetsForTheMap() async throws {
    let box = try AreasCommandTests.Sandbox()
    let answer = Self.overpassAnswer()
    let (downloaded, query) = try await LoopbackHTTPServer.with({ _, _ in .json(.ok, answer) }) {
      server in
      let url = server.baseURL.appendingPathComponent("api/interpreter").absoluteString
      let result = try await box.run(
        ["download", "--around", "61.4978,23.7610", "--radius", "1km", "--area", "Pyynikki"],
        extra: ["COFFEE_FINDER_OVERPASS_URL": url])
      let uri = server.requests.first?.uri ?? ""
      return (result, URLComponents(string: uri)?.queryItems?.first { $0.name == "data" }?.value)
    }
    #expect(downloaded.status == 0, "\(downloaded.stderr)")
    #expect(downloaded.stderr.contains(": 1 café, 21 street lines; storing…"))
    #expect(downloaded.stdout.contains("Stored 21 street lines for maps."), "\(downloaded.stdout)")
    #expect(query?.contains(#"way["highway"](around:1000,61.497800,23.761000);"#) == true)
    #expect(query?.contains("out geom;") == true, "\(query ?? "no query")")

    let map = try await box.run(Self.mapArguments)
    #expect(map.status == 0, "\(map.stderr)")
    #expect(Self.rowsWithLines(map.stdout) >= 4, "\(map.stdout)")
    #expect(map.stdout.contains("Pyynikki"))
  }
}
