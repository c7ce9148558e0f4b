import Synchronization

/// The one place a store's state lives and its reducer runs.
///
/// Every send from any task takes the same lock; the first sender to find the store idle becomes
/// the "drainer" and reduces queued actions until the queue is empty. A send that arrives while
/// another is being reduced (from an effect, an observer, another thread) is queued, never
/// dropped and never re-entrant.
final class RootStore<State: Sendable, Action: Sendable>: Sendable {
  private struct Inner {
    var state: State
    var reduce: (inout State, Action) -> Effect<Action>
    var queue: [Queued] = []
    var queueHead = 0
    var isSending = false
    var version: UInt64 = 0
    var observers: [Int: @Sendable (State) -> Void] = [:]
    var nextObserver = 0
  }

  private struct Queued {
    let action: Action
    let promise: TasksPromise?
  }

  private let inner: Mutex<Inner>
  private let dependencies: DependencyValues
  let runner: EffectRunner<Action>

  init(
    initialState: State,
    reducer: sending some Reducer<State, Action>,
    dependencies: DependencyValues
  ) {
    let box = WeakBox<RootStore>()
    self.inner = Mutex(Inner(state: initialState, reduce: reducer.reduce(into:action:)))
    self.dependencies = dependencies
    self.runner = EffectRunner { action in _ = box.value?.send(action) }
    box.value = self
  }

  deinit {
    runner.cancelAll()
  }

  var state: State {
    inner.withLock { $0.state }
  }

  func send(_ action: Action) -> StoreTask {
    let promise = inner.withLock { inner -> TasksPromise? in
      guard inner.isSending else {
        inner.isSending = true
        return nil
      }
      let promise = TasksPromise()
      inner.queue.append(Queued(action: action, promise: promise))
      return promise
    }
    if let promise { return promise.storeTask }
    return DependencyValues.$_current.withValue(dependencies) { drain(first: action) }
  }

  private func drain(first: Action) -> StoreTask {
    var tasks: [Task<Void, Never>] = []
    var current = Queued(action: first, promise: nil)
    while true {
      let effect = inner.withLock { inner in
        inner.version &+= 1
        return inner.reduce(&inner.state, current.action)
      }
      var started: [Task<Void, Never>] = []
      var actions: [Action] = []
      runner.start(effect, tasks: &started, actions: &actions)
      if let promise = current.promise {
        // Actions fed back synchronously belong to the send that caused them.
        promise.fulfil(started)
      } else {
        tasks.append(contentsOf: started)
      }
      let next = inner.withLock { inner -> Queued? in
        if !actions.isEmpty {
          let head = actions.map { Queued(action: $0, promise: current.promise) }
          inner.queue.replaceSubrange(inner.queueHead..<inner.queueHead, with: head)
        }
        if inner.queueHead < inner.queue.count {
          defer { inner.queueHead += 1 }
          return inner.queue[inner.queueHead]
        }
        inner.queue.removeAll(keepingCapacity: inner.queue.count < 1024)
        inner.queueHead = 0
        inner.isSending = false
        if !inner.observers.isEmpty {
          for observer in inner.observers.values { observer(inner.state) }
        }
        return nil
      }
      guard let next else { break }
      current = next
    }
    return StoreTask(tasks: tasks)
  }

  /// Calls `observer` with the state after every drain, under the store's lock: it must only
  /// hand the state on (yield to a stream), never send.
  func addObserver(_ observer: @escaping @Sendable (State) -> Void) -> Int {
    inner.withLock { inner in
      let id = inner.nextObserver
      inner.nextObserver += 1
      inner.observers[id] = observer
      observer(inner.state)
      return id
    }
  }

  func removeObserver(_ id: Int) {
    _ = inner.withLock { $0.observers.removeValue(forKey: id) }
  }
}

/// Tasks that a queued action will start once the drainer reaches it.
final class TasksPromise: Sendable {
  private let state = Mutex<
    (tasks: [Task<Void, Never>]?, waiters: [CheckedContinuation<Void, Never>])
  >(
    (nil, []))

  func fulfil(_ tasks: [Task<Void, Never>]) {
    let waiters = state.withLock { state in
      state.tasks = (state.tasks ?? []) + tasks
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  var storeTask: StoreTask {
    StoreTask(
      rawValue: Task {
        await withCheckedContinuation { continuation in
          let ready = state.withLock { state in
            if state.tasks != nil { return true }
            state.waiters.append(continuation)
            return false
          }
          if ready { continuation.resume() }
        }
        let tasks = state.withLock { $0.tasks ?? [] }
        await withTaskCancellationHandler {
          for task in tasks { await task.value }
        } onCancel: {
          for task in tasks { task.cancel() }
        }
      })
  }
}

/// A weak reference that can be filled in after `init`, for closures that must not retain.
final class WeakBox<Value: AnyObject & Sendable>: Sendable {
  private struct Weak {
    weak var value: Value?
  }

  private let storage = Mutex(Weak())

  var value: Value? {
    get { storage.withLock { $0.value } }
    set { storage.withLock { $0.value = newValue } }
  }
}
