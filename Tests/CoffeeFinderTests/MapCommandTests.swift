import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `coffee-finder map`, end to end through the built binary.
@Suite(.serialized) struct MapCommandTests {
  static let railwaySquare = "60.1699,24.9384"

  @Test func printsAMapOfTheSizeAskedWithTheListsNumbers() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await BuiltBinary.run(
      ["map", "--at", Self.railwaySquare, "--radius", "300", "--width", "60", "--height", "20"],
      dataDirectory: directory)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let map = lines.prefix(20)
    #expect(map.allSatisfy { $0.count == 60 }, "every row is 60 columns:\n\(result.stdout)")
    #expect(!result.stdout.contains("\u{1B}"), "no escapes into a pipe")
    let braille = map.joined().unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }
    #expect(braille.count > 200, "streets are drawn:\n\(result.stdout)")
    // You, without a heading, in the middle cell.
    #expect(Array(map[10])[30] == "@", "\(map[10])")
    #expect(map[0].hasSuffix("N"))
    #expect(map[19].hasPrefix("├"))
    // The list below the map numbers the places from 1, and every number is on the map.
    let numbers = lines.dropFirst(20).compactMap { line in
      line.firstMatch(of: /^ ?(\d+)\s/).flatMap { Int($0.1) }
    }
    #expect(numbers == Array(1...10), "\(result.stdout)")
    let drawn = map.joined(separator: "\n")
    for number in numbers {
      #expect(
        drawn.firstMatch(of: try Regex("(^|[^0-9])\(number)([^0-9]|$)")) != nil,
        "\(number) is on the map:\n\(drawn)")
    }
    #expect(result.stdout.contains("Streets © OpenStreetMap contributors"))
  }

  @Test func writesAnSVGWithStreetsCafesAndNames() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = directory.appendingPathComponent("out.svg")
    let result = try await BuiltBinary.run(
      ["map", "--at", Self.railwaySquare, "--svg", svg.path], dataDirectory: directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("wrote \(svg.path)"))
    let document = try XMLDocument(contentsOf: svg)
    let root = try #require(document.rootElement())
    #expect(root.name == "svg")
    let text = try String(contentsOf: svg, encoding: .utf8)
    #expect(text.contains("stroke=\"#505050\""), "major streets are drawn")
    #expect(text.contains(" Robert&apos;s Coffee</text>"), "names, escaped")
    #expect(text.contains("© OpenStreetMap contributors"))
  }

  /// A GeoJSON of one café and a street grid in Tampere, far from the built-in data: after
  /// `import`, `map` draws its streets, and after `areas remove` it no longer does.
  @Test func drawsTheStreetsOfAnImportedArea() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let dataDirectory = directory.appendingPathComponent("data").path
    var features = [
      #"{"type":"Feature","properties":{"amenity":"cafe","name":"Pyynikki"},"#
        + #""geometry":{"type":"Point","coordinates":[23.7610,61.4978]}}"#
    ]
    for step in -10...10 {
      let offset = Double(step) * 0.001
      features.append(
        #"{"type":"Feature","properties":{"highway":"residential"},"geometry":{"#
          + #""type":"LineString","coordinates":[[23.74,\#(61.4978 + offset)],"#
          + #"[23.78,\#(61.4978 + offset)]]}}"#)
    }
    let file = directory.appendingPathComponent("tampere.geojson")
    let document = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",")
    try (document + "]}").write(to: file, atomically: true, encoding: .utf8)
    let imported = try await BuiltBinary.run(
      ["import", file.path, "--area", "Tampere", "--data-dir", dataDirectory],
      dataDirectory: directory)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("Stored 21 street lines for maps."), "\(imported.stdout)")

    let arguments = [
      "map", "--at", "61.4978,23.7610", "--radius", "300", "--width", "40", "--height", "12",
      "--provider", "offline", "--data-dir", dataDirectory,
    ]
    let map = try await BuiltBinary.run(arguments, dataDirectory: directory)
    #expect(map.status == 0, "\(map.stderr)")
    let rows = map.stdout.split(separator: "\n").prefix(12)
    // Streets every 111 m east–west, rows of 52 m: a horizontal line of dots every other row.
    #expect(
      rows.filter { $0.contains("⠉") || $0.contains("⠒") || $0.contains("⠤") || $0.contains("⣀") }
        .count >= 4, "\(map.stdout)")
    #expect(map.stdout.contains("Pyynikki"))

    let removed = try await BuiltBinary.run(
      ["areas", "remove", "Tampere", "--data-dir", dataDirectory], dataDirectory: directory)
    #expect(removed.status == 0, "\(removed.stderr)")
    let after = try await BuiltBinary.run(
      arguments, dataDirectory: directory)
    let braille = after.stdout.split(separator: "\n").prefix(12).joined().unicodeScalars.filter {
      (0x2801...0x28FF).contains($0.value)
    }
    #expect(braille.isEmpty, "\(after.stdout)\n\(after.stderr)")
  }

  @Test func rejectsASizeOutOfRange() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await BuiltBinary.run(
      ["map", "--at", Self.railwaySquare, "--width", "2"], dataDirectory: directory)
    #expect(result.status == 2, "\(result.status) \(result.stderr)")
    #expect(result.stderr.contains("--width must be 4…2000 characters; got 2"))
  }
}
