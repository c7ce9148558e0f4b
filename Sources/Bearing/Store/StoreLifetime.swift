import Synchronization

/// Owns a root store's effects: every ``Store`` of one root, scoped or not, holds the same
/// lifetime, and when the last one goes away the effects still running are cancelled.
///
/// Effects reach the root through a weak reference to the lifetime rather than to the root
/// itself: a weakly referenced object keeps its reference counts in a side table, which makes
/// every retain and release slower, and the root is retained on every send.
final class StoreLifetime<State, Action>: Sendable {
  let root: RootStore<State, Action>

  private init(root: RootStore<State, Action>) {
    self.root = root
  }

  @MainActor
  static func start(
    initialState: State,
    reducer: sending some Reducer<State, Action>,
    dependencies: DependencyValues
  ) -> StoreLifetime {
    let box = WeakBox<StoreLifetime>()
    let root = RootStore(
      initialState: initialState, reducer: reducer, dependencies: dependencies,
      send: { action, group in box.value?.root.sendFromEffect(action, group: group) },
      hop: { group, job in box.value?.root.inbox.run(pending: group, job) })
    let lifetime = StoreLifetime(root: root)
    box.value = lifetime
    return lifetime
  }

  deinit {
    root.runner.close()
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
