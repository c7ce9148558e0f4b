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
///
/// Its jobs, one file each: starting each kind of effect (here), tracking the tasks it starts
/// (`EffectRunner+Tasks.swift`), cancellation (`EffectRunner+Cancellation.swift`), and
/// throttled and delayed starts (`EffectRunner+Timing.swift`).
@usableFromInline
final class EffectRunner<Action>: Sendable {
  let registry: CancellationRegistry
  /// `.run` operations started and not yet ended: what `Store.effectCancellables` counts.
  let runningOperations = Atomic<Int>(0)
  let throttles = Mutex<[AnyHashableSendable: Throttle]>([:])
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

  /// Where an effect starts: the send it belongs to, the action that returned it (what a
  /// warning names), and the gate its tasks wait at until it is registered under its id.
  struct Start: Sendable {
    let group: EffectGroup
    let origin: Carried<Action>?
    let gate: RegistrationGate?

    func behind(_ gate: RegistrationGate?) -> Start {
      Start(group: group, origin: origin, gate: gate)
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
    start(
      effect, at: Start(group: group, origin: origin, gate: gate), tasks: &tasks,
      actions: &actions)
  }

  func start(
    _ effect: Effect<Action>, at start: Start, tasks: inout [Task<Void, Never>],
    actions: inout [Action]
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      actions.append(action)
    case .run(let priority, let name, let operation):
      tasks.append(startRun(operation, priority: priority, name: name, at: start))
    case .subscribe(let subscribe):
      tasks.append(startSubscription(subscribe, at: start))
    case .merge(let effects):
      for effect in effects { self.start(effect, at: start, tasks: &tasks, actions: &actions) }
    case .concatenate(let effects):
      startConcatenation(effects, at: start, tasks: &tasks, actions: &actions)
    case .cancellable(let id, let cancelInFlight, let inner):
      startCancellable(
        inner, id: id, cancelInFlight: cancelInFlight, at: start, tasks: &tasks,
        actions: &actions)
    case .cancel(let id):
      registry.cancel(id: id)
    case .throttle(let id, let makeWindow, let latest, let inner):
      startThrottled(
        inner, id: id, window: makeWindow, latest: latest, at: start, tasks: &tasks,
        actions: &actions)
    case .delay(let schedule, let inner):
      tasks.append(startDelayed(inner, schedule: schedule, at: start))
    case .onFinish(let inner, let onFinish):
      startFinishing(inner, onFinish: onFinish, at: start, tasks: &tasks, actions: &actions)
    }
  }

  /// A `.run` operation in a task of its own, counted as running until it returns.
  private func startRun(
    _ operation: @escaping @Sendable (Send<Action>) async -> Void, priority: TaskPriority?,
    name: String?, at start: Start
  ) -> Task<Void, Never> {
    let group = start.group
    let send = Send<Action>(origin: start.origin.map { Carried($0.value) }) { [self] action in
      // What an effect sends may be reduced right here, in its task, by the whole app: from
      // the root, outside the navigation place the effect was made in.
      NavigationScope.at(nil) { self.send(action, group) }
    }
    runningOperations.add(1, ordering: .relaxed)
    return spawn(group: group, gate: start.gate, priority: priority, name: name) { [self] in
      await operation(send)
      runningOperations.subtract(1, ordering: .relaxed)
    }
  }

  /// A publisher's subscription (``Effect/Operation/subscribe(_:)``).
  typealias Subscribe =
    @Sendable (
      Send<Action>, _ onMainActor: @escaping MainActorHop, _ ended: @escaping @Sendable () -> Void
    ) -> @Sendable () async -> Void

  /// A publisher, subscribed now; a task waits for its end.
  private func startSubscription(
    _ subscribe: @escaping Subscribe, at start: Start
  ) -> Task<Void, Never> {
    let group = start.group
    let send = Send<Action>(origin: start.origin.map { Carried($0.value) }) { [self] action in
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
    return spawn(group: group, gate: start.gate) {
      await ending()
      ended()
    }
  }

  /// Leading effects that only send are sent now, in order, as part of this send: a
  /// concatenation of sends delivers them one after another with no task in between. The rest
  /// run one after another in one task.
  private func startConcatenation(
    _ effects: [Effect<Action>], at start: Start, tasks: inout [Task<Void, Never>],
    actions: inout [Action]
  ) {
    var rest = effects[...]
    while let first = rest.first, first.onlySends {
      self.start(first, at: start, tasks: &tasks, actions: &actions)
      rest = rest.dropFirst()
    }
    guard !rest.isEmpty else { return }
    let remaining = Carried(Array(rest))
    tasks.append(
      spawn(group: start.group, gate: start.gate) {
        for effect in remaining.value {
          if Task.isCancelled { return }
          await self.perform(effect, group: start.group, origin: start.origin)
        }
      })
  }

  /// Runs `inner`, then `onFinish` once every task it started has ended.
  private func startFinishing(
    _ inner: Effect<Action>, onFinish: @escaping @Sendable () -> Void, at start: Start,
    tasks: inout [Task<Void, Never>], actions: inout [Action]
  ) {
    var inner = inner
    var finish = onFinish
    if case .subscribe(let subscribe) = inner.operation {
      // A publisher is over the moment it completes, which may be now, on this thread:
      // `onFinish` runs then, not once the task that waits for it notices.
      let once = Once()
      finish = { if once.claim() { onFinish() } }
      let finishOnce = finish
      inner = Effect(
        .subscribe { send, onMainActor, ended in
          subscribe(send, onMainActor) {
            ended()
            finishOnce()
          }
        })
    }
    var innerTasks: [Task<Void, Never>] = []
    self.start(inner, at: start, tasks: &innerTasks, actions: &actions)
    guard !innerTasks.isEmpty else {
      finish()
      return
    }
    let waited = innerTasks
    let finishing = finish
    tasks.append(
      spawn(group: start.group, gate: start.gate) {
        await awaitAll(waited)
        finishing()
      })
  }

  /// Feeds back an action met off the main actor: carried there, and sent in order.
  func sendFromAnywhere(_ actions: [Action], group: EffectGroup) {
    guard !actions.isEmpty else { return }
    let carried = Carried(actions)
    hop(group) { [self] in
      for action in carried.value { send(action, group) }
    }
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
}
