import BearingLocation
import BearingMap
import BearingPlaceStore
import Benchmark
import Foundation

// Issue 23: a frame with 20,000 street segments in view renders in ≤ 5 ms. The streets are
// 5,000 polylines of 4 segments (20–60 m each, a random walk), major or minor, starting uniformly
// within 1 km of central Helsinki; the viewport shows 2 km across its shorter side.
//
// And the street query for a 2 km viewport (reach 1,414 m, its half-diagonal) out of a million
// stored segments in ≤ 2 ms: 250,000 polylines of 4 segments as above, starting uniformly in
// greater London (latitude 51.28…51.70, longitude −0.51…0.33, 2,700 km², so about 370
// segments a km²), in a `PlaceStore` on disk; 1,024 query centres uniform in the same box.

let center = Coordinate(latitude: 60.1699, longitude: 24.9384)

let streets20k: [StreetLine] = {
  var rng = SeededGenerator(seed: 23)
  return (0..<5_000).map { _ in
    let start = center.destination(
      bearing: .random(in: 0..<360, using: &rng),
      distance: 1_000 * Double.random(in: 0...1, using: &rng).squareRoot())
    return walk(from: start, &rng)
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

func walk(from start: Coordinate, _ rng: inout SeededGenerator) -> StreetLine {
  var point = start
  var points = [point]
  for _ in 0..<4 {
    point = point.destination(
      bearing: .random(in: 0..<360, using: &rng), distance: .random(in: 20...60, using: &rng))
    points.append(point)
  }
  return StreetLine(kind: Bool.random(using: &rng) ? .major : .minor, points: points)
}

func londonCoordinate(_ rng: inout SeededGenerator) -> Coordinate {
  Coordinate(
    latitude: .random(in: 51.28...51.70, using: &rng),
    longitude: .random(in: -0.51...0.33, using: &rng))
}

let queryCentres: [Coordinate] = {
  var rng = SeededGenerator(seed: 231)
  return (0..<1_024).map { _ in londonCoordinate(&rng) }
}()

/// The store of a million segments, made by the query benchmark's setup and removed by its
/// teardown. Only the benchmark's own setup, body and teardown touch it, one after another.
nonisolated(unsafe) var streetStore: PlaceStore?
let streetStorePath = FileManager.default.temporaryDirectory
  .appendingPathComponent(
    "bearing-bench-streets-\(ProcessInfo.processInfo.processIdentifier).sqlite"
  ).path

func makeStreetStore() async throws {
  guard streetStore == nil else { return }
  var rng = SeededGenerator(seed: 232)
  let streets = (0..<250_000).map { _ in walk(from: londonCoordinate(&rng), &rng) }
  let store = try PlaceStore(path: streetStorePath)
  try await store.add(
    .init(
      name: "London", source: "benchmark", origin: .file("streets1M"),
      boundary: .box(south: 51.28, west: -0.51, north: 51.70, east: 0.33)),
    places: [], streets: streets)
  streetStore = store
}

let benchmarks: @Sendable () -> Void = {
  let teardown: @Sendable () async throws -> Void = {
    streetStore = nil
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: streetStorePath + suffix)
    }
  }
  Benchmark(
    "Street query, 2 km viewport, 1M segments stored",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5),
      setup: { try await makeStreetStore() }, teardown: teardown)
  ) { benchmark in
    let store = streetStore!
    for iteration in benchmark.scaledIterations {
      blackHole(try await store.streets(around: queryCentres[iteration & 1_023], reach: 1_414))
    }
  }
  // The floor: the same query where nothing is stored (the read transaction and the range
  // queries, no rows).
  Benchmark(
    "Street query, 2 km viewport, nothing there (floor)",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5),
      setup: { try await makeStreetStore() }, teardown: teardown)
  ) { benchmark in
    let store = streetStore!
    let empty = Coordinate(latitude: -33.86, longitude: 151.21)
    for _ in benchmark.scaledIterations {
      blackHole(try await store.streets(around: empty, reach: 1_414))
    }
  }

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
