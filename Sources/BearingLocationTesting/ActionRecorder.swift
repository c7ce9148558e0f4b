import BearingLocation
import Foundation
import Synchronization

/// Records every action of one delegate stream, so a test can wait for a count with a timeout
/// instead of hanging when an expected action never comes.
public final class ActionRecorder: Sendable {
  private final class Storage: Sendable {
    let actions = Mutex<[LocationManager.Action]>([])
  }

  private let storage = Storage()
  private let task: Task<Void, Never>

  /// Starts recording `stream` at once; recording stops when the recorder is released.
  public init(_ stream: AsyncStream<LocationManager.Action>) {
    task = Task { [storage] in
      for await action in stream { storage.actions.withLock { $0.append(action) } }
    }
  }

  deinit { task.cancel() }

  /// The actions recorded so far, oldest first.
  public var actions: [LocationManager.Action] { storage.actions.withLock { $0 } }

  /// Waits (real time) until `condition` holds for the recorded actions, or `timeout` passes.
  ///
  /// The default is generous: a wait ends as soon as its condition holds, so only a failing
  /// test waits it out, and a shorter one failed tests whose actions were merely late while the
  /// machine was busy (the suite under heavy disk writeback lost 5 s waits).
  @discardableResult
  public func wait(
    timeout: Duration = .seconds(30),
    until condition: ([LocationManager.Action]) -> Bool
  ) async -> [LocationManager.Action] {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let current = actions
      if condition(current) { return current }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return actions
  }

  /// Waits until at least `count` actions are recorded.
  @discardableResult
  public func wait(forCount count: Int, timeout: Duration = .seconds(30)) async
    -> [LocationManager.Action]
  {
    await wait(timeout: timeout) { $0.count >= count }
  }
}

extension LocationManager.Action {
  /// The fixes of a `didUpdateLocations`, else nil.
  public var fixes: [Location]? {
    if case .didUpdateLocations(let fixes) = self { return fixes }
    return nil
  }
}
