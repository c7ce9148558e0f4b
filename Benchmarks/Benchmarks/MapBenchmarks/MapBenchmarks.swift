import BearingLocation
import BearingMap
import Benchmark
import Foundation

// Issue 23: a frame with 20,000 street segments in view renders in ≤ 5 ms. The streets are
// 5,000 polylines of 4 segments (20–60 m each, a random walk), major or minor, starting uniformly
// within 1 km of central Helsinki; the viewport shows 2 km across its shorter side.

let center = Coordinate(latitude: 60.1699, longitude: 24.9384)

let streets20k: [StreetLine] = {
  var rng = SeededGenerator(seed: 23)
  return (0..<5_000).map { _ in
    var point = center.destination(
      bearing: .random(in: 0..<360, using: &rng),
      distance: 1_000 * Double.random(in: 0...1, using: &rng).squareRoot())
    var points = [point]
    for _ in 0..<4 {
      point = point.destination(
        bearing: .random(in: 0..<360, using: &rng), distance: .random(in: 20...60, using: &rng))
      points.append(point)
    }
    return StreetLine(kind: Bool.random(using: &rng) ? .major : .minor, points: points)
  }
}()

let marks: MapMarks = {
  let places = (1...10).map {
    MapMarks.PlaceMark(
      number: $0, coordinate: center.destination(bearing: Double($0) * 36, distance: 300),
      name: "Café \($0)", isSelected: $0 == 1)
  }
  return MapMarks(
    you: .init(coordinate: center, heading: 45),
    track: (0..<60).map { center.destination(bearing: 225, distance: Double($0) * 5) },
    places: places,
    regions: [.init(center: places[2].coordinate, radius: 100)])
}()

let benchmarks: @Sendable () -> Void = {
  for (columns, rows) in [(120, 40), (300, 100)] {
    let viewport = MapViewport(center: center, radius: 1_000, columns: columns, rows: rows)
    Benchmark(
      "Frame \(columns)x\(rows), 20,000 segments",
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3),
        setup: { _ = streets20k })
    ) { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(MapRenderer.render(viewport, streets: streets20k, marks: marks))
      }
    }
    // The floor: the same frame without streets (cells, overlay, marks).
    Benchmark(
      "Frame \(columns)x\(rows), no streets (floor)",
      configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))
    ) { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(MapRenderer.render(viewport, streets: [], marks: marks))
      }
    }
  }
}
