import BearingSharing
import Benchmark
import Foundation
import Synchronization

// 10,000 mutations of a shared value in a tight loop, in memory and in a file (issue 21). The
// file's writes are counted by a second key of the same file, which hears every write as another
// process would (through inotify), and reported as the metric "writes".

let writes = BenchmarkMetric.custom("writes", polarity: .prefersSmaller, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 20)

  Benchmark("10,000 mutations of an .inMemory value") { benchmark in
    @Shared(.inMemory("count")) var count = 0
    benchmark.startMeasurement()
    for _ in 0..<10_000 { $count.withLock { $0 += 1 } }
    benchmark.stopMeasurement()
    blackHole(count)
  }

  Benchmark(
    "10,000 mutations of a .fileStorage value",
    configuration: .init(metrics: [.wallClock, .mallocCountTotal, writes])
  ) { benchmark in
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("bearing-sharing-benchmark-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("count.json")
    let heard = Mutex(0)
    let listener = FileStorageKey<Int>.fileStorage(url).subscribe(
      context: .userInitiated,
      subscriber: SharedSubscriber { _ in heard.withLock { $0 += 1 } })
    defer { listener.cancel() }
    @Shared(.fileStorage(url)) var count = 0
    benchmark.startMeasurement()
    for _ in 0..<10_000 { $count.withLock { $0 += 1 } }
    benchmark.stopMeasurement()
    // The debounce's trailing write, and its event.
    try await Task.sleep(for: .milliseconds(600))
    benchmark.measurement(writes, heard.withLock { $0 })
    blackHole(count)
  }
}
