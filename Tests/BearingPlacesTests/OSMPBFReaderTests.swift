import Foundation
import Testing

@testable import BearingPlaces

@Suite("OSMPBFReader, parallel and serial")
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
