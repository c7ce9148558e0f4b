import BearingLocation
import BearingPlaces
import Testing

@Suite("NearbyIndex")
struct NearbyIndexTests {
  /// Sorted haversine distances of the `k` nearest within `radius`: the oracle.
  func bruteForce(
    _ points: [Coordinate], from center: Coordinate, k: Int, radius: Double,
    where isIncluded: (Int) -> Bool = { _ in true }
  ) -> [(Int, Double)] {
    points.indices.filter(isIncluded).map { ($0, center.distance(to: points[$0])) }
      .filter { $0.1 <= radius }.sorted { $0.1 < $1.1 }.prefix(k).map { $0 }
  }

  func expectSame(
    _ found: [NearbyIndex.Neighbor], _ expected: [(Int, Double)],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(found.count == expected.count, sourceLocation: sourceLocation)
    for (neighbor, (_, distance)) in zip(found, expected) {
      // Ties may come in either order, so compare distances, within a millimetre.
      #expect(abs(neighbor.distance - distance) < 1e-3, sourceLocation: sourceLocation)
    }
    #expect(
      zip(found, found.dropFirst()).allSatisfy { $0.distance <= $1.distance },
      sourceLocation: sourceLocation)
  }

  @Test(
    "matches brute force",
    arguments: [
      // (south, north, west, east) of the random points; queries fall in the same box.
      (51.28, 51.70, -0.51, 0.33),  // London
      (-18.5, -15.5, 177.0, 183.0),  // Fiji, across the antimeridian (lon > 180 wraps)
      (88.0, 90.0, -180.0, 180.0),  // around the North Pole
      (-90.0, 90.0, -180.0, 180.0),  // the whole Earth
    ])
  func matchesBruteForce(south: Double, north: Double, west: Double, east: Double) {
    var random = SeededGenerator(seed: 42)
    func point() -> Coordinate {
      var longitude = Double.random(in: west...east, using: &random)
      if longitude > 180 { longitude -= 360 }
      return Coordinate(
        latitude: Double.random(in: south...north, using: &random), longitude: longitude)
    }
    let points = (0..<3_000).map { _ in point() }
    let index = NearbyIndex(points)
    #expect(index.count == 3_000)
    for _ in 0..<40 {
      let center = point()
      let k = Int.random(in: 1...25, using: &random)
      let radius = [Double.infinity, 500, 5_000, 50_000].randomElement(using: &random)!
      let found = index.nearest(to: center, count: k, within: radius)
      expectSame(found, bruteForce(points, from: center, k: k, radius: radius))
      for neighbor in found {
        #expect(abs(neighbor.distance - center.distance(to: points[neighbor.index])) < 1e-3)
      }
    }
  }

  @Test("finds neighbours across the antimeridian and over the pole")
  func seams() {
    let points = [
      Coordinate(latitude: 0, longitude: 179.9999),
      Coordinate(latitude: 0, longitude: 170),
      Coordinate(latitude: 89.9999, longitude: 0),
      Coordinate(latitude: 89.9999, longitude: 180),
      Coordinate(latitude: 80, longitude: 0),
    ]
    let index = NearbyIndex(points)
    let west = index.nearest(to: Coordinate(latitude: 0, longitude: -179.9999), count: 1)
    #expect(west.map(\.index) == [0])
    #expect(abs(west[0].distance - 22.24) < 0.01)  // 0.0002° of the equator
    let pole = index.nearest(to: Coordinate(latitude: 90, longitude: 0), count: 2, within: 100)
    #expect(Set(pole.map(\.index)) == [2, 3])
  }

  @Test("honours the filter and still finds k that pass")
  func filter() {
    var random = SeededGenerator(seed: 7)
    let points = (0..<2_000).map { _ in
      Coordinate(
        latitude: .random(in: 60.1...60.2, using: &random),
        longitude: .random(in: 24.8...25.0, using: &random))
    }
    let index = NearbyIndex(points)
    let center = Coordinate(latitude: 60.15, longitude: 24.9)
    let even: (Int) -> Bool = { $0 % 7 == 0 }
    let found = index.nearest(to: center, count: 12, within: 3_000, where: even)
    #expect(found.allSatisfy { even($0.index) })
    expectSame(found, bruteForce(points, from: center, k: 12, radius: 3_000, where: even))
  }

  @Test("empty index, zero count and tiny radius give nothing; big k gives everything")
  func edges() {
    #expect(NearbyIndex([]).nearest(to: .init(latitude: 0, longitude: 0), count: 5).isEmpty)
    let points = (0..<20).map { Coordinate(latitude: Double($0), longitude: 0) }
    let index = NearbyIndex(points)
    let center = Coordinate(latitude: 0.5, longitude: 0)
    #expect(index.nearest(to: center, count: 0).isEmpty)
    #expect(index.nearest(to: center, count: 3, within: 1).isEmpty)
    let all = index.nearest(to: center, count: 100)
    #expect(all.count == 20)
    #expect(all.prefix(2).map(\.index).sorted() == [0, 1])
    // A point exactly on the radius is inside.
    let exact = index.nearest(
      to: Coordinate(latitude: 0, longitude: 0), count: 5,
      within: Coordinate(latitude: 0, longitude: 0).distance(to: points[2]))
    #expect(exact.map(\.index) == [0, 1, 2])
  }

  @Test("duplicate points are all found")
  func duplicates() {
    let spot = Coordinate(latitude: 60.17, longitude: 24.94)
    let index = NearbyIndex(Array(repeating: spot, count: 50))
    let found = index.nearest(to: spot, count: 30)
    #expect(found.count == 30)
    #expect(Set(found.map(\.index)).count == 30)
    #expect(found.allSatisfy { $0.distance == 0 })
  }
}
