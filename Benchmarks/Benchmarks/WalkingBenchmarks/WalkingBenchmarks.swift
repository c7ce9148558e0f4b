import BearingLocation
import BearingPlaceStore
import BearingPlaces
import BearingWalking
import Benchmark
import Foundation

// Walks over walking graphs: one search from a start to 50 targets on the Helsinki fixture's
// graph and on a synthetic city of about 1,000,000 edges, and the import of the 41 MB .osm.pbf
// (100 copies of the fixture, `scripts/make-places.py pbf`) with and without the graph.
//
// Run with `cd Benchmarks && flock /tmp/bearing-build.lock swift package --disable-sandbox
// benchmark --target WalkingBenchmarks`.

let root = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The walking graph an import of `url` builds.
func importedGraph(_ url: URL) -> WalkingGraph {
  guard let stream = try? PlaceImportStream(fileAt: url) else {
    fatalError("the benchmark needs \(url.path)")
  }
  while (try? stream.next()) ?? nil != nil {}
  guard let graph = stream.summary?.walkingGraph else { fatalError("no graph in \(url.path)") }
  return graph
}

let helsinki = WalkRouter(
  importedGraph(root.appendingPathComponent("Tests/BearingPlacesTests/Fixtures/Helsinki.osm.pbf")))

/// A start and 50 targets, each a random point of the graph's box near a way: many such sets,
/// drawn once with a fixed seed.
func queries(_ router: WalkRouter, count: Int, radius: Double, seed: UInt64)
  -> [(Coordinate, [Coordinate])]
{
  var generator = SplitMix(seed: seed)
  let graph = router.graph
  func nodePoint() -> Coordinate {
    graph.coordinate(ofNode: Int(generator.next() % UInt64(graph.nodeCount)))
  }
  return (0..<count).map { _ in
    let start = nodePoint()
    var targets: [Coordinate] = []
    while targets.count < 50 {
      let candidate = nodePoint()
      if start.distance(to: candidate) <= radius { targets.append(candidate) }
    }
    return (start, targets)
  }
}

/// A deterministic generator (SplitMix64).
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A city of blocks: a grid of 790 × 790 junctions 80 m apart, one in five streets missing
/// (parks, railways), so walks go round: about 624,000 junctions and 1,000,000 streets (edges),
/// each walked both ways (2,000,000 arcs), every street with one shape point.
func syntheticCity() -> WalkingGraph {
  let side = 790
  let step = 80.0 / 111_195
  var builder = WalkingGraphBuilder()
  var generator = SplitMix(seed: 7)
  func id(_ row: Int, _ column: Int) -> Int64 { Int64(row * side + column + 1) }
  func point(_ row: Double, _ column: Double) -> Coordinate {
    Coordinate(
      latitude: 60 + row * step, longitude: 24 + column * step / cos(60.0 * .pi / 180))
  }
  for row in 0..<side {
    for column in 0..<side {
      for (dr, dc) in [(0, 1), (1, 0)] where row + dr < side && column + dc < side {
        guard generator.next() % 5 != 0 else { continue }
        let middle = point(Double(row) + Double(dr) / 2, Double(column) + Double(dc) / 2)
        builder.addWay(
          ids: [id(row, column), -id(row, column) * 2 - Int64(dr), id(row + dr, column + dc)],
          points: [
            point(Double(row), Double(column)), middle,
            point(Double(row + dr), Double(column + dc)),
          ],
          direction: .both, name: nil)
      }
    }
  }
  return builder.build()
}

let city = WalkRouter(syntheticCity())

/// 20,000 tracks, each one straight segment of about 1 km to the north-east (a box of about
/// 7 × 13 grid cells, more than the snapping grid indexes a segment's box by), scattered over
/// 0.5° × 1° at 60° N; or (`cut`) the same tracks with a point every 100 m, whose segments the
/// grid indexes: the tracks an audit found made `nearby` 3.6 × slower.
func diagonalTracks(cut: Bool) -> WalkingGraph {
  var builder = WalkingGraphBuilder()
  var generator = SplitMix(seed: 36)
  func uniform() -> Double { Double(generator.next() >> 11) / Double(1 << 53) }
  let steps = cut ? 10 : 1
  for _ in 0..<20_000 {
    let (latitude, longitude) = (60 + uniform() * 0.5, 24 + uniform())
    builder.addWay(
      points: (0...steps).map { step in
        let t = Double(step) / Double(steps)
        return Coordinate(latitude: latitude + 0.0064 * t, longitude: longitude + 0.0128 * t)
      }, direction: .both, name: nil)
  }
  return builder.build()
}

let longTracks = WalkRouter(diagonalTracks(cut: false))
let cutTracks = WalkRouter(diagonalTracks(cut: true))

let x100 = URL(
  fileURLWithPath: ProcessInfo.processInfo.environment["BEARING_BENCH_PBF"]
    ?? "/tmp/bearing-bench-places/helsinki-x100.osm.pbf")

/// The 41 MB file, made by `scripts/make-places.py pbf` when it is not there yet.
func ensureX100() throws {
  guard !FileManager.default.fileExists(atPath: x100.path) else { return }
  try FileManager.default.createDirectory(
    at: x100.deletingLastPathComponent(), withIntermediateDirectories: true)
  let make = Process()
  make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  make.arguments = [
    "python3", root.appendingPathComponent("scripts/make-places.py").path, "pbf", x100.path,
  ]
  try make.run()
  make.waitUntilExit()
}

/// `coffee-finder import` of the file into a fresh store, streamed, as the command does it.
func importX100() async throws {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("bearing-bench-walking-\(UUID().uuidString).sqlite").path
  defer {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }
  let store = try PlaceStore(path: path)
  let stream = try PlaceImportStream(fileAt: x100)
  let feed = PlaceStore.PlaceFeed(
    next: { try stream.next() }, expectedCount: { stream.expectedCount },
    end: { (nil, stream.summary?.streets ?? []) },
    walkingGraph: { stream.summary?.walkingGraph })
  blackHole(
    try await store.add(
      .init(
        name: "x100", source: "benchmark", origin: .file(x100.path),
        boundary: .box(south: 0, west: 0, north: 0, east: 0)),
      feed: feed))
}

let benchmarks: @Sendable () -> Void = {
  let perSearch = Benchmark.Configuration(
    metrics: [.wallClock, .throughput], maxDuration: .seconds(5))
  let slow = Benchmark.Configuration(
    metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 5)

  let helsinkiQueries = queries(helsinki, count: 256, radius: 1_000, seed: 1)
  let cityQueries = queries(city, count: 64, radius: 2_000, seed: 2)
  print(
    "walking graphs: Helsinki \(helsinki.graph.nodeCount) nodes, \(helsinki.graph.edgeCount) "
      + "edges, \(helsinki.graph.memoryBytes) bytes; city \(city.graph.nodeCount) nodes, "
      + "\(city.graph.edgeCount) edges, \(city.graph.arcCount) arcs, "
      + "\(city.graph.memoryBytes) bytes; routers' indexes: Helsinki \(helsinki.indexBytes), city "
      + "\(city.indexBytes), 20,000 tracks \(longTracks.indexBytes) (cut: \(cutTracks.indexBytes)) "
      + "bytes")

  Benchmark("floor: snap 51 points (Helsinki)", configuration: perSearch) { benchmark in
    var index = 0
    for _ in benchmark.scaledIterations {
      let (start, targets) = helsinkiQueries[index % helsinkiQueries.count]
      blackHole(helsinki.snap(start))
      for target in targets { blackHole(helsinki.snap(target)) }
      index += 1
    }
  }
  // 51 points (a start and 50 cafés) in the tracks' box, snapped.
  var trackGenerator = SplitMix(seed: 3)
  let trackPoints = (0..<51 * 16).map { _ in
    Coordinate(
      latitude: 60 + Double(trackGenerator.next() >> 11) / Double(1 << 53) * 0.5,
      longitude: 24 + Double(trackGenerator.next() >> 11) / Double(1 << 53))
  }
  Benchmark("snap 51 points among 20,000 1 km tracks of one segment", configuration: perSearch) {
    benchmark in
    var index = 0
    for _ in benchmark.scaledIterations {
      for point in trackPoints[(index % 16 * 51)..<(index % 16 * 51 + 51)] {
        blackHole(longTracks.snap(point))
      }
      index += 1
    }
  }
  Benchmark("floor: snap 51 points among the same tracks cut every 100 m", configuration: perSearch)
  { benchmark in
    var index = 0
    for _ in benchmark.scaledIterations {
      for point in trackPoints[(index % 16 * 51)..<(index % 16 * 51 + 51)] {
        blackHole(cutTracks.snap(point))
      }
      index += 1
    }
  }
  Benchmark("walk to 50 (Helsinki fixture)", configuration: perSearch) { benchmark in
    var index = 0
    for _ in benchmark.scaledIterations {
      let (start, targets) = helsinkiQueries[index % helsinkiQueries.count]
      blackHole(helsinki.walks(from: start, to: targets, within: 5_000))
      index += 1
    }
  }
  Benchmark("walk to 50 (city of 1M edges)", configuration: perSearch) { benchmark in
    var index = 0
    for _ in benchmark.scaledIterations {
      let (start, targets) = cityQueries[index % cityQueries.count]
      blackHole(city.walks(from: start, to: targets, within: 8_000))
      index += 1
    }
  }
  // What the app pays on the first fix in an area: the stored graph read back and its router
  // (the snapping grid) built; the floor copies the stored bytes.
  let helsinkiBytes = helsinki.graph.serialized()
  let cityBytes = city.graph.serialized()
  Benchmark("floor: copy the stored graph's bytes (city of 1M edges)", configuration: perSearch) {
    benchmark in
    for _ in benchmark.scaledIterations { blackHole(Data(cityBytes)) }
  }
  Benchmark("load a stored graph and its router (Helsinki fixture)", configuration: perSearch) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(WalkRouter(try WalkingGraph(serialized: helsinkiBytes)))
    }
  }
  Benchmark("load a stored graph and its router (city of 1M edges)", configuration: slow) {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(WalkRouter(try WalkingGraph(serialized: cityBytes)))
    }
  }
  Benchmark("import 41 MB .osm.pbf with the walking graph", configuration: slow) { benchmark in
    try ensureX100()
    unsetenv("BEARING_WALKING_GRAPH")
    for _ in benchmark.scaledIterations { try await importX100() }
  }
  Benchmark("import 41 MB .osm.pbf without the walking graph", configuration: slow) {
    benchmark in
    try ensureX100()
    setenv("BEARING_WALKING_GRAPH", "off", 1)
    defer { unsetenv("BEARING_WALKING_GRAPH") }
    for _ in benchmark.scaledIterations { try await importX100() }
  }
}
