import Synchronization

/// Interprets effects for one store: starts their tasks, and keeps the cancellation and
/// throttling bookkeeping.
@usableFromInline
final class EffectRunner<Action: Sendable>: Sendable {
  private struct Registry {
    var nextKey = 0
    var cancellables: [AnyHashableSendable: [Int: Task<Void, Never>]] = [:]
    var throttles: [AnyHashableSendable: Throttle] = [:]
  }

  private struct Throttle {
    var pending: Effect<Action>?
  }

  private let registry = Mutex(Registry())
  /// Feeds an action back into the store from an effect's task.
  let send: @Sendable (Action) -> Void

  init(send: @escaping @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Starts `effect`: cancellations happen now, actions to send now are appended to `actions`,
  /// and every task started is appended to `tasks`.
  @usableFromInline
  func start(
    _ effect: Effect<Action>,
    tasks: inout [Task<Void, Never>],
    actions: inout [Action]
  ) {
    switch effect.operation {
    case .none:
      return

    case .send(let action):
      actions.append(action)

    case .run(let priority, let operation):
      let send = Send(send: self.send)
      tasks.append(Task(priority: priority) { await operation(send) })

    case .merge(let effects):
      for effect in effects { start(effect, tasks: &tasks, actions: &actions) }

    case .concatenate(let effects):
      tasks.append(
        Task {
          for effect in effects {
            if Task.isCancelled { return }
            await self.perform(effect)
          }
        })

    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id: id) }
      var innerTasks: [Task<Void, Never>] = []
      start(inner, tasks: &innerTasks, actions: &actions)
      guard !innerTasks.isEmpty else { return }
      tasks.append(register(innerTasks, id: id))

    case .cancel(let id):
      cancel(id: id)

    case .throttle(let id, let interval, let clock, let latest, let inner):
      let opensWindow = registry.withLock { registry -> Bool in
        if registry.throttles[id] == nil {
          registry.throttles[id] = Throttle()
          return true
        }
        if latest { registry.throttles[id]?.pending = inner }
        return false
      }
      guard opensWindow else { return }
      start(inner, tasks: &tasks, actions: &actions)
      tasks.append(
        Task {
          while true {
            try? await clock.sleep(for: interval)
            let next = self.registry.withLock { registry -> Effect<Action>? in
              guard let pending = registry.throttles[id]?.pending else {
                registry.throttles[id] = nil
                return nil
              }
              registry.throttles[id]?.pending = nil
              return pending
            }
            guard let next else { return }
            await self.perform(next)
          }
        })

    case .onFinish(let inner, let onFinish):
      var innerTasks: [Task<Void, Never>] = []
      start(inner, tasks: &innerTasks, actions: &actions)
      if innerTasks.isEmpty {
        onFinish()
      } else {
        let innerTasks = innerTasks
        tasks.append(
          Task {
            await withTaskCancellationHandler {
              for task in innerTasks { await task.value }
            } onCancel: {
              for task in innerTasks { task.cancel() }
            }
            onFinish()
          })
      }
    }
  }

  /// Runs `effect` to its end in the current task; cancelling the task cancels the effect.
  func perform(_ effect: Effect<Action>) async {
    var started: [Task<Void, Never>] = []
    var actions: [Action] = []
    start(effect, tasks: &started, actions: &actions)
    let tasks = started
    for action in actions { send(action) }
    await withTaskCancellationHandler {
      for task in tasks { await task.value }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }

  /// Cancels every task registered under `id`.
  func cancel(id: AnyHashableSendable) {
    let tasks = registry.withLock { $0.cancellables.removeValue(forKey: id) }
    for task in tasks?.values ?? [:].values { task.cancel() }
  }

  /// Cancels everything this runner knows of; the store is going away.
  func cancelAll() {
    let all = registry.withLock { registry in
      defer { registry.cancellables = [:] }
      return registry.cancellables.values.flatMap(\.values)
    }
    for task in all { task.cancel() }
  }

  /// One task that waits for `tasks`, registered under `id` until it ends.
  private func register(_ tasks: [Task<Void, Never>], id: AnyHashableSendable) -> Task<Void, Never>
  {
    registry.withLock { registry in
      let key = registry.nextKey
      registry.nextKey += 1
      let task = Task {
        await withTaskCancellationHandler {
          for task in tasks { await task.value }
        } onCancel: {
          for task in tasks { task.cancel() }
        }
        self.registry.withLock { registry in
          registry.cancellables[id]?[key] = nil
          if registry.cancellables[id]?.isEmpty == true { registry.cancellables[id] = nil }
        }
      }
      registry.cancellables[id, default: [:]][key] = task
      return task
    }
  }
}
