import Synchronization

/// The effects started by one ``Store/send(_:)``: await them or cancel them.
///
/// It covers everything the action started, including the effects of actions that those effects
/// fed back, however late they arrive: cancelling it cancels them all.
///
/// ```swift
/// await store.send(.refresh).finish()
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline let group: EffectGroup?

  @inlinable
  init(group: EffectGroup?) {
    self.group = group
  }

  /// Cancels the effects, and any that actions fed back from them would start.
  public func cancel() { group?.cancel() }

  /// Waits until every effect has finished or been cancelled; cancelling the waiting task
  /// cancels the effects.
  public func finish() async { await group?.finish() }

  /// Whether the effects were cancelled: by ``cancel()``, or, any of them, by `.cancel(id:)`
  /// or a newer effect with `cancelInFlight`.
  public var isCancelled: Bool { group?.isCancelled ?? true }

  /// Whether the effects have all ended (or there were none).
  var isFinished: Bool { group?.isOver ?? true }

  /// Whether both are the tasks of the same send.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.group === rhs.group }

  /// Hashes the identity of the send's effects, as `==` compares it.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(group.map(ObjectIdentifier.init))
  }
}

/// The tasks one sent action started, with those started by the actions its effects fed back;
/// what a ``StoreTask`` awaits and cancels.
///
/// `pending` counts actions of the group waiting in the store's queue: the group is over only
/// when none waits and no task runs.
@usableFromInline
final class EffectGroup: Sendable {
  private struct State {
    var tasks: [Int: Task<Void, Never>] = [:]
    /// Tasks that ended before they were attached.
    var endedEarly: Set<Int> = []
    var nextKey = 0
    var active = 0
    var pending = 0
    var isCancelled = false
    /// Whether a task of the group ended cancelled.
    var endedCancelled = false
    var waiters: [CheckedContinuation<Void, Never>] = []

    var isOver: Bool { active == 0 && pending == 0 }

    mutating func takeWaiters() -> [CheckedContinuation<Void, Never>] {
      defer { waiters = [] }
      return waiters
    }
  }

  private let state = Mutex(State())

  @usableFromInline
  init() {}

  var isCancelled: Bool { state.withLock { $0.isCancelled || $0.endedCancelled } }

  var isOver: Bool { state.withLock { $0.isOver } }

  /// A task is about to start; returns its key for ``attach(_:_:)`` and ``end(_:)``.
  func begin() -> Int {
    state.withLock { state in
      defer { state.nextKey += 1 }
      state.active += 1
      return state.nextKey
    }
  }

  /// Keeps `task` for cancelling, or cancels it at once when the group already was.
  func attach(_ key: Int, _ task: Task<Void, Never>) {
    let cancelled = state.withLock { state -> Bool in
      if state.endedEarly.remove(key) != nil { return false }
      state.tasks[key] = task
      return state.isCancelled
    }
    if cancelled { task.cancel() }
  }

  /// The task of `key` has returned, cancelled or not.
  func end(_ key: Int, cancelled: Bool) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      if cancelled { state.endedCancelled = true }
      if state.tasks.removeValue(forKey: key) == nil { state.endedEarly.insert(key) }
      state.active -= 1
      return state.isOver ? state.takeWaiters() : []
    }
    for waiter in waiters { waiter.resume() }
  }

  /// An action of this group was queued behind another sender's.
  @usableFromInline
  func beginPending() {
    state.withLock { $0.pending += 1 }
  }

  /// A queued action of this group was reduced and its effects started.
  @usableFromInline
  func endPending() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.pending -= 1
      return state.isOver ? state.takeWaiters() : []
    }
    for waiter in waiters { waiter.resume() }
  }

  func cancel() {
    let tasks = state.withLock { state in
      state.isCancelled = true
      return Array(state.tasks.values)
    }
    for task in tasks { task.cancel() }
  }

  func finish() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let over = state.withLock { state in
          if state.isOver { return true }
          state.waiters.append(continuation)
          return false
        }
        if over { continuation.resume() }
      }
    } onCancel: {
      cancel()
    }
  }
}
