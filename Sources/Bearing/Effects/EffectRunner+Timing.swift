import Synchronization

extension EffectRunner {
  /// A throttled id's state.
  struct Throttle {
    /// The window now open.
    var window: ThrottleWindow
    /// What runs when it closes.
    var pending: Carried<Effect<Action>>?
    /// Whether a task waits for the window's end.
    var isWaiting = false
  }

  /// What a throttled effect does now.
  private enum ThrottleStep {
    /// Outside a window: runs now, and a window opens.
    case runNow
    /// Inside a window: waits for its end, in the task started now.
    case waitFor(ThrottleWindow)
    /// Inside a window that a task already waits for.
    case waiting
  }

  /// `.throttle`: outside a window the effect runs now and opens one; inside, the latest (or the
  /// first) waits for the window's end, and only then does a task wait: nothing stays running
  /// once a window has nothing to deliver.
  func startThrottled(
    _ inner: Effect<Action>, id: AnyHashableSendable,
    window makeWindow: @escaping @Sendable () -> ThrottleWindow, latest: Bool, at start: Start,
    tasks: inout [Task<Void, Never>], actions: inout [Action]
  ) {
    let step = throttles.withLock { throttles -> ThrottleStep in
      guard let window = throttles[id]?.window, !window.isOver() else {
        throttles[id] = Throttle(window: makeWindow())
        return .runNow
      }
      if latest || throttles[id]?.pending == nil { throttles[id]?.pending = Carried(inner) }
      guard throttles[id]?.isWaiting == false else { return .waiting }
      throttles[id]?.isWaiting = true
      return .waitFor(window)
    }
    switch step {
    case .runNow:
      self.start(inner, at: start, tasks: &tasks, actions: &actions)
    case .waiting:
      return
    case .waitFor(let window):
      tasks.append(
        spawn(group: start.group, gate: start.gate) {
          try? await window.sleepUntilOver()
          let next = self.throttles.withLock { throttles -> Carried<Effect<Action>>? in
            let pending = throttles[id]?.pending
            throttles[id] = pending == nil ? nil : Throttle(window: makeWindow())
            return pending
          }
          guard let next, !Task.isCancelled else { return }
          await self.perform(next.value, group: start.group, origin: start.origin)
        })
    }
  }

  /// Starts `inner` when `schedule` fires, on the firing thread; until then and while `inner`
  /// runs, a task of the group waits for it, whose cancellation cancels both.
  func startDelayed(
    _ inner: Effect<Action>,
    schedule: @Sendable (_ fire: @escaping @Sendable () -> Void) -> Void,
    at start: Start
  ) -> Task<Void, Never> {
    let group = start.group
    let origin = start.origin
    let delayed = DelayedStart()
    let inner = Carried(inner)
    schedule { [self] in
      guard delayed.fire() else { return }
      var innerTasks: [Task<Void, Never>] = []
      var actions: [Action] = []
      self.start(inner.value, group: group, origin: origin, tasks: &innerTasks, actions: &actions)
      sendFromAnywhere(actions, group: group)
      delayed.started(innerTasks)
    }
    let waiter = spawn(group: group, gate: start.gate) {
      let innerTasks = await withTaskCancellationHandler {
        await delayed.waitUntilStarted()
      } onCancel: {
        delayed.cancel()
      }
      await awaitAll(innerTasks)
    }
    // Cancelling the waiter cancels the start at once, whether or not it is running yet.
    delayed.watch(waiter)
    return waiter
  }
}

/// A delayed effect's start: fired once (unless cancelled first), then the tasks it started,
/// for the task that waits for them.
final class DelayedStart: Sendable {
  private struct State {
    var isFired = false
    var isCancelled = false
    /// The task that waits for the start: once it is cancelled, nothing starts.
    var waiter: Task<Void, Never>?
    /// The started effect's tasks, once it has started (empty when cancelled first).
    var tasks: [Task<Void, Never>]?
    var continuation: CheckedContinuation<[Task<Void, Never>], Never>?
  }

  private let state = Mutex(State())

  func watch(_ waiter: Task<Void, Never>) {
    state.withLock { $0.waiter = waiter }
  }

  /// Whether the effect may start now: not cancelled (nor its waiting task), not started
  /// already.
  func fire() -> Bool {
    state.withLock { state in
      guard !state.isFired, !state.isCancelled, state.waiter?.isCancelled != true else {
        return false
      }
      state.isFired = true
      return true
    }
  }

  /// The effect has started `tasks`; cancelled meanwhile, they are cancelled at once.
  func started(_ tasks: [Task<Void, Never>]) {
    let (continuation, isCancelled) = state.withLock { state in
      state.tasks = tasks
      defer { state.continuation = nil }
      return (state.continuation, state.isCancelled || state.waiter?.isCancelled == true)
    }
    if isCancelled { for task in tasks { task.cancel() } }
    continuation?.resume(returning: tasks)
  }

  /// Cancels before the start (nothing will start) or during it (what started is cancelled
  /// when it is handed over).
  func cancel() {
    let continuation = state.withLock {
      state -> CheckedContinuation<[Task<Void, Never>], Never>? in
      state.isCancelled = true
      // Not fired yet: nothing will start, so the waiting task stops waiting.
      guard !state.isFired else { return nil }
      state.tasks = []
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume(returning: [])
  }

  func waitUntilStarted() async -> [Task<Void, Never>] {
    await withCheckedContinuation { continuation in
      let tasks = state.withLock { state -> [Task<Void, Never>]? in
        if let tasks = state.tasks { return tasks }
        state.continuation = continuation
        return nil
      }
      if let tasks { continuation.resume(returning: tasks) }
    }
  }
}
