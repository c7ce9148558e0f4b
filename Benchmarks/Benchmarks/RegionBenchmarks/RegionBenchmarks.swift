import BearingLocation
import Benchmark
import Foundation

// Data as issue 4 specifies: region centers uniform in greater London (latitude 51.28…51.70,
// longitude −0.51…0.33), radius uniform 50–500 m; fixes uniform in the same box. Globals are
// built lazily, by the setup of the first benchmark that needs them.

func londonCoordinate(_ rng: inout SeededGenerator) -> Coordinate {
  Coordinate(
    latitude: .random(in: 51.28...51.70, using: &rng),
    longitude: .random(in: -0.51...0.33, using: &rng))
}

func londonRegions(_ count: Int) -> [Region] {
  var rng = SeededGenerator(seed: 4)
  var regions: [Region] = []
  regions.reserveCapacity(count)
  for number in 0..<count {
    regions.append(
      Region(
        identifier: "r\(number)", center: londonCoordinate(&rng),
        radius: .random(in: 50...500, using: &rng)))
  }
  return regions
}

let londonFixes: [Location] = {
  var rng = SeededGenerator(seed: 7)
  return (0..<4_096).map { _ in
    Location(coordinate: londonCoordinate(&rng), horizontalAccuracy: 5)
  }
}()

let regions1k = londonRegions(1_000)
let regions10k = londonRegions(10_000)
let regions1M = londonRegions(1_000_000)

/// A monitor of `regions` that has seen one fix (the first fix decides every region's state,
/// a one-off pass over all of them that the per-fix figures leave out).
func warmMonitor(_ regions: [Region]) -> RegionMonitor {
  var monitor = RegionMonitor()
  monitor.startMonitoring(contentsOf: regions)
  _ = monitor.update(with: londonFixes[0])
  return monitor
}

let monitor1k = warmMonitor(regions1k)
let monitor10k = warmMonitor(regions10k)
let monitor1M = warmMonitor(regions1M)

/// The floor: every region checked with the great-circle distance.
@inline(never)
func bruteForceInsideCount(_ regions: [Region], _ fix: Location) -> Int {
  var count = 0
  for region in regions where region.contains(fix.coordinate) { count += 1 }
  return count
}

let benchmarks: @Sendable () -> Void = {
  let perFix: [(String, @Sendable () -> RegionMonitor)] = [
    ("1k", { monitor1k }), ("10k", { monitor10k }), ("1M", { monitor1M }),
  ]
  for (size, monitor) in perFix {
    Benchmark(
      "Fix, indexed, \(size) regions",
      configuration: .init(
        metrics: [.wallClock], scalingFactor: .kilo, maxDuration: .seconds(3),
        setup: { _ = monitor() })
    ) { benchmark in
      var copy = monitor()
      // Make the copy's storage unique before measuring, so no copy is timed.
      _ = copy.update(with: londonFixes[1])
      benchmark.startMeasurement()
      for iteration in benchmark.scaledIterations {
        blackHole(copy.update(with: londonFixes[iteration & 4_095]))
      }
      benchmark.stopMeasurement()
    }
  }

  // `update(with:)` returns events that read their regions when accessed: the figures above are
  // the monitor's work, this one adds reading (copying) every event's region, as a caller that
  // handles every event does.
  Benchmark(
    "Fix, indexed, 1M regions, every event read",
    configuration: .init(
      metrics: [.wallClock], scalingFactor: .kilo, maxDuration: .seconds(3),
      setup: { _ = monitor1M })
  ) { benchmark in
    var copy = monitor1M
    _ = copy.update(with: londonFixes[1])
    benchmark.startMeasurement()
    for iteration in benchmark.scaledIterations {
      for event in copy.update(with: londonFixes[iteration & 4_095]) { blackHole(event) }
    }
    benchmark.stopMeasurement()
  }

  let bruteForce: [(String, @Sendable () -> [Region], BenchmarkScalingFactor, Int)] = [
    ("1k", { regions1k }, .kilo, 100), ("10k", { regions10k }, .one, 2_000),
    ("1M", { regions1M }, .one, 8),
  ]
  for (size, regions, scaling, iterations) in bruteForce {
    Benchmark(
      "Fix, brute force, \(size) regions",
      configuration: .init(
        metrics: [.wallClock], scalingFactor: scaling, maxDuration: .seconds(3),
        maxIterations: iterations, setup: { _ = regions() })
    ) { benchmark in
      let regions = regions()
      benchmark.startMeasurement()
      for iteration in benchmark.scaledIterations {
        blackHole(bruteForceInsideCount(regions, londonFixes[iteration & 4_095]))
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark(
    "Build index, 1M regions",
    configuration: .init(
      metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 3,
      setup: { _ = regions1M })
  ) { benchmark in
    benchmark.startMeasurement()
    var monitor = RegionMonitor()
    monitor.startMonitoring(contentsOf: regions1M)
    benchmark.stopMeasurement()
    blackHole(monitor)
  }

  Benchmark(
    "Build floor: copy 1M regions into an array",
    configuration: .init(
      metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 3,
      setup: { _ = regions1M })
  ) { benchmark in
    benchmark.startMeasurement()
    var copy: [Region] = []
    copy.reserveCapacity(regions1M.count)
    for region in regions1M { copy.append(region) }
    benchmark.stopMeasurement()
    blackHole(copy)
  }

  let extra = Region(
    identifier: "extra",
    center: Coordinate(latitude: 51.5, longitude: -0.1), radius: 250)

  Benchmark(
    "Add and remove one region, 1M regions",
    configuration: .init(
      metrics: [.wallClock], scalingFactor: .kilo, maxDuration: .seconds(3),
      setup: { _ = monitor1M })
  ) { benchmark in
    var monitor = monitor1M
    // Copy shared storage (the touched cell included) before measuring.
    _ = monitor.startMonitoring(extra)
    monitor.stopMonitoring(extra)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(monitor.startMonitoring(extra))
      monitor.stopMonitoring(extra)
    }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "Add and remove floor: Dictionary<String, Region>, 1M regions",
    configuration: .init(
      metrics: [.wallClock], scalingFactor: .kilo, maxDuration: .seconds(3),
      setup: { _ = regions1M })
  ) { benchmark in
    var table = Dictionary(uniqueKeysWithValues: regions1M.map { ($0.identifier, $0) })
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      table[extra.identifier] = extra
      table[extra.identifier] = nil
    }
    benchmark.stopMeasurement()
    blackHole(table)
  }

  // Net bytes the monitor keeps: the malloc interposer's count of requested bytes not freed
  // within the measured region (the monitor outlives it). Per region beyond the Region values:
  // (memoryLeakedBytes − 1,000,000 × MemoryLayout<Region>.stride) / 1,000,000.
  Benchmark(
    "Memory of a monitor of 1M regions",
    configuration: .init(
      metrics: [.memoryLeakedBytes, .mallocCountTotal], maxIterations: 1,
      setup: { _ = regions1M })
  ) { benchmark in
    var monitor = RegionMonitor()
    benchmark.startMeasurement()
    monitor.startMonitoring(contentsOf: regions1M)
    _ = monitor.update(with: londonFixes[0])
    benchmark.stopMeasurement()
    blackHole(monitor)
  }
}
