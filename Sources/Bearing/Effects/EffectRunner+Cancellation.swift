import Synchronization

extension EffectRunner {
  /// `.cancellable(id:)`: `inner`'s tasks, registered under `id` (cancelling what ran under it
  /// first when asked).
  func startCancellable(
    _ inner: Effect<Action>, id: AnyHashableSendable, cancelInFlight: Bool, at start: Start,
    tasks: inout [Task<Void, Never>], actions: inout [Action]
  ) {
    if cancelInFlight { registry.cancel(id: id) }
    // The effect's tasks wait at this gate until they are registered under `id`: one that
    // cancels its own id at once (`Task.cancel(id:)`) must find itself there.
    let innerGate = RegistrationGate(parent: start.gate)
    var innerTasks: [Task<Void, Never>] = []
    self.start(inner, at: start.behind(innerGate), tasks: &innerTasks, actions: &actions)
    if !innerTasks.isEmpty { tasks.append(register(innerTasks, id: id, group: start.group)) }
    innerGate.open()
  }

  /// One task that waits for `tasks`, registered under `id` until it ends.
  func register(
    _ tasks: [Task<Void, Never>], id: AnyHashableSendable, group: EffectGroup
  ) -> Task<Void, Never> {
    let registry = self.registry
    // Registered before the waiting task exists: were it after, tasks that end at once could
    // let the waiter finish before it knew its key, leaving the id registered for ever.
    let handle = TaskHandle()
    // Under the id where it was made and at every navigation place above: a parent's
    // `.cancel(id:)` reaches its presented features' effects.
    let ids = NavigationScope.registrationIDs(of: id)
    var keys: [(AnyHashableSendable, Int)] = []
    // Cancelling cancels the effect's own tasks at once, not only through the waiting task,
    // which may not have started yet: an effect that cancels its own id (`Task.cancel(id:)`)
    // must see itself cancelled on its next check.
    let cancel: @Sendable () -> Void = {
      handle.cancel()
      for task in tasks { task.cancel() }
    }
    for id in ids {
      guard let key = registry.register(id: id, cancel: cancel) else { break }
      keys.append((id, key))
    }
    let registered = keys
    let task = spawn(group: group) {
      await awaitAll(tasks)
      for (id, key) in registered { registry.unregister(id: id, key: key) }
    }
    handle.set(task)
    if registered.count < ids.count { task.cancel() }
    return task
  }
}

/// Holds an effect's tasks back until the effect is registered under its cancel id: a task
/// starts running as it is created, before the code that created it has registered it.
@usableFromInline
final class RegistrationGate: Sendable {
  private let parent: RegistrationGate?
  private let state = Mutex<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>(
    (false, []))

  init(parent: RegistrationGate?) {
    self.parent = parent
  }

  /// Lets every task through, now and from now on.
  func open() {
    let waiting = state.withLock { state in
      state.isOpen = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }

  /// Returns once this gate and every gate around it are open.
  func wait() async {
    if let parent { await parent.wait() }
    if state.withLock({ $0.isOpen }) { return }
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiting.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }
}
