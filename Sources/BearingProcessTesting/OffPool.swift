import Dispatch
import Testing

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

/// Runs each test of a suite (or one test) on a serial dispatch queue of its own, as
/// ``offPool(_:)`` does: for tests that compute for a while without suspending (parsing a city's
/// extract in a debug build, a property test), so that they never hold the threads every other
/// test shares. The thread it gets competes for the CPU and is preempted by the kernel; a
/// thread of the pool is not, and tests whose waits are measured in real time starve.
///
/// ```swift
/// @Suite(.offPool) struct ImportTests { … }
/// ```
public struct OffPoolTrait: SuiteTrait, TestTrait, TestScoping {
  /// On a suite, the trait applies to every test in it, nested suites included.
  public var isRecursive: Bool { true }

  /// Runs each test case on its own serial queue; a suite's or test's own scope runs as is.
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite's scope is entered once, and then each of its tests' and test cases': only the
    // test cases run code of the test.
    guard testCase != nil else { return try await function() }
    try await withTaskExecutorPreference(QueueExecutor()) { try await function() }
  }
}

extension Trait where Self == OffPoolTrait {
  /// Runs the tests on threads of their own instead of Swift's cooperative pool
  /// (``OffPoolTrait``).
  public static var offPool: Self { Self() }
}
