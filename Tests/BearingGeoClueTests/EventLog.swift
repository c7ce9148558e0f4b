import BearingLocation
import Synchronization

/// Runs a location source in a task and records its events, so a test can wait for one with
/// a timeout instead of hanging when it never comes.
final class EventLog: Sendable {
  private final class Storage: Sendable {
    let events = Mutex<[LocationSource.Event]>([])
  }

  private let storage = Storage()
  private let task: Task<Void, Never>

  init(_ source: LocationSource) {
    task = Task { [storage] in
      await source.run { event in storage.events.withLock { $0.append(event) } }
    }
  }

  /// Stops the source and waits for it to return.
  func cancel() async {
    task.cancel()
    await task.value
  }

  var all: [LocationSource.Event] { storage.events.withLock { $0 } }

  var fixes: [Location] {
    all.compactMap { if case .fix(let fix) = $0 { fix } else { nil } }
  }

  /// Waits (real time) until `condition` holds for the events, or `timeout` passes.
  @discardableResult
  func wait(
    timeout: Duration = .seconds(20), until condition: ([LocationSource.Event]) -> Bool
  ) async -> [LocationSource.Event] {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let current = all
      if condition(current) { return current }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return all
  }
}
