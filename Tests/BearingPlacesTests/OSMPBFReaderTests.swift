import BearingPlacesTesting
import BearingProcessTesting
import BearingStreets
import Foundation
import Testing

@testable import BearingPlaces

@Suite("OSMPBFReader, parallel and serial", .offPool)
struct OSMPBFReaderTests {
  typealias B = PBFFileBuilder

  /// `count` data blocks, block `k` holding café node `k + 1` (and two plain nodes) and a
  /// café way whose nodes lie in block `k` and the next, so the second pass crosses blocks.
  static func manyBlocks(_ count: Int, brokenAt broken: Set<Int> = []) -> PBFFileBuilder {
    let strings = ["", "amenity", "cafe", "name", "Café", "Way Café"]
    var file = B()
    file.block("OSMHeader", B.header())
    for k in 0..<count {
      let base = Int64(k * 10)
      let latitude = 60 + Double(k) * 0.01
      var nodes = B.Message()
      nodes.message(
        2,
        B.denseNodes(
          [
            (base + 1, latitude, 25), (base + 2, latitude, 25.001),
            (base + 3, latitude + 0.001, 25.001),
          ],
          tags: [[(1, 2), (3, 4)], [], []]))
      var ways = B.Message()
      let next = Int64(((k + 1) % count) * 10)
      ways.message(
        3,
        B.way(
          1_000 + Int64(k), refs: [base + 2, base + 3, next + 2], keys: [1, 3], values: [2, 5]))
      var groups = [nodes, ways]
      if broken.contains(k) {
        var bad = B.Message()
        bad.message(1, B.node((base + 9, 60, 25), keys: [1], values: [UInt64(40 + k)]))
        groups.append(bad)
      }
      file.block("OSMData", B.primitiveBlock(strings: strings, groups: groups))
    }
    return file
  }

  @Test("the Helsinki extract gives the same places, in the same order, either way")
  func helsinki() throws {
    let data = try Data(contentsOf: OSMImporterTests.helsinkiURL, options: .alwaysMapped)
    let parallel = try OSMPBFReader(data).read(parallel: true)
    let serial = try OSMPBFReader(data).read(parallel: false)
    #expect(parallel.places.count == 86)
    #expect(parallel.places == serial.places)
    #expect(parallel.timestamp == serial.timestamp)
  }

  @Test("many blocks: places in file order (nodes block by block, then ways), either way")
  func manyBlocksInOrder() throws {
    let data = Data(Self.manyBlocks(24).bytes)
    let parallel = try OSMPBFReader(data).read(parallel: true)
    let serial = try OSMPBFReader(data).read(parallel: false)
    let expected =
      (0..<24).map { "osm:node/\($0 * 10 + 1)" } + (0..<24).map { "osm:way/\(1_000 + $0)" }
    #expect(serial.places.map(\.id) == expected)
    #expect(parallel.places == serial.places)
  }

  @Test("with two broken blocks, both name the first one's offset")
  func firstErrorWins() {
    let file = Self.manyBlocks(24, brokenAt: [5, 17])
    let data = Data(file.bytes)
    func message(parallel: Bool) -> String? {
      do {
        _ = try OSMPBFReader(data).read(parallel: parallel)
        return nil
      } catch {
        return "\(error)"
      }
    }
    let serial = message(parallel: false)
    #expect(serial?.contains("string index 45") == true)
    #expect(message(parallel: true) == serial)
  }
}

@Suite("OSMPBFReader, streets", .offPool)
struct OSMPBFReaderStreetTests {
  typealias B = PBFFileBuilder

  @Test("the Helsinki extract's streets are the built-in ones the Python script derived")
  func helsinkiStreetsMatchTheBuiltInOnes() throws {
    let data = try Data(contentsOf: OSMImporterTests.helsinkiURL, options: .alwaysMapped)
    let parallel = try OSMPBFReader(data).read(parallel: true, streets: true)
    let serial = try OSMPBFReader(data).read(parallel: false, streets: true)
    let builtIn = try StreetDataset.helsinki.get().lines
    #expect(parallel.streets == serial.streets)
    #expect(parallel.places == (try OSMPBFReader(data).read()).places)
    #expect(parallel.streets.count == builtIn.count)
    #expect(parallel.streets.map(\.points.count).reduce(0, +) == 7_729)
    var differing = 0
    for (read, derived) in zip(parallel.streets, builtIn) {
      // The built-in file keeps microdegrees; the extract has 100 nanodegrees.
      let same =
        read.kind == derived.kind && read.points.count == derived.points.count
        && zip(read.points, derived.points).allSatisfy { a, b in
          abs(a.latitude - b.latitude) < 1e-6 && abs(a.longitude - b.longitude) < 1e-6
        }
      if !same { differing += 1 }
    }
    #expect(differing == 0)
  }

  @Test("street ways: kinds, cut where nodes are missing, simplified; only when asked")
  func streetWays() throws {
    let strings = [
      "", "highway", "residential", "railway", "tram", "natural", "coastline", "amenity", "cafe",
      "name", "Kiosk", "proposed", "building", "yes",
    ]
    var points: [B.Node] = []
    for id in 1...6 { points.append((Int64(id), 61.5, 23.70 + Double(id) * 0.001)) }
    points += [(7, 61.5001, 23.70), (8, 61.5002, 23.70)]
    let noTags: [[(UInt64, UInt64)]] = Array(repeating: [], count: points.count)
    var nodes = B.Message()
    nodes.message(2, B.denseNodes(points, tags: noTags))
    var ways = B.Message()
    // A straight street of five nodes (simplified to its ends), cut at node 99, missing.
    ways.message(3, B.way(10, refs: [1, 2, 3, 99, 4, 5, 6], keys: [1], values: [2]))
    ways.message(3, B.way(11, refs: [7, 8], keys: [3], values: [4]))
    ways.message(3, B.way(12, refs: [6, 7], keys: [5], values: [6]))
    // A named café that is also a pedestrian street counts as both.
    ways.message(3, B.way(13, refs: [1, 7, 8, 1], keys: [1, 7, 9], values: [2, 8, 10]))
    ways.message(3, B.way(14, refs: [1, 2], keys: [1], values: [11]))
    ways.message(3, B.way(15, refs: [2, 3, 7], keys: [12], values: [13]))
    // A street of one node cannot be drawn.
    ways.message(3, B.way(16, refs: [5], keys: [1], values: [2]))
    var file = B()
    file.block("OSMHeader", B.header())
    file.block("OSMData", B.primitiveBlock(strings: strings, groups: [nodes, ways]))
    let data = Data(file.bytes)

    let result = try OSMPBFReader(data).read(streets: true)
    #expect(result.streets.map(\.kind) == [.minor, .minor, .rail, .water, .minor])
    #expect(result.streets.map(\.points.count) == [2, 2, 2, 2, 4])
    #expect(abs((result.streets.first?.points.last?.longitude ?? 0) - 23.703) < 1e-9)
    #expect(result.places.map(\.name) == ["Kiosk"])
    #expect(try OSMPBFReader(data).read().streets.isEmpty)
  }
}
