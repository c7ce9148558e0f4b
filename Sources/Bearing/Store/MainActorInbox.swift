import CBearingThread
import Dispatch
import Synchronization

/// Runs work on the main actor for code that may be anywhere: at once when the caller is on the
/// main actor and nothing handed over earlier still waits, else in order, in one task on the main
/// actor, as soon as it is free. The Composable Architecture receives a publisher effect's values
/// on the main queue the same way (at once on it, else dispatched to it).
///
/// The lock guards only the hand-over list; no one holds it while running a job, so the main
/// actor never waits on another thread's work here.
final class MainActorInbox: Sendable {
  private struct Jobs {
    var waiting: [@MainActor @Sendable () -> Void] = []
    /// Whether a task on the main actor runs `waiting` (it clears this once it is empty).
    var isScheduled = false
  }

  private let jobs = Mutex(Jobs())

  /// Runs `job` on the main actor. A job that waits counts as pending in `group` until it has
  /// run, so that a ``StoreTask`` of the group never finishes before it.
  func run(pending group: EffectGroup? = nil, _ job: @escaping @MainActor @Sendable () -> Void) {
    if MainQueue.isCurrent, jobs.withLock({ $0.waiting.isEmpty && !$0.isScheduled }) {
      MainActor.assumeIsolated { job() }
      return
    }
    let pending: @MainActor @Sendable () -> Void
    if let group {
      group.beginPending()
      pending = {
        job()
        group.endPending()
      }
    } else {
      pending = job
    }
    let schedules = jobs.withLock { jobs -> Bool in
      jobs.waiting.append(pending)
      defer { jobs.isScheduled = true }
      return !jobs.isScheduled
    }
    // Detached: the sender's task-locals (a navigation place, an effect's registry) are not
    // the store's.
    if schedules { Task.detached { @MainActor in self.runWaiting() } }
  }

  @MainActor
  private func runWaiting() {
    while true {
      let next = jobs.withLock { jobs -> [@MainActor @Sendable () -> Void]? in
        guard !jobs.waiting.isEmpty else {
          jobs.isScheduled = false
          return nil
        }
        defer { jobs.waiting = [] }
        return jobs.waiting
      }
      guard let next else { return }
      for job in next { job() }
    }
  }
}

/// Whether the caller runs on the main dispatch queue, where the main actor's jobs run (on
/// Linux not always on the process's main thread: once the main thread hands the queue to
/// `dispatchMain()`, a worker thread drains it).
enum MainQueue {
  /// A value set on the main queue only, read back with `DispatchQueue.getSpecific(key:)`.
  private static let marker: Marker = {
    let marker = Marker()
    DispatchQueue.main.setSpecific(key: marker.key, value: ())
    return marker
  }()

  static var isCurrent: Bool {
    DispatchQueue.getSpecific(key: marker.key) != nil
  }

  private final class Marker: Sendable {
    let key = DispatchSpecificKey<Void>()
  }
}

/// The calling thread, as a number that no other live thread has: its thread pointer, read
/// inline (`pthread_self()` through the PLT cost a send about 7 ns).
@inlinable
func currentThreadID() -> UInt {
  UInt(bearing_current_thread())
}
