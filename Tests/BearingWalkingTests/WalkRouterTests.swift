import BearingLocation
import Testing

@testable import BearingWalking

@Suite("Snapping and walks")
struct WalkRouterTests {
  /// A river along the middle (no way), one bridge at east 4: a square of streets on each
  /// bank.
  ///
  ///     north 2:  a ─────────── b            (north bank, east 0 … 4)
  ///               │             │ bridge
  ///     north 0:  c ─────────── d            (south bank)
  static func riverTown() -> WalkingGraph {
    var builder = WalkingGraphBuilder()
    builder.addWay(
      ids: [1, 2, 3, 4, 5],
      points: (0...4).map { Grid.point(2, Double($0)) }, direction: .both, name: "Pohjoisranta")
    builder.addWay(
      ids: [11, 12, 13, 14, 15],
      points: (0...4).map { Grid.point(0, Double($0)) }, direction: .both, name: "Eteläranta")
    builder.addWay(
      ids: [15, 5], points: [Grid.point(0, 4), Grid.point(2, 4)], direction: .both,
      name: "Silta")
    return builder.build()
  }

  /// Two streets that never meet, searched without a bound (as `walking-probe` does): the
  /// café on the other street has no walk, not an infinite one.
  @Test func anUnreachedTargetHasNoWalkEvenWithoutABound() {
    var builder = WalkingGraphBuilder()
    builder.addWay(points: [Grid.point(0, 0), Grid.point(0, 1)], direction: .both, name: nil)
    builder.addWay(points: [Grid.point(1, 0), Grid.point(1, 1)], direction: .both, name: nil)
    let router = WalkRouter(builder.build())
    let walks = router.walks(
      from: Grid.point(0, 0.5), to: [Grid.point(1, 0.5), Grid.point(0, 0.9)], within: .infinity)
    #expect(walks[0] == nil)
    #expect(walks[1] != nil)
  }

  @Test func snapsOntoTheSegmentNotTheNearestNode() throws {
    let router = WalkRouter(Self.riverTown())
    // Beside the middle of the south bank's street, 11 m north of it.
    let point = Grid.point(0.1, 2.5)
    let snap = try #require(router.snap(point))
    #expect(abs(snap.offset - 11.1) < 0.2)
    #expect(abs(snap.point.longitude - point.longitude) < 1e-7)
    #expect(abs(snap.point.latitude - Grid.point(0, 0).latitude) < 1e-7)
  }

  // One segment 10° on a side (a path drawn across a country, or a damaged graph's): the grid
  // does not fill its box (10 million cells of 1/1000°; a GeoJSON line like it took `nearby` past
  // its timeout, and the walking fuzz target out of memory), yet a point beside its middle still
  // snaps onto it.
  @Test func aLongSegmentIsSnappedToWithoutFillingTheGrid() throws {
    var builder = WalkingGraphBuilder()
    builder.addWay(
      ids: [1, 2],
      points: [
        Coordinate(latitude: 50, longitude: 10), Coordinate(latitude: 60, longitude: 20),
      ], direction: .both, name: "Pitkä polku")
    let router = WalkRouter(builder.build())
    #expect(router.longEdges == [0])
    let snap = try #require(router.snap(Coordinate(latitude: 55.0005, longitude: 15)))
    #expect(snap.edge == 0)
    #expect(snap.offset < 250)
  }

  // A straight track of about 1 km to the north-east: its box covers about 100 grid cells, its
  // line about 20. It is indexed by the cells its line crosses (not looked at by every snap),
  // and a point 20 m beside it anywhere along it snaps onto it; a corner of its box, 500 m
  // from it, does not.
  @Test func aLongDiagonalSegmentIsIndexedByTheCellsItsLineCrosses() throws {
    let (a, b) = (Grid.point(0, 0), Grid.point(6.4, 6.4))
    var builder = WalkingGraphBuilder()
    builder.addWay(ids: [1, 2], points: [a, b], direction: .both, name: "Rata")
    let router = WalkRouter(builder.build())
    #expect(router.longEdges.isEmpty)
    for step in 0...20 {
      let t = Double(step) / 20
      let on = Coordinate(
        latitude: a.latitude + t * (b.latitude - a.latitude),
        longitude: a.longitude + t * (b.longitude - a.longitude))
      // 20 m to the north-west of the line, at right angles to it.
      let beside = on.destination(bearing: 315, distance: 20)
      let snap = try #require(router.snap(beside), "at \(t)")
      #expect(abs(snap.offset - 20) < 1, "at \(t): \(snap.offset)")
    }
    #expect(router.snap(Grid.point(6.4, 0)) == nil)
  }

  // Many segments of every length and direction, some over 1,000 cells: each point snaps to the
  // nearest of them, as a look at every segment finds it.
  @Test func snappingFindsTheNearestOfSegmentsOfEveryLength() throws {
    var seed: UInt64 = 36
    func uniform() -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(seed >> 11) / Double(1 << 53)
    }
    var builder = WalkingGraphBuilder()
    for way in 0..<300 {
      let start = Grid.point(uniform() * 20, uniform() * 10)
      let reach = way % 10 == 0 ? 1.0 : 0.02
      let end = Coordinate(
        latitude: start.latitude + (uniform() - 0.5) * reach,
        longitude: start.longitude + (uniform() - 0.5) * reach)
      builder.addWay(points: [start, end], direction: .both, name: nil)
    }
    let graph = builder.build()
    let router = WalkRouter(graph, strayAllowance: 0)
    for _ in 0..<300 {
      let point = Grid.point(uniform() * 20, uniform() * 10)
      let nearest = (0..<graph.edgeCount).map { router.project(point, onto: $0).offset }.min()
      let snap = router.snap(point)
      if let nearest, nearest <= router.maximumSnap {
        #expect(snap.map { abs($0.offset - nearest) < 1e-6 } == true, "at \(point)")
      } else {
        #expect(snap == nil, "at \(point)")
      }
    }
  }

  /// A comb of streets (a main part of 24 nodes) and a stray piece of way beside it, joined
  /// to nothing: a point nearest the stray piece snaps to the comb when the comb is at most
  /// 30 m farther.
  @Test func aStrayPieceGivesWayToTheMainNetworkNearBy() throws {
    var builder = WalkingGraphBuilder()
    let spine = (0...11).map { Grid.point(0, Double($0)) }
    builder.addWay(ids: (1...12).map(Int64.init), points: spine, direction: .both, name: "Runko")
    for tooth in 1...12 {
      builder.addWay(
        ids: [Int64(tooth), Int64(100 + tooth)],
        points: [Grid.point(0, Double(tooth - 1)), Grid.point(-1, Double(tooth - 1))],
        direction: .both, name: nil)
    }
    // 0.3 units (33 m) north of the spine, from east 2 to east 3.
    builder.addWay(
      ids: [500, 501], points: [Grid.point(0.3, 2), Grid.point(0.3, 3)], direction: .both,
      name: "Harha")
    let router = WalkRouter(builder.build())
    // 10 m from the stray piece, 23 m from the spine: the spine.
    let near = try #require(router.snap(Grid.point(0.21, 2.5)))
    #expect(router.graph.name(ofEdge: near.edge) == "Runko")
    #expect(abs(near.offset - 23.3) < 0.5)
    // 2 m from the stray piece and 36 m from the spine: the stray piece.
    let far = try #require(router.snap(Grid.point(0.32, 2.5)))
    #expect(router.graph.name(ofEdge: far.edge) == "Harha")
  }

  @Test func aPointFarFromAnyWayIsNotSnapped() {
    let router = WalkRouter(Self.riverTown(), maximumSnap: 250)
    #expect(router.snap(Grid.point(10, 2)) == nil)
  }

  @Test func theWalkCrossesTheBridge() throws {
    let router = WalkRouter(Self.riverTown())
    let start = Grid.point(0, 0)  // south bank, west end
    let across = Grid.point(2, 0)  // north bank, west end: 222 m as the crow flies
    let along = Grid.point(0, 3)  // south bank
    let walks = router.walks(from: start, to: [across, along], within: 10_000)
    let east = Grid.point(0, 0).distance(to: Grid.point(0, 4))
    let bridge = Grid.point(0, 4).distance(to: Grid.point(2, 4))
    let acrossWalk = try #require(walks[0])
    #expect(abs(acrossWalk - (2 * east + bridge)) < 0.5)
    let alongWalk = try #require(walks[1])
    #expect(abs(alongWalk - Grid.point(0, 0).distance(to: Grid.point(0, 3))) < 0.5)
    // The walk puts the south-bank café first; the line, the one across.
    #expect(start.distance(to: across) < start.distance(to: along))
  }

  @Test func aBoundLeavesFartherTargetsWithoutAWalk() {
    let router = WalkRouter(Self.riverTown())
    let walks = router.walks(
      from: Grid.point(0, 0), to: [Grid.point(2, 0), Grid.point(0, 1)], within: 500)
    #expect(walks[0] == nil)
    #expect(walks[1] != nil)
  }

  @Test func oneWayForWalkersIsRespected() throws {
    var builder = WalkingGraphBuilder()
    // A short way from a to b that may only be walked from b to a, and a long way round.
    builder.addWay(
      ids: [1, 2], points: [Grid.point(0, 0), Grid.point(0, 1)], direction: .backward, name: nil)
    builder.addWay(
      ids: [1, 3, 4, 2],
      points: [Grid.point(0, 0), Grid.point(1, 0), Grid.point(1, 1), Grid.point(0, 1)],
      direction: .both, name: nil)
    let router = WalkRouter(builder.build())
    let ab = try #require(
      router.walks(from: Grid.point(0, 0), to: [Grid.point(0, 1)], within: 10_000)[0])
    let ba = try #require(
      router.walks(from: Grid.point(0, 1), to: [Grid.point(0, 0)], within: 10_000)[0])
    let short = Grid.point(0, 0).distance(to: Grid.point(0, 1))
    #expect(abs(ba - short) < 0.5)
    #expect(ab > short * 2)
  }

  @Test func startAndTargetOnOneEdge() throws {
    let router = WalkRouter(Self.riverTown())
    let walk = try #require(
      router.walks(from: Grid.point(0, 1.2), to: [Grid.point(0, 1.7)], within: 10_000)[0])
    #expect(abs(walk - Grid.point(0, 1.2).distance(to: Grid.point(0, 1.7))) < 0.5)
  }

  @Test func theRouteNamesItsStreetsAndEndsAtBothPoints() throws {
    let router = WalkRouter(Self.riverTown())
    let start = Grid.point(0, 0.5)
    let target = Grid.point(2, 0.5)
    let route = try #require(router.route(from: start, to: target, within: 10_000))
    #expect(route.streetNames == ["Eteläranta", "Silta", "Pohjoisranta"])
    #expect(route.points.first == start)
    #expect(route.points.last == target)
    #expect(route.points.count > 4)
    let drawn = zip(route.points, route.points.dropFirst()).reduce(0) {
      $0 + $1.0.distance(to: $1.1)
    }
    #expect(abs(drawn - route.length) < 1)
    let walk = router.walks(from: start, to: [target], within: 10_000)[0]
    #expect(walk.map { abs($0 - route.length) < 1e-6 } == true)
  }

  /// An L-shaped street, one edge (no other way meets its bend): a start on one leg and a
  /// target on the other walk round the corner, and the route drawn is as long as the walk.
  @Test func theRouteAlongOneEdgeFollowsItsBends() throws {
    var builder = WalkingGraphBuilder()
    builder.addWay(
      ids: [1, 2, 3], points: [Grid.point(0, 0), Grid.point(0, 3), Grid.point(3, 3)],
      direction: .both, name: "Kulma")
    let router = WalkRouter(builder.build())
    let start = Grid.point(0, 1)
    let target = Grid.point(2, 3)
    let route = try #require(router.route(from: start, to: target, within: 10_000))
    let expected =
      start.distance(to: Grid.point(0, 3)) + Grid.point(0, 3).distance(to: target)
    #expect(abs(route.length - expected) < 1)
    #expect(route.points.contains { Grid.same($0, Grid.point(0, 3)) }, "\(route.points)")
    let drawn = zip(route.points, route.points.dropFirst()).reduce(0) {
      $0 + $1.0.distance(to: $1.1)
    }
    #expect(abs(drawn - route.length) < 1, "drawn \(drawn) m, walked \(route.length) m")
  }

  /// The search stops only when no walk still queued could be shorter: a target near the far
  /// end of a long street is found first through the street's near end, then better through
  /// its far end, reached a little later by another way.
  ///
  ///     A(0,0) ────────── long street ────────── target(0,9) ─ B(0,10)
  ///          ╲                                                 ╱
  ///           ╲──────────── S(-3,4), the start ───────────────╱
  @Test func aTargetNearTheFarEndOfALongEdgeIsReachedThroughThatEnd() throws {
    var builder = WalkingGraphBuilder()
    builder.addWay(
      ids: Array(100...110), points: (0...10).map { Grid.point(0, Double($0)) },
      direction: .both, name: "Pitkä")
    builder.addWay(
      ids: [1, 100], points: [Grid.point(-3, 4), Grid.point(0, 0)], direction: .both,
      name: "Länsi")
    builder.addWay(
      ids: [1, 110], points: [Grid.point(-3, 4), Grid.point(0, 10)], direction: .both,
      name: "Itä")
    let router = WalkRouter(builder.build())
    let start = Grid.point(-3, 4)
    let target = Grid.point(0, 9)
    let throughA = start.distance(to: Grid.point(0, 0)) + Grid.point(0, 0).distance(to: target)
    let throughB = start.distance(to: Grid.point(0, 10)) + Grid.point(0, 10).distance(to: target)
    #expect(throughB < throughA - 300)
    let walk = try #require(router.walks(from: start, to: [target], within: 10_000)[0])
    #expect(abs(walk - throughB) < 1, "walked \(walk) m; through B \(throughB) m")
    let route = try #require(router.route(from: start, to: target, within: 10_000))
    #expect(route.streetNames == ["Itä", "Pitkä"])
  }

  /// A loop (a closed way, one edge from a junction back to it) at the end of a stem: a target
  /// just past the junction, walked the loop's short way, is drawn that way, not round it.
  ///
  ///     A(0,0) ── stem ── J(0,2) ──── (2,2)
  ///                         │           │
  ///                      target(0,3)    │
  ///                         │           │
  ///                       (0,4) ────── (2,4)
  @Test func aLoopIsDrawnTheShortWayItIsWalked() throws {
    var builder = WalkingGraphBuilder()
    builder.addWay(
      ids: [1, 2], points: [Grid.point(0, 0), Grid.point(0, 2)], direction: .both, name: "Varsi")
    builder.addWay(
      ids: [2, 3, 4, 5, 2],
      points: [
        Grid.point(0, 2), Grid.point(2, 2), Grid.point(2, 4), Grid.point(0, 4), Grid.point(0, 2),
      ],
      direction: .both, name: "Lenkki")
    let router = WalkRouter(builder.build())
    let start = Grid.point(0, 0.5)
    let target = Grid.point(0, 3)
    let route = try #require(router.route(from: start, to: target, within: 10_000))
    let expected = start.distance(to: Grid.point(0, 2)) + Grid.point(0, 2).distance(to: target)
    #expect(abs(route.length - expected) < 1)
    let drawn = zip(route.points, route.points.dropFirst()).reduce(0) {
      $0 + $1.0.distance(to: $1.1)
    }
    #expect(abs(drawn - route.length) < 1, "drawn \(drawn) m, walked \(route.length) m")
  }
}
