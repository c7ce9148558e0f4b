import Foundation

/// Runs blocking work (reading a pipe, waiting for a process) on a thread of its own.
///
/// Swift's cooperative pool has one thread per core — two on CI. A test that blocks one of them
/// while another test does the same starves every other test of the pool, and the whole run
/// hangs. Blocking work therefore never runs on the pool.
func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.start()
  }
}
