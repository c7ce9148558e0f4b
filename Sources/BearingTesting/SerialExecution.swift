import ConcurrencyExtras
import Synchronization

/// Runs every task of the process on the main serial executor while any ``TestStore`` that
/// asked for it exists, as swift-concurrency-extras' `withMainSerialExecutor` does for a scope.
///
/// Effects, the test's own code and a `TestClock`'s sleepers then take turns on one thread in
/// the order they were enqueued, so a clock advanced right after a send always finds the
/// effect asleep. The switch is process-wide; a count keeps it on until the last such store
/// is gone, and restores what it found.
enum SerialExecution {
  private struct State {
    var users = 0
    var wasOn = false
  }

  private static let state = Mutex(State())

  static func retain() {
    state.withLock { state in
      if state.users == 0 {
        state.wasOn = uncheckedUseMainSerialExecutor
        uncheckedUseMainSerialExecutor = true
      }
      state.users += 1
    }
  }

  static func release() {
    state.withLock { state in
      state.users -= 1
      if state.users == 0 { uncheckedUseMainSerialExecutor = state.wasOn }
    }
  }

  static var isOn: Bool { uncheckedUseMainSerialExecutor }
}
