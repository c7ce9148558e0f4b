import BearingLocation
import BearingWalking
import CoffeeFinder
import ConcurrencyExtras
import Testing

/// The app's walks over stored areas' graphs (`WalkingClient.overStoredAreas`): which graphs a
/// walk uses, what is kept, and what "no streets" means.
@Suite struct WalkingClientTests {
  /// About 111 m a unit both ways, near Helsinki.
  static func point(_ north: Double, _ east: Double) -> Coordinate {
    Coordinate(latitude: 60.17 + north * 0.001, longitude: 24.94 + east * 0.002)
  }

  /// A graph of `ways`, each a list of (north, east) points; ways join where they share a
  /// point (its id is made from its position).
  static func graph(_ ways: [[(Double, Double)]]) -> WalkingGraph {
    var builder = WalkingGraphBuilder()
    for way in ways {
      let ids = way.map { Int64($0.0 * 1_000) * 1_000_000 + Int64($0.1 * 1_000) }
      builder.addWay(
        ids: ids, points: way.map { point($0.0, $0.1) }, direction: .both, name: nil)
    }
    return builder.build()
  }

  /// Area 1: a street at north 0 from east 0 to 4. Area 2: its continuation, east 4 to 8,
  /// meeting it at east 4 (its own node there).
  static let west = graph([[(0, 0), (0, 4)]])
  static let east = graph([[(0, 4), (0, 8)]])

  static func client(
    areas: [Int64] = [1, 2], graphs: [Int64: WalkingGraph] = [1: west, 2: east],
    capacity: Int = 3, reads: LockIsolated<Int>? = nil
  ) -> WalkingClient {
    WalkingClient.overStoredAreas(
      areas: { _ in areas },
      graph: { id in
        reads?.withValue { $0 += 1 }
        return graphs[id]
      },
      capacity: capacity)
  }

  @Test func aCafeOnlyTheSecondAreasStreetsReachIsWalkedTo() async throws {
    let start = Self.point(0, 3.9)
    let café = Self.point(0, 7)
    let walks = try #require(try await Self.client().walks(start, [café]))
    let walk = try #require(walks[0], "no walk to a café on the meeting street")
    let expected = start.distance(to: Self.point(0, 4)) + Self.point(0, 4).distance(to: café)
    #expect(abs(walk - expected) < 2, "walked \(walk) m, expected \(expected) m")
  }

  /// From the far end of area 1's street to a café by the far end of area 2's: neither area's
  /// streets alone come near both, the walk is along the two.
  @Test func aWalkFollowsOneAreasStreetsIntoTheOthers() async throws {
    let start = Self.point(0.01, 0.5)
    let café = Self.point(0.01, 7.5)
    let walks = try #require(try await Self.client().walks(start, [café]))
    let walk = try #require(walks[0], "no walk across the areas' meeting point")
    let expected = Self.point(0, 0.5).distance(to: Self.point(0, 7.5)) + 2 * 1.11
    #expect(abs(walk - expected) < 2, "walked \(walk) m, expected \(expected) m")
    let route = try #require(try await Self.client().route(start, café))
    #expect(abs(route.length - expected) < 2, "\(route.length) m")
  }

  @Test func whatIsFoundDoesNotDependOnTheGraphsReadBefore() async throws {
    let client = Self.client()
    // From the far west end only area 1's streets are near: it is read and kept.
    _ = try await client.walks(Self.point(0, 0), [Self.point(0, 1)])
    // At the meeting point both areas are near: area 2's café is still walked to.
    let walks = try #require(try await client.walks(Self.point(0, 3.9), [Self.point(0, 7)]))
    #expect(walks[0] != nil)
  }

  @Test func streetsStoredButNoneNearIsNoWalkNotNoStreets() async throws {
    let far = Self.point(10, 2)
    let walks = try await Self.client().walks(far, [Self.point(0, 1)])
    #expect(walks == [nil])
    let none = try await Self.client(areas: []).walks(far, [Self.point(0, 1)])
    #expect(none == nil)
  }

  @Test func graphsAreReadOnceWhileKept() async throws {
    let reads = LockIsolated(0)
    let client = Self.client(reads: reads)
    for _ in 0..<5 {
      _ = try await client.walks(Self.point(0, 3.9), [Self.point(0, 7)])
    }
    #expect(reads.value == 2)
    // A damaged graph (none) is remembered too.
    let damaged = LockIsolated(0)
    let broken = Self.client(graphs: [1: Self.west], reads: damaged)
    for _ in 0..<3 { _ = try await broken.walks(Self.point(0, 3.9), [Self.point(0, 1)]) }
    #expect(damaged.value == 2)
  }

  @Test func theLeastRecentlyUsedIsDroppedPastTheCapacity() {
    let kept = KeptRouters(capacity: 3)
    let router = WalkRouter(Self.west)
    for area: Int64 in 1...4 { kept.keep(router, of: [area]) }
    #expect(kept.areas == [[4], [3], [2]])
    #expect(kept.router(of: [2]) != nil)
    #expect(kept.areas == [[2], [4], [3]])
    #expect(kept.router(of: [1]) == nil)
    // A set of areas is kept as one.
    kept.keep(router, of: [1, 2])
    #expect(kept.areas == [[1, 2], [2], [4]])
  }

  /// Two streets 300 m apart joined only 1.3 km away: the walk between two points facing each
  /// other is about 3 km, ten times the line; `route` finds it, as the list does.
  @Test func aLongDetourIsFoundByRouteAndByTheList() async throws {
    let graph = Self.graph(
      [[(0, 0), (0, 13)], [(2.7, 0), (2.7, 13)], [(0, 0), (2.7, 0)]])
    let client = Self.client(areas: [1], graphs: [1: graph])
    let start = Self.point(0, 12)
    let target = Self.point(2.7, 12)
    let route = try #require(try await client.route(start, target))
    #expect(route.length > 2_800 && route.length < 3_100, "\(route.length) m")
    let walks = try #require(try await client.walks(start, [target]))
    #expect(walks[0].map { abs($0 - route.length) < 1 } == true)
  }
}
