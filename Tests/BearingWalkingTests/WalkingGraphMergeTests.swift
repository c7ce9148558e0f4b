import BearingLocation
import Foundation
import Testing

@testable import BearingWalking

/// Graphs of overlapping areas made one (``WalkingGraph/merged(_:)``): where they meet, a walk
/// passes from one's streets to the other's.
@Suite("Merged walking graphs")
struct WalkingGraphMergeTests {
  /// A graph of ways given by their points (each its own node, joined where points coincide).
  static func graph(_ ways: [[Coordinate]], name: String? = nil) -> WalkingGraph {
    var builder = WalkingGraphBuilder()
    for way in ways { builder.addWay(points: way, direction: .both, name: name) }
    return builder.build()
  }

  /// `point` moved `metres` east.
  static func east(of point: Coordinate, _ metres: Double) -> Coordinate {
    Coordinate(
      latitude: point.latitude,
      longitude: point.longitude + metres / (111_195 * cos(point.latitude * .pi / 180)))
  }

  /// Area 1: a street from east 0 to 4. Area 2: a street from east 4 to 8 whose first point is
  /// 40 cm from area 1's end (drawn separately). The walk along both is the two together.
  @Test func endsWithinAMetreAreJoined() throws {
    let meeting = Grid.point(0, 4)
    let first = Self.graph([[Grid.point(0, 0), meeting]])
    let second = Self.graph([[Self.east(of: meeting, 0.4), Grid.point(0, 8)]])
    let start = Grid.point(0.01, 1)
    let target = Grid.point(0.01, 7)
    let line = Grid.point(0, 1).distance(to: Grid.point(0, 7))

    let alone = WalkRouter(first).walks(from: start, to: [target], within: 5_000)
    #expect(alone == [nil], "area 1 alone reaches no street by the target")
    let merged = WalkingGraph.merged([first, second])
    let walk = try #require(
      WalkRouter(merged).walks(from: start, to: [target], within: 5_000)[0])
    #expect(abs(walk - (line + 2 * 1.11)) < 1.5, "walked \(walk) m")
    // 40 cm too far apart at 2 m: no join.
    let apart = Self.graph([[Self.east(of: meeting, 2), Grid.point(0, 8)]])
    let unjoined = WalkRouter(WalkingGraph.merged([first, apart]))
    #expect(unjoined.walks(from: start, to: [target], within: 5_000) == [nil])
  }

  /// Area 2's street ends on a bend of area 1's street (a point that is no junction in area
  /// 1): area 1's edge is split there, and the walk turns into area 2's street.
  @Test func anEndOnAnotherGraphsBendSplitsItsEdge() throws {
    let bend = Grid.point(0, 4)
    let first = Self.graph([[Grid.point(0, 0), bend, Grid.point(0, 8)]])
    #expect(first.edgeCount == 1)
    let second = Self.graph([[bend, Grid.point(3, 4)]])
    let merged = WalkingGraph.merged([first, second])
    #expect(merged.edgeCount == 3)
    let start = Grid.point(0, 0)
    let target = Grid.point(3, 4)
    let walk = try #require(WalkRouter(merged).walks(from: start, to: [target], within: 5_000)[0])
    let expected = start.distance(to: bend) + bend.distance(to: target)
    #expect(abs(walk - expected) < 1, "walked \(walk) m, expected \(expected) m")
  }

  /// `point` moved `metres` north.
  static func north(of point: Coordinate, _ metres: Double) -> Coordinate {
    Coordinate(latitude: point.latitude + metres / 111_195, longitude: point.longitude)
  }

  /// Area 2's footway ends 50 cm north of the middle of area 1's one straight stretch (a
  /// T-junction drawn in another file): welded there, in either order of the areas; 2 m off,
  /// not.
  @Test func anEndWithinAMetreOfAnotherGraphsStretchIsWelded() throws {
    let street = Self.graph([[Grid.point(0, 0), Grid.point(0, 8)]])
    let junction = Self.north(of: Grid.point(0, 4), 0.5)
    let spur = Self.graph([[junction, Grid.point(3, 4)]])
    let start = Grid.point(0, 0)
    let target = Grid.point(3, 4)
    let expected = start.distance(to: Grid.point(0, 4)) + junction.distance(to: target)
    for graphs in [[street, spur], [spur, street]] {
      let merged = WalkingGraph.merged(graphs)
      #expect(merged.edgeCount == 3)
      let walk = try #require(
        WalkRouter(merged).walks(from: start, to: [target], within: 5_000)[0])
      #expect(abs(walk - expected) < 1, "walked \(walk) m, expected \(expected) m")
    }
    let apart = Self.graph([[Self.north(of: Grid.point(0, 4), 2), Grid.point(3, 4)]])
    let unjoined = WalkRouter(WalkingGraph.merged([street, apart]), maximumSnap: 5)
    #expect(unjoined.walks(from: start, to: [target], within: 5_000) == [nil])
  }

  /// Area 2 holds a copy of the east half of area 1's street, 40 cm north of it, from the
  /// middle of area 1's stretch to its end, and a café lies north of the copy's west end: the
  /// walk turns onto the copy where it begins, not at the far end and back.
  @Test func aCopyOfAStreetIsJoinedWhereItBegins() throws {
    let street = Self.graph([[Grid.point(0, 0), Grid.point(0, 8)]])
    let copy = Self.graph([
      [Self.north(of: Grid.point(0, 4), 0.4), Self.north(of: Grid.point(0, 8), 0.4)]
    ])
    let start = Grid.point(0, 0)
    let target = Self.north(of: Grid.point(0, 4), 10)
    let expected = start.distance(to: Grid.point(0, 4)) + 10
    for graphs in [[street, copy], [copy, street]] {
      let walk = try #require(
        WalkRouter(WalkingGraph.merged(graphs)).walks(from: start, to: [target], within: 5_000)[0])
      #expect(abs(walk - expected) < 1, "walked \(walk) m, expected \(expected) m")
    }
  }

  /// Area 1's street and a bridge over it cross at a point neither holds; area 2's footway
  /// ends right there. It is welded into one of them, not both: the bridge stays apart from the
  /// street, and its far end is no walk from the street.
  @Test func anEndWhereTwoWaysCrossJoinsOnlyOne() throws {
    let area = Self.graph([
      [Grid.point(0, 0), Grid.point(0, 8)], [Grid.point(-4, 4), Grid.point(4, 4)],
    ])
    let footway = Self.graph([[Grid.point(0, 4), Grid.point(-3, 7)]])
    for graphs in [[area, footway], [footway, area]] {
      let router = WalkRouter(WalkingGraph.merged(graphs), maximumSnap: 5)
      #expect(router.walks(from: Grid.point(0, 0), to: [Grid.point(4, 4)], within: 5_000) == [nil])
      let reached = router.walks(from: Grid.point(0, 0), to: [Grid.point(-3, 7)], within: 5_000)
      #expect(reached[0] != nil, "the footway joins the street or the bridge")
    }
  }

  /// Two ways of one area crossing at a point neither shares (a bridge over a street) stay
  /// apart when merged with another area, and a street both areas hold is walked once.
  @Test func oneGraphsOwnPointsAreNotJoined() throws {
    var builder = WalkingGraphBuilder()
    builder.addWay(
      ids: [1, 2, 3], points: [Grid.point(0, 0), Grid.point(0, 1), Grid.point(0, 2)],
      direction: .both, name: "Street")
    builder.addWay(
      ids: [4, 5, 6], points: [Grid.point(-1, 1), Grid.point(0, 1), Grid.point(1, 1)],
      direction: .both, name: "Bridge")
    let first = builder.build()
    // Another area's street across the box, nowhere near the crossing.
    let across = Self.graph([[Grid.point(-2, 0), Grid.point(2, 3)]])
    let merged = WalkingGraph.merged([first, across])
    // From the street's west end to the bridge's north end: no way, as in area 1 alone.
    let router = WalkRouter(merged, maximumSnap: 5)
    #expect(router.walks(from: Grid.point(0, 0), to: [Grid.point(1, 1)], within: 5_000) == [nil])
    // The same street in both areas: the merged walk along it is its length.
    let other = Self.graph([[Grid.point(0, 2), Grid.point(0, 3)]])
    let twice = WalkingGraph.merged([other, other])
    let along = try #require(
      WalkRouter(twice).walks(from: Grid.point(0, 2), to: [Grid.point(0, 3)], within: 5_000)[0])
    #expect(abs(along - Grid.point(0, 2).distance(to: Grid.point(0, 3))) < 0.1)
  }

  /// One graph (one GeoJSON file): a street from east 0 to 8 with a bend at 2, and footways
  /// north from it drawn without a shared point: one ending exactly on the stretch at 5, one
  /// 50 cm north of it at 6.5, one 50 cm north of the bend. Each is joined where it ends; one
  /// ending 2 m off is not, and a way crossing the street without ending there stays apart.
  @Test func looseEndsOfOneGraphAreJoined() throws {
    let street = [Grid.point(0, 0), Grid.point(0, 2), Grid.point(0, 8)]
    let exact = [Grid.point(0, 5), Grid.point(3, 5)]
    let near = [Self.north(of: Grid.point(0, 6.5), 0.5), Grid.point(3, 6.5)]
    let bend = [Self.north(of: Grid.point(0, 2), 0.5), Grid.point(3, 2)]
    let apart = [Self.north(of: Grid.point(0, 4), 2), Grid.point(3, 4)]
    let crossing = [Grid.point(-1, 7), Grid.point(1, 7)]
    let graph = Self.graph([street, exact, near, bend, apart, crossing])
    let start = Grid.point(0, 0)
    let targets = [Grid.point(3, 5), Grid.point(3, 6.5), Grid.point(3, 2), Grid.point(3, 4)]
    let unjoined = WalkRouter(graph, maximumSnap: 5).walks(
      from: start, to: targets, within: 10_000)
    #expect(unjoined == [nil, nil, nil, nil], "as built, only shared points join")

    let joined = WalkRouter(graph.joiningLooseEnds(), maximumSnap: 5)
    let walks = joined.walks(from: start, to: targets, within: 10_000)
    let expected = [
      start.distance(to: Grid.point(0, 5)) + Grid.point(0, 5).distance(to: Grid.point(3, 5)),
      start.distance(to: Grid.point(0, 6.5)) + near[0].distance(to: near[1]),
      start.distance(to: Grid.point(0, 2)) + bend[0].distance(to: bend[1]),
    ]
    for (walk, expected) in zip(walks, expected) {
      let walk = try #require(walk)
      #expect(abs(walk - expected) < 1.5, "walked \(walk) m, expected \(expected) m")
    }
    #expect(walks[3] == nil, "an end 2 m off is not joined")
    #expect(
      joined.walks(from: start, to: [Grid.point(1, 7)], within: 10_000) == [nil],
      "the crossing way, ending nowhere near the street, stays apart")
  }

  /// Ends near each other and near a street join the street, not only each other: two
  /// footways ending 30 cm north of the street 60 cm apart, and one ending 5 cm north of the
  /// street, under a bend of a bridge (not joined to the street) 96 cm away.
  @Test func looseEndsJoinTheNearestWayNotEachOther() throws {
    let street = [Grid.point(0, 0), Grid.point(0, 8)]
    let a = Self.north(of: Grid.point(0, 3), 0.3)
    let b = Self.east(of: a, 0.6)
    let first = [a, Grid.point(3, 3)]
    let second = [b, Grid.point(3, 3.5)]
    let end = Self.north(of: Grid.point(0, 6), 0.05)
    let bend = Self.north(of: end, 0.96)
    let bridge = [Grid.point(2, 5), bend, Grid.point(2, 7)]
    let footway = [end, Grid.point(-3, 6)]
    let graph = Self.graph([street, first, second, bridge, footway]).joiningLooseEnds()
    let router = WalkRouter(graph, maximumSnap: 5)
    let start = Grid.point(0, 0)
    let targets = [Grid.point(3, 3), Grid.point(3, 3.5), Grid.point(-3, 6)]
    let walks = router.walks(from: start, to: targets, within: 10_000)
    let expected = [
      start.distance(to: Grid.point(0, 3)) + a.distance(to: Grid.point(3, 3)),
      start.distance(to: Grid.point(0, 3)) + 0.6 + b.distance(to: Grid.point(3, 3.5)),
      start.distance(to: Grid.point(0, 6)) + end.distance(to: Grid.point(-3, 6)),
    ]
    for (walk, expected) in zip(walks, expected) {
      let walk = try #require(walk)
      #expect(abs(walk - expected) < 1.5, "walked \(walk) m, expected \(expected) m")
    }
  }

  @Test func oneGraphIsItself() {
    let graph = Self.graph([[Grid.point(0, 0), Grid.point(0, 1)]])
    #expect(WalkingGraph.merged([graph]) == graph)
    #expect(WalkingGraph.merged([]).edgeCount == 0)
  }
}
