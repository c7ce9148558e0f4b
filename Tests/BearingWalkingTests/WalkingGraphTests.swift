import BearingLocation
import Foundation
import Testing

@testable import BearingWalking

/// Small hand-made ways on a grid near Helsinki: 0.001° of latitude is 111 m.
enum Grid {
  static func point(_ north: Double, _ east: Double) -> Coordinate {
    Coordinate(latitude: 60.17 + north * 0.001, longitude: 24.94 + east * 0.002)
  }

  /// Whether two points are one, as the graph's 10⁻⁷ degrees keep them (within 2 cm).
  static func same(_ a: Coordinate, _ b: Coordinate) -> Bool { a.distance(to: b) < 0.02 }
}

@Suite("The walking graph")
struct WalkingGraphTests {
  @Test func aSharedNodeSplitsBothWays() {
    // A way west–east through node 2, and one south–north through the same node.
    var builder = WalkingGraphBuilder()
    builder.addWay(
      ids: [1, 2, 3], points: [Grid.point(0, 0), Grid.point(0, 1), Grid.point(0, 2)],
      direction: .both, name: "Aleksanterinkatu")
    builder.addWay(
      ids: [4, 2, 5], points: [Grid.point(-1, 1), Grid.point(0, 1), Grid.point(1, 1)],
      direction: .both, name: "Mikonkatu")
    let graph = builder.build()
    #expect(graph.nodeCount == 5)
    #expect(graph.edgeCount == 4)
    // Every edge has two arcs: ways are walked both ways.
    #expect(graph.arcCount == 8)
    // The junction has four ways out.
    let junction = (0..<graph.nodeCount).first {
      Grid.same(graph.coordinate(ofNode: $0), Grid.point(0, 1))
    }
    #expect(junction.map { graph.arcs(from: $0).count } == 4)
  }

  @Test func anInnerPointSharedByNoOtherWayIsNoNode() {
    var builder = WalkingGraphBuilder()
    builder.addWay(
      ids: [1, 2, 3], points: [Grid.point(0, 0), Grid.point(0, 1), Grid.point(0, 2)],
      direction: .both, name: nil)
    let graph = builder.build()
    #expect(graph.nodeCount == 2)
    #expect(graph.edgeCount == 1)
    let expected = [Grid.point(0, 0), Grid.point(0, 1), Grid.point(0, 2)]
    #expect(graph.points(ofEdge: 0).count == 3)
    #expect(zip(graph.points(ofEdge: 0), expected).allSatisfy(Grid.same))
    let length = Grid.point(0, 0).distance(to: Grid.point(0, 1)) * 2
    #expect(abs(graph.length(ofEdge: 0) - length) < 0.01)
  }

  @Test func geoJSONLinesJoinWhereTheirPointsCoincide() {
    var builder = WalkingGraphBuilder()
    builder.addWay(points: [Grid.point(0, 0), Grid.point(0, 1)], direction: .both, name: nil)
    builder.addWay(points: [Grid.point(0, 1), Grid.point(1, 1)], direction: .both, name: nil)
    builder.addWay(points: [Grid.point(5, 5), Grid.point(6, 6)], direction: .both, name: nil)
    let graph = builder.build()
    #expect(graph.nodeCount == 5)
    #expect(graph.edgeCount == 3)
  }

  @Test func walkableRules() {
    func direction(_ tags: [String: String]) -> WalkDirection? {
      WalkingRules.direction { tags[$0] }
    }
    #expect(direction(["highway": "residential"]) == .both)
    #expect(direction(["highway": "footway"]) == .both)
    #expect(direction(["highway": "steps"]) == .both)
    #expect(direction(["highway": "motorway"]) == nil)
    #expect(direction(["highway": "motorway", "foot": "yes"]) == nil)
    #expect(direction(["highway": "primary", "foot": "no"]) == nil)
    #expect(direction(["highway": "service", "access": "private"]) == nil)
    #expect(direction(["highway": "service", "access": "no"]) == nil)
    #expect(direction(["highway": "service", "access": "private", "foot": "yes"]) == .both)
    #expect(direction(["highway": "service", "access": "no", "foot": "designated"]) == .both)
    #expect(direction(["highway": "cycleway"]) == nil)
    #expect(direction(["highway": "cycleway", "foot": "designated"]) == .both)
    #expect(direction(["railway": "rail"]) == nil)
    #expect(direction(["highway": "residential", "oneway": "yes"]) == .both)
    #expect(direction(["highway": "footway", "oneway:foot": "yes"]) == .forward)
    #expect(direction(["highway": "footway", "oneway:foot": "-1"]) == .backward)
  }

  @Test func aMotorroadIsNoWayForWalkersUnlessFootIsAllowed() {
    func direction(_ tags: [String: String]) -> WalkDirection? {
      WalkingRules.direction { tags[$0] }
    }
    #expect(direction(["highway": "primary", "motorroad": "yes"]) == nil)
    #expect(direction(["highway": "trunk", "motorroad": "yes"]) == nil)
    #expect(direction(["highway": "trunk", "motorroad": "yes", "foot": "yes"]) == .both)
    #expect(direction(["highway": "primary", "motorroad": "yes", "foot": "designated"]) == .both)
    #expect(direction(["highway": "primary", "motorroad": "no"]) == .both)
  }

  @Test func footPermissiveLetsWalkersThrough() {
    func direction(_ tags: [String: String]) -> WalkDirection? {
      WalkingRules.direction { tags[$0] }
    }
    #expect(direction(["highway": "service", "access": "private", "foot": "permissive"]) == .both)
    #expect(direction(["highway": "service", "access": "no", "foot": "permissive"]) == .both)
    #expect(direction(["highway": "cycleway", "foot": "permissive"]) == .both)
    #expect(direction(["highway": "trunk", "motorroad": "yes", "foot": "permissive"]) == .both)
  }

  @Test func aOneWayForWalkersHasOneArc() throws {
    var builder = WalkingGraphBuilder()
    builder.addWay(
      ids: [1, 2], points: [Grid.point(0, 0), Grid.point(0, 1)], direction: .forward, name: nil)
    let graph = builder.build()
    #expect(graph.arcCount == 1)
    let start = try #require(
      (0..<2).first { Grid.same(graph.coordinate(ofNode: $0), Grid.point(0, 0)) })
    #expect(graph.arcs(from: start).count == 1)
    #expect(graph.arcs(from: 1 - start).isEmpty)
  }

  @Test func storedFormRoundTripsAndRefusesDamage() throws {
    var builder = WalkingGraphBuilder()
    builder.addWay(
      ids: [1, 2, 3], points: [Grid.point(0, 0), Grid.point(0, 1), Grid.point(0, 2)],
      direction: .both, name: "Esplanadi")
    builder.addWay(
      ids: [3, 4], points: [Grid.point(0, 2), Grid.point(1, 2)], direction: .backward,
      name: "Kätilöopistonkatu")
    let graph = builder.build()
    let bytes = graph.serialized()
    #expect(try WalkingGraph(serialized: bytes) == graph)
    #expect(throws: WalkingGraph.FormatError.self) {
      try WalkingGraph(serialized: bytes.dropLast())
    }
    var damaged = bytes
    // The first edge's start node, far out of range.
    damaged[4 + 20 + 4 * 2 * graph.nodeCount + 3] = 0x7f
    #expect(throws: WalkingGraph.FormatError.self) { try WalkingGraph(serialized: damaged) }
    // The first node's latitude, past 200°: a coordinate made of it would trap.
    var offTheGlobe = bytes
    offTheGlobe[4 + 20 + 3] = 0x7f
    #expect(throws: WalkingGraph.FormatError.self) { try WalkingGraph(serialized: offTheGlobe) }
    // Arcs in range but listed under nodes their edges do not leave from (a route followed
    // them round a loop, growing without end).
    var misplaced = graph
    misplaced.arcs.swapAt(0, misplaced.arcs.count - 1)
    #expect(misplaced.arcs != graph.arcs)
    #expect(throws: WalkingGraph.FormatError.self) {
      try WalkingGraph(serialized: misplaced.serialized())
    }
  }

  /// The fuzz target's seed (Fuzz/Corpus/walking/cross, written by hand in the stored form) is
  /// a graph: four ways joining at one node.
  @Test func theFuzzSeedIsAGraph() throws {
    let seed = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/Corpus/walking/cross")
    let graph = try WalkingGraph(serialized: Array(try Data(contentsOf: seed)))
    #expect(graph.nodeCount == 5)
    #expect(graph.edgeCount == 4)
    #expect(graph.arcs(from: 0).count == 4)
    #expect(graph.name(ofEdge: 1) == "Kätilöopistonkatu")
  }
}
