import Dispatch

/// Runs `operation` on a serial dispatch queue of its own instead of Swift's cooperative pool.
///
/// The pool has one thread per core, two on CI. A test that computes for seconds without
/// suspending (a property test against a brute-force oracle, say) holds one of them the whole
/// time; two such tests starve every other test in the run, and their timeouts fire. Work run
/// here competes for the CPU but leaves the pool free.
///
/// ```swift
/// await offPool { await propertyCheck(count: 60, input: Gen.uint64()) { seed in … } }
/// ```
public func offPool<T: Sendable>(_ operation: @Sendable () async -> T) async -> T {
  await withTaskExecutorPreference(QueueExecutor()) { await operation() }
}

/// A task executor that runs every job on one serial dispatch queue.
final class QueueExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "bearing.tests.off-pool")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
