import Synchronization

/// Interprets effects for one store: starts their tasks, and keeps the cancellation and
/// throttling bookkeeping.
///
/// Every task it starts is registered, cancellable or not, so that a store going away cancels
/// them all (``close()``), and belongs to the ``EffectGroup`` of the send that caused it.
///
/// Actions need not be `Sendable`: one sent on the main actor (through `Send`) is handed to the
/// store there; one met off it (a `.send` in a concatenation, a delayed effect started on a
/// scheduler's thread) is carried to the main actor (``Carried``) and handed over there.
@usableFromInline
final class EffectRunner<Action>: Sendable {
  private struct Throttle {
    /// The window now open.
    var window: ThrottleWindow
    /// What runs when it closes.
    var pending: Carried<Effect<Action>>?
    /// Whether a task waits for the window's end.
    var isWaiting = false
  }

  let registry: CancellationRegistry
  /// `.run` operations started and not yet ended: what `Store.effectCancellables` counts.
  let runningOperations = Atomic<Int>(0)
  private let throttles = Mutex<[AnyHashableSendable: Throttle]>([:])
  /// Feeds an action back into the store, on the main actor, as part of a group.
  let send: @MainActor @Sendable (Action, EffectGroup) -> Void
  /// Runs a job on the main actor, in order with what other threads hand the store; the job
  /// counts as pending in the group until it has run.
  let hop: @Sendable (EffectGroup, _ job: @escaping @MainActor @Sendable () -> Void) -> Void

  /// - Parameter registry: Where `.cancellable(id:)` effects are registered: a store's own, or
  ///   the process's for effects run outside a store.
  init(
    registry: CancellationRegistry = CancellationRegistry(),
    send: @escaping @MainActor @Sendable (Action, EffectGroup) -> Void,
    hop:
      @escaping @Sendable (EffectGroup, _ job: @escaping @MainActor @Sendable () -> Void) ->
      Void
  ) {
    self.registry = registry
    self.send = send
    self.hop = hop
  }

  /// Feeds back an action met off the main actor: carried there, and sent in order.
  func sendFromAnywhere(_ actions: [Action], group: EffectGroup) {
    guard !actions.isEmpty else { return }
    let carried = Carried(actions)
    hop(group) { [self] in
      for action in carried.value { send(action, group) }
    }
  }

  /// Starts `effect` for `group`: cancellations happen now, actions to send now are appended to
  /// `actions`, and every task started is appended to `tasks`.
  @usableFromInline
  func start(
    _ effect: Effect<Action>,
    group: EffectGroup,
    origin: Carried<Action>? = nil,
    gate: RegistrationGate? = nil,
    tasks: inout [Task<Void, Never>],
    actions: inout [Action]
  ) {
    switch effect.operation {
    case .none:
      return

    case .send(let action):
      actions.append(action)

    case .run(let priority, let name, let operation):
      let send = Send<Action>(origin: origin.map { Carried($0.value) }) { [self] action in
        // What an effect sends may be reduced right here, in its task, by the whole app: from
        // the root, outside the navigation place the effect was made in.
        NavigationScope.at(nil) { self.send(action, group) }
      }
      runningOperations.add(1, ordering: .relaxed)
      tasks.append(
        spawn(group: group, gate: gate, priority: priority, name: name) { [self] in
          await operation(send)
          runningOperations.subtract(1, ordering: .relaxed)
        })

    case .subscribe(let subscribe):
      let send = Send<Action>(origin: origin.map { Carried($0.value) }) { [self] action in
        self.send(action, group)
      }
      let onMainActor: MainActorHop = { [self] job in hop(group, job) }
      // Counted as running until it ends: at once when the publisher completes, or when the
      // waiting task ends (cancelled), whichever comes first.
      let once = Once()
      let ended: @Sendable () -> Void = { [self] in
        if once.claim() { runningOperations.subtract(1, ordering: .relaxed) }
      }
      runningOperations.add(1, ordering: .relaxed)
      // Subscribed here, on the sending thread: what the publisher sends at once is sent
      // before the send that started it returns, as with TCA.
      let ending = subscribe(send, onMainActor, ended)
      tasks.append(
        spawn(group: group, gate: gate) {
          await ending()
          ended()
        })

    case .merge(let effects):
      for effect in effects {
        start(effect, group: group, origin: origin, gate: gate, tasks: &tasks, actions: &actions)
      }

    case .concatenate(let effects):
      // Leading effects that only send are sent now, in order, as part of this send: a
      // concatenation of sends delivers them one after another with no task in between.
      var rest = effects[...]
      while let first = rest.first, first.onlySends {
        start(first, group: group, origin: origin, gate: gate, tasks: &tasks, actions: &actions)
        rest = rest.dropFirst()
      }
      guard !rest.isEmpty else { return }
      let remaining = Carried(Array(rest))
      tasks.append(
        spawn(group: group, gate: gate) {
          for effect in remaining.value {
            if Task.isCancelled { return }
            await self.perform(effect, group: group, origin: origin)
          }
        })

    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { registry.cancel(id: id) }
      // The effect's tasks wait at this gate until they are registered under `id`: one that
      // cancels its own id at once (`Task.cancel(id:)`) must find itself there.
      let innerGate = RegistrationGate(parent: gate)
      var innerTasks: [Task<Void, Never>] = []
      start(
        inner, group: group, origin: origin, gate: innerGate, tasks: &innerTasks,
        actions: &actions)
      guard !innerTasks.isEmpty else {
        innerGate.open()
        return
      }
      tasks.append(register(innerTasks, id: id, group: group))
      innerGate.open()

    case .cancel(let id):
      registry.cancel(id: id)

    case .throttle(let id, let makeWindow, let latest, let inner):
      // Outside a window the effect runs now and opens one; inside, the latest (or the first)
      // waits for the window's end, and only then does a task wait: nothing stays running once a
      // window has nothing to deliver.
      let startsTimer = throttles.withLock { throttles -> ThrottleWindow?? in
        guard let window = throttles[id]?.window, !window.isOver() else {
          throttles[id] = Throttle(window: makeWindow())
          return .none
        }
        if latest || throttles[id]?.pending == nil { throttles[id]?.pending = Carried(inner) }
        guard throttles[id]?.isWaiting == false else { return .some(nil) }
        throttles[id]?.isWaiting = true
        return .some(window)
      }
      guard let startsTimer else {
        start(inner, group: group, origin: origin, gate: gate, tasks: &tasks, actions: &actions)
        return
      }
      guard let window = startsTimer else { return }
      tasks.append(
        spawn(group: group, gate: gate) {
          try? await window.sleepUntilOver()
          let next = self.throttles.withLock { throttles -> Carried<Effect<Action>>? in
            let pending = throttles[id]?.pending
            throttles[id] = pending == nil ? nil : Throttle(window: makeWindow())
            return pending
          }
          guard let next, !Task.isCancelled else { return }
          await self.perform(next.value, group: group, origin: origin)
        })

    case .delay(let schedule, let inner):
      tasks.append(
        startDelayed(inner, schedule: schedule, group: group, origin: origin, gate: gate))

    case .onFinish(let inner, let onFinish):
      if case .subscribe(let subscribe) = inner.operation {
        // A publisher is over the moment it completes, which may be now, on this thread:
        // `onFinish` runs then, not once the task that waits for it notices.
        let once = Once()
        let finish: @Sendable () -> Void = { if once.claim() { onFinish() } }
        let finishing = Effect<Action>(
          .subscribe { send, onMainActor, ended in
            subscribe(send, onMainActor) {
              ended()
              finish()
            }
          })
        var innerTasks: [Task<Void, Never>] = []
        start(
          finishing, group: group, origin: origin, gate: gate, tasks: &innerTasks,
          actions: &actions)
        let waited = innerTasks
        tasks.append(
          spawn(group: group, gate: gate) {
            await awaitAll(waited)
            finish()
          })
        return
      }
      var innerTasks: [Task<Void, Never>] = []
      start(
        inner, group: group, origin: origin, gate: gate, tasks: &innerTasks, actions: &actions)
      if innerTasks.isEmpty {
        onFinish()
      } else {
        let innerTasks = innerTasks
        tasks.append(
          spawn(group: group, gate: gate) {
            await awaitAll(innerTasks)
            onFinish()
          })
      }
    }
  }

  /// Starts `inner` when `schedule` fires, on the firing thread; until then and while `inner`
  /// runs, a task of `group` waits for it, whose cancellation cancels both.
  private func startDelayed(
    _ inner: Effect<Action>,
    schedule: @Sendable (_ fire: @escaping @Sendable () -> Void) -> Void,
    group: EffectGroup,
    origin: Carried<Action>?,
    gate: RegistrationGate?
  ) -> Task<Void, Never> {
    let delayed = DelayedStart()
    let inner = Carried(inner)
    schedule { [self] in
      guard delayed.fire() else { return }
      var innerTasks: [Task<Void, Never>] = []
      var actions: [Action] = []
      start(inner.value, group: group, origin: origin, tasks: &innerTasks, actions: &actions)
      sendFromAnywhere(actions, group: group)
      delayed.started(innerTasks)
    }
    let waiter = spawn(group: group, gate: gate) {
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

  /// Starts a task of `group`, registered so that closing the store cancels it, with this
  /// store's registry current for `Task.cancel(id:)` and `withTaskCancellation(id:)`.
  private func spawn(
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

  /// Runs `effect` to its end in the current task; cancelling the task cancels the effect.
  func perform(
    _ effect: Effect<Action>, group: EffectGroup, origin: Carried<Action>? = nil
  ) async {
    var started: [Task<Void, Never>] = []
    var actions: [Action] = []
    start(effect, group: group, origin: origin, tasks: &started, actions: &actions)
    sendFromAnywhere(actions, group: group)
    await awaitAll(started)
  }

  /// Cancels everything this runner started, and all it would start: the store is going away.
  func close() {
    registry.close()
  }

  /// One task that waits for `tasks`, registered under `id` until it ends.
  private func register(
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
