import BearingLocation
import BearingPlaceStore
import BearingPlaces
import Benchmark
import Foundation

// Nearest-10 search over places uniform in the box latitude 51.28…51.70, longitude −0.51…0.33
// (Greater London), against a brute-force scan of the same points for the same queries.
// Search benchmarks run 1,000 queries per iteration (scalingFactor .kilo), so their times are
// per query.

func londonPoints(_ count: Int, seed: UInt64) -> [Coordinate] {
  var random = SeededGenerator(seed: seed)
  return (0..<count).map { _ in
    Coordinate(
      latitude: .random(in: 51.28...51.70, using: &random),
      longitude: .random(in: -0.51...0.33, using: &random))
  }
}

/// Every point as a unit vector, scanned in full with a sorted top-k: the fair brute force
/// (same chord metric as the index, no trigonometry in the loop).
struct BruteForce: Sendable {
  let xs: [Double]
  let ys: [Double]
  let zs: [Double]

  init(_ points: [Coordinate]) {
    let vectors = points.map(Self.unit)
    xs = vectors.map(\.0)
    ys = vectors.map(\.1)
    zs = vectors.map(\.2)
  }

  static func unit(_ c: Coordinate) -> (Double, Double, Double) {
    let φ = c.latitude * .pi / 180
    let λ = c.longitude * .pi / 180
    return (cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
  }

  func nearest(to center: Coordinate, count k: Int) -> [Int] {
    let (qx, qy, qz) = Self.unit(center)
    var best = [(Double, Int)](repeating: (.infinity, -1), count: k)
    for i in xs.indices {
      let dx = xs[i] - qx
      let dy = ys[i] - qy
      let dz = zs[i] - qz
      let d = dx * dx + dy * dy + dz * dz
      guard d < best[k - 1].0 else { continue }
      var j = k - 1
      while j > 0, best[j - 1].0 > d {
        best[j] = best[j - 1]
        j -= 1
      }
      best[j] = (d, i)
    }
    return best.map(\.1)
  }
}

let queries = londonPoints(1_024, seed: 99)
let points100k = londonPoints(100_000, seed: 1)
let points1M = londonPoints(1_000_000, seed: 2)
let index100k = NearbyIndex(points100k)
let index1M = NearbyIndex(points1M)
let brute100k = BruteForce(points100k)
let brute1M = BruteForce(points1M)

let helsinkiPBF: Data = {
  let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  let url = root.appendingPathComponent("Tests/BearingPlacesTests/Fixtures/Helsinki.osm.pbf")
  guard let data = try? Data(contentsOf: url) else {
    fatalError("the benchmark needs \(url.path), the test fixture")
  }
  return data
}()

/// The 1M points as stored places in a `PlaceStore` file (on disk, cell index), made once per run
/// by the stored benchmark's setup: the app's own query path against the in-memory index.
nonisolated(unsafe) var store1M: PlaceStore?
let storePath = FileManager.default.temporaryDirectory
  .appendingPathComponent(
    "bearing-bench-places-\(ProcessInfo.processInfo.processIdentifier).sqlite"
  ).path

func makeStore1M() async throws {
  guard store1M == nil else { return }
  let store = try PlaceStore(path: storePath)
  let places = points1M.enumerated().map { i, point in
    Place(
      id: "osm:node/\(i + 1)", name: "Café \(i)", coordinate: point, categories: ["Café"],
      source: .openStreetMap)
  }
  try await store.add(
    .init(
      name: "London", source: "benchmark", origin: .file("points1M"),
      boundary: .box(south: 51.28, west: -0.51, north: 51.70, east: 0.33)),
    places: places)
  store1M = store
}

let storedQueries = queries.map { try! PlaceQuery(center: $0, radius: 1_000, limit: 10) }

let benchmarks: @Sendable () -> Void = {
  let perQuery = Benchmark.Configuration(
    metrics: [.wallClock, .throughput], scalingFactor: .kilo, maxDuration: .seconds(5))
  let slow = Benchmark.Configuration(
    metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 20)

  Benchmark("floor: query vector only", configuration: perQuery) { benchmark in
    for i in benchmark.scaledIterations { blackHole(BruteForce.unit(queries[i & 1023])) }
  }
  Benchmark("nearest 10 of 100k (index)", configuration: perQuery) { benchmark in
    for i in benchmark.scaledIterations {
      blackHole(index100k.nearest(to: queries[i & 1023], count: 10))
    }
  }
  Benchmark("nearest 10 of 1M (index)", configuration: perQuery) { benchmark in
    for i in benchmark.scaledIterations {
      blackHole(index1M.nearest(to: queries[i & 1023], count: 10))
    }
  }
  Benchmark(
    "nearest 10 of 1M (stored, PlaceStore.search)", configuration: perQuery,
    closure: { benchmark in
      let store = store1M!
      for i in benchmark.scaledIterations {
        blackHole(try await store.search(storedQueries[i & 1023]))
      }
    },
    setup: { try await makeStore1M() },
    teardown: {
      store1M = nil
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: storePath + suffix)
      }
    })
  Benchmark("nearest 10 of 100k (brute force)", configuration: slow) { benchmark in
    for i in benchmark.scaledIterations {
      blackHole(brute100k.nearest(to: queries[i & 1023], count: 10))
    }
  }
  Benchmark("nearest 10 of 1M (brute force)", configuration: slow) { benchmark in
    for i in benchmark.scaledIterations {
      blackHole(brute1M.nearest(to: queries[i & 1023], count: 10))
    }
  }
  Benchmark("build index of 1M", configuration: slow) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(NearbyIndex(points1M)) }
  }
  Benchmark("import Helsinki.osm.pbf", configuration: slow) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try? OSMImporter.importData(helsinkiPBF, format: .pbf, area: "Helsinki"))
    }
  }
}
