import Synchronization

/// A key path that may cross tasks.
///
/// Safety: key paths are immutable once formed, so one can be shared when everything it holds
/// is Sendable: the values captured by its subscript components. The only ways to make one
/// enforce that: from a key path typed `KeyPath & Sendable`, or by appending such a path to one
/// of these, and appending captures nothing beyond the two paths' own components. (A wrapper is
/// needed at all because `appending(path:)` returns a plain `KeyPath`, even for two Sendable
/// paths.)
@usableFromInline
struct SendableKeyPath<Root, Value>: @unchecked Sendable {
  @usableFromInline let keyPath: KeyPath<Root, Value>

  @usableFromInline
  init(_ keyPath: any KeyPath<Root, Value> & Sendable) {
    self.keyPath = keyPath
  }

  private init(appended keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
  }

  /// This path followed by `next`.
  func appending<Next>(_ next: any KeyPath<Value, Next> & Sendable) -> SendableKeyPath<Root, Next> {
    SendableKeyPath<Root, Next>(appended: keyPath.appending(path: next))
  }
}

extension RootStore: StoreCore {
  @usableFromInline
  nonisolated func observe(_ observer: @escaping @Sendable (State) -> Void)
    -> @Sendable () -> Void
  {
    let id = addObserver(observer)
    return { [weak self] in self?.removeObserver(id) }
  }

  @usableFromInline
  nonisolated func scoped<ChildState, ChildAction>(
    state: @escaping @Sendable (State) -> ChildState,
    action: @escaping @Sendable (ChildAction) -> Action
  ) -> any StoreCore<ChildState, ChildAction> {
    ScopedStore(root: self, toState: state, fromAction: action)
  }

  @usableFromInline
  nonisolated var runningEffects: Int { runner.runningOperations.load(ordering: .relaxed) }

  @usableFromInline
  nonisolated func publish(_ subscriber: @escaping @Sendable (State) -> Void)
    -> @Sendable () -> Void
  {
    let id = addPublisher(subscriber)
    return { [weak self] in self?.removePublisher(id) }
  }
}

/// A child's view of a root store: one composed key path in, one composed function out, so
/// cost does not grow with the depth of scoping.
final class ScopedStore<
  RootState, RootAction, State, Action
>:
  StoreCore
{
  let root: RootStore<RootState, RootAction>
  let toState: @Sendable (RootState) -> State
  let fromAction: @Sendable (Action) -> RootAction

  init(
    root: RootStore<RootState, RootAction>,
    toState: @escaping @Sendable (RootState) -> State,
    fromAction: @escaping @Sendable (Action) -> RootAction
  ) {
    self.root = root
    self.toState = toState
    self.fromAction = fromAction
  }

  @MainActor var state: State { toState(root.state) }

  @MainActor func send(_ action: Action) -> StoreTask {
    root.send(fromAction(action))
  }

  func observe(_ observer: @escaping @Sendable (State) -> Void) -> @Sendable () -> Void {
    let toState = self.toState
    let id = root.addObserver { observer(toState($0)) }
    return { [weak root] in root?.removeObserver(id) }
  }

  func scoped<ChildState, ChildAction>(
    state: @escaping @Sendable (State) -> ChildState,
    action: @escaping @Sendable (ChildAction) -> Action
  ) -> any StoreCore<ChildState, ChildAction> {
    let (fromAction, toState) = (self.fromAction, self.toState)
    return ScopedStore<RootState, RootAction, ChildState, ChildAction>(
      root: root,
      toState: { state(toState($0)) },
      fromAction: { fromAction(action($0)) }
    )
  }

  var runningEffects: Int { root.runner.runningOperations.load(ordering: .relaxed) }

  @usableFromInline
  func publish(_ subscriber: @escaping @Sendable (State) -> Void) -> @Sendable () -> Void {
    let toState = self.toState
    let id = root.addPublisher { subscriber(toState($0)) }
    return { [weak root] in root?.removePublisher(id) }
  }
}
