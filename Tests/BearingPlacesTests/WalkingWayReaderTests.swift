import BearingLocation
import BearingPlacesTesting
import Foundation
import Testing

@testable import BearingPlaces

/// The walking graphs the importers build: ways joined by their node ids (`.osm.pbf`,
/// Overpass) and only the walkable ones kept.
@Suite("walking graphs of imported files")
struct WalkingWayReaderTests {
  typealias B = PBFFileBuilder

  /// A cross of two residential streets through node 2, a private service road from node 2
  /// and a motorway from node 3, as an `.osm.pbf` file.
  static func crossPBF() -> [UInt8] {
    let strings = [
      "", "highway", "residential", "service", "access", "private", "motorway", "name",
      "Aleksanterinkatu",
    ]
    let nodes: [B.Node] = [
      (1, 60.170, 24.940), (2, 60.170, 24.942), (3, 60.170, 24.944), (4, 60.169, 24.942),
      (5, 60.171, 24.942), (6, 60.172, 24.944), (7, 60.172, 24.946),
    ]
    var dense = B.Message()
    dense.message(2, B.denseNodes(nodes, tags: nodes.map { _ in [] }))
    var ways = B.Message()
    ways.message(3, B.way(10, refs: [1, 2, 3], keys: [1, 7], values: [2, 8]))
    ways.message(3, B.way(11, refs: [4, 2, 5], keys: [1], values: [2]))
    ways.message(3, B.way(12, refs: [2, 6], keys: [1, 4], values: [3, 5]))
    ways.message(3, B.way(13, refs: [3, 7], keys: [1], values: [6]))
    var file = B()
    file.block("OSMHeader", B.header())
    file.block("OSMData", B.primitiveBlock(strings: strings, groups: [dense, ways]))
    return file.bytes
  }

  @Test func anOSMPBFFilesWalkableWaysJoinAtTheirSharedNode() throws {
    let result = try OSMPBFReader(Data(Self.crossPBF())).read(streets: true, walking: true)
    let graph = try #require(result.walkingGraph)
    // Nodes 1, 2, 3, 4, 5: the private road and the motorway are left out.
    #expect(graph.nodeCount == 5)
    #expect(graph.edgeCount == 4)
    #expect(
      (0..<graph.edgeCount).compactMap(graph.name(ofEdge:)) == [
        "Aleksanterinkatu", "Aleksanterinkatu",
      ])
    // Without the walk, no graph.
    #expect(try OSMPBFReader(Data(Self.crossPBF())).read(streets: true).walkingGraph == nil)
  }

  @Test func anOverpassAnswersWaysJoinByNodeIdsNotByPosition() throws {
    // Two ways that share node 2; a third whose first point lies on node 2's spot but is
    // another node (a bridge over it, say): not joined.
    let answer = """
      {"elements":[
       {"type":"way","id":1,"tags":{"highway":"footway"},"nodes":[1,2],
        "geometry":[{"lat":60.17,"lon":24.94},{"lat":60.17,"lon":24.942}]},
       {"type":"way","id":2,"tags":{"highway":"footway","oneway:foot":"yes"},"nodes":[2,3],
        "geometry":[{"lat":60.17,"lon":24.942},{"lat":60.171,"lon":24.942}]},
       {"type":"way","id":3,"tags":{"highway":"steps"},"nodes":[9,8],
        "geometry":[{"lat":60.17,"lon":24.942},{"lat":60.169,"lon":24.942}]},
       {"type":"way","id":4,"tags":{"highway":"path","foot":"no"},"nodes":[3,1],
        "geometry":[{"lat":60.171,"lon":24.942},{"lat":60.17,"lon":24.94}]}
      ]}
      """
    let data = Data(answer.utf8)
    let graph = try #require(
      data.withUnsafeBytes { WalkingWayReader.graph(in: $0, format: .overpassJSON) })
    #expect(graph.nodeCount == 5)
    #expect(graph.edgeCount == 3)
    // Two ways walked both ways, one only forwards.
    #expect(graph.arcCount == 5)
  }
}
