import Synchronization

extension EffectRunner {
  /// Starts a task of `group`, registered so that closing the store cancels it, with this
  /// store's registry current for `Task.cancel(id:)` and `withTaskCancellation(id:)`.
  func spawn(
    group: EffectGroup,
    gate: RegistrationGate? = nil,
    priority: TaskPriority? = nil,
    name: String? = nil,
    _ body: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    let key = group.begin()
    let registry = self.registry
    let handle = TaskHandle()
    let registered = registry.register(id: nil) { handle.cancel() }
    // Started on the main actor, as The Composable Architecture's effects are: the effect waits
    // until the main actor is free, so code that reads the state right after the send that
    // started it (on the main actor) goes first. The rest runs off the main actor: the
    // operation does anyway, and the bookkeeping after it need not hop back.
    let task = Task(name: name, priority: priority) { @MainActor in
      await Self.run(
        body, gate: gate, registry: registry, registered: registered, group: group, key: key)
    }
    handle.set(task)
    if registered == nil { task.cancel() }
    group.attach(key, task)
    return task
  }

  /// A spawned task's work, off the main actor: `body` with the registry current, then the
  /// task's registration and its place in `group` given up.
  private nonisolated static func run(
    _ body: @Sendable () async -> Void, gate: RegistrationGate?, registry: CancellationRegistry,
    registered: Int?, group: EffectGroup, key: Int
  ) async {
    if let gate { await gate.wait() }
    await CancellationRegistry.$current.withValue(registry, operation: body)
    if let registered { registry.unregister(id: nil, key: registered) }
    group.end(key, cancelled: Task.isCancelled)
  }
}

/// Waits for every task; cancelling the waiting task cancels them.
func awaitAll(_ tasks: [Task<Void, Never>]) async {
  await withTaskCancellationHandler {
    for task in tasks { await task.value }
  } onCancel: {
    for task in tasks { task.cancel() }
  }
}

/// True for the first caller of `claim()` only.
final class Once: Sendable {
  private let done = Atomic<Bool>(false)

  func claim() -> Bool {
    !done.exchange(true, ordering: .acquiringAndReleasing)
  }
}

/// A task that may be cancelled before it exists: cancelling first cancels it once it is set.
final class TaskHandle: Sendable {
  private let state = Mutex<(cancel: (@Sendable () -> Void)?, isCancelled: Bool)>((nil, false))

  func set<Success, Failure>(_ task: Task<Success, Failure>) {
    let cancelled = state.withLock { state in
      state.cancel = { task.cancel() }
      return state.isCancelled
    }
    if cancelled { task.cancel() }
  }

  func cancel() {
    let cancel = state.withLock { state in
      state.isCancelled = true
      return state.cancel
    }
    cancel?()
  }
}
