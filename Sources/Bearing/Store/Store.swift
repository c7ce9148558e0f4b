import IssueReporting
import Synchronization

/// Holds a feature's state, runs its reducer for every action, and runs the effects that follow.
///
/// It lives on the main actor, as The Composable Architecture's store does: actions are reduced
/// one at a time, in the order they arrive; an action sent while another is being reduced is
/// queued, never lost. An effect's task starts on the main actor and its `send` delivers there.
/// ``states`` and ``allStates`` may be read from any task.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) { Counter() }
/// store.send(.increment)
/// for await state in store.states { render(state) }
/// ```
@dynamicMemberLookup
@MainActor
public final class Store<State, Action>: Sendable {
  @usableFromInline let core: any StoreCore<State, Action>
  /// The same object as `core` when this is a root store, held concretely so that ``send(_:)``
  /// is specialized for `State` and `Action` where it is called.
  @usableFromInline let root: RootStore<State, Action>?
  /// A child store's way to the root: its action embedded, then sent by a closure made where
  /// the root's types are known, so that the root's send is specialized for them. `nil` for a
  /// root store, and for child stores made without it (they send through `core`).
  @usableFromInline let forward: (@MainActor @Sendable (Action) -> StoreTask)?
  /// Shared by every store of one root: the root's effects run while any of them exists.
  @usableFromInline let lifetime: any AnyObject & Sendable
  /// The root's, when its state is `@ObservableState`: reads register with Observation.
  @usableFromInline let observation: StoreObservation?
  /// Whether scoping by key paths returns one store per path (``children``): true for a root
  /// store and the stores scoped from it by key paths; false for a store made by functions
  /// (`scope(state:action:)` with closures), which cannot be named, and for every store
  /// scoped from one.
  @usableFromInline let canCacheChildren: Bool
  /// The stores scoped from this one by key paths, by their paths: scoping again by the same
  /// paths returns the same store, as The Composable Architecture's scope cache does.
  @usableFromInline var children: [ScopeID: AnyObject] = [:]

  @usableFromInline
  init(
    core: any StoreCore<State, Action>,
    lifetime: any AnyObject & Sendable,
    observation: StoreObservation?,
    forward: (@MainActor @Sendable (Action) -> StoreTask)? = nil,
    canCacheChildren: Bool = true
  ) {
    self.core = core
    self.root = core as? RootStore<State, Action>
    self.lifetime = lifetime
    self.observation = observation
    self.forward = forward
    self.canCacheChildren = canCacheChildren
  }

  /// The store scoped from this one by `id`: the one made before, else `make()`'s, kept for
  /// the next scope by the same id. Never kept where this store cannot cache (a store made by
  /// functions): each scope then makes a new store.
  @inlinable
  func cachedScope<ChildState, ChildAction>(
    _ id: ScopeID, make: () -> Store<ChildState, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    guard canCacheChildren else { return make() }
    if let child = children[id] as? Store<ChildState, ChildAction> { return child }
    let child = make()
    children[id] = child
    return child
  }

  /// How a child store whose actions `embed` turns into this store's sends them: straight to
  /// the root's specialized send when this is the root, else through this store's own way.
  @inlinable
  func forwarding<ChildAction>(
    _ embed: @escaping @Sendable (ChildAction) -> Action
  ) -> @MainActor @Sendable (ChildAction) -> StoreTask {
    if let root { return { root.send(embed($0)) } }
    if let forward { return { forward(embed($0)) } }
    let core = self.core
    return { core.send(embed($0)) }
  }

  /// Creates a store with a reducer, and the dependencies its reducer and effects will use.
  ///
  /// Dependencies are captured now: effects see the same values wherever they run. The initial
  /// state and the reducer are made with them, so a state that draws an id from
  /// `@Dependency(\.uuid)` draws it from the store's.
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    let dependencies = Dependencies.withDependencies {
      prepareDependencies?(&$0)
    } operation: {
      DependencyValues._current
    }
    let lifetime = DependencyValues.$_current.withValue(dependencies) {
      StoreLifetime.start(
        initialState: initialState(), reducer: reducer(), dependencies: dependencies)
    }
    self.init(core: lifetime.root, lifetime: lifetime, observation: lifetime.root.observation)
  }

  /// The current state. Inside `withObservationTracking`, reading it of an `@ObservableState`
  /// feature registers interest in the store's changes.
  @inlinable
  public var state: State {
    observation?.access()
    return root?.state ?? core.state
  }

  /// Reads a value from the current state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Sends an action: the reducer runs before this returns; its effects run in tasks.
  ///
  /// - Returns: The effects started, to await (`.finish()`) or cancel.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if let root { return root.send(action) }
    if let forward { return forward(action) }
    return core.send(action)
  }

  /// A store for a child feature: its state is part of this store's, its actions are embedded in
  /// this store's actions. Reading and sending cost the same at any depth of scoping.
  ///
  /// ```swift
  /// let nearby = appStore.scope(state: \.nearby, action: \.nearby)
  /// ```
  ///
  /// `\.nearby` names the case's entry in `Action.AllCasePaths`, whose embedding is a plain
  /// function: a send through a child store costs about the same as one through the root.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: any KeyPath<State, ChildState> & Sendable,
    action toChildAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    scope(
      state: toChildState, action: toChildAction,
      casePath: CasePathCache.casePath(toChildAction))
  }

  /// A store for a child feature, its actions embedded by case key path, such as a path through
  /// several cases (`\.detail.editor`) or one held in a variable.
  @inlinable
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    state toChildState: any KeyPath<State, ChildState> & Sendable,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    scope(
      state: toChildState, action: toChildAction,
      casePath: CasePathCache.casePath(toChildAction))
  }

  /// `scope(state:action:)` with the state path unlabeled: `store.scope(\.child, action: \.child)`.
  @inlinable
  public func scope<ChildState, ChildAction>(
    _ toChildState: any KeyPath<State, ChildState> & Sendable,
    action toChildAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    scope(state: toChildState, action: toChildAction)
  }

  /// `scope(state:action:)` with the state path unlabeled, its actions by case key path.
  @inlinable
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    _ toChildState: any KeyPath<State, ChildState> & Sendable,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    scope(state: toChildState, action: toChildAction)
  }

  /// The scope by key paths, written once for its spellings: the store kept for these paths, or
  /// a new one (whose case path is only then looked up).
  @inlinable
  func scope<ChildState, ChildAction>(
    state toChildState: any KeyPath<State, ChildState> & Sendable,
    action toChildAction: some Hashable,
    casePath: @autoclosure () -> AnyCasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    cachedScope(
      ScopeID(
        state: toChildState, action: toChildAction, store: Store<ChildState, ChildAction>.self)
    ) {
      scope(state: toChildState, casePath: casePath())
    }
  }

  @inlinable
  func scope<ChildState, ChildAction>(
    state toChildState: any KeyPath<State, ChildState> & Sendable,
    casePath: AnyCasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: { casePath.embed($0) })
  }

  /// A store for a child feature, with the child's actions embedded by a function.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: any KeyPath<State, ChildState> & Sendable,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let path = SendableKeyPath(toChildState)
    return Store<ChildState, ChildAction>(
      core: core.scoped(state: { $0[keyPath: path.keyPath] }, action: fromChildAction),
      lifetime: lifetime, observation: observation, forward: forwarding(fromChildAction),
      canCacheChildren: canCacheChildren)
  }

  /// A store for a child feature, its state derived by a function (The Composable
  /// Architecture's older form; prefer key paths, which name what they read).
  ///
  /// ```swift
  /// let child = store.scope(state: { $0.child }, action: { .child($0) })
  /// ```
  @inlinable
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping @Sendable (State) -> ChildState,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      core: core.scoped(state: toChildState, action: fromChildAction), lifetime: lifetime,
      observation: observation, forward: forwarding(fromChildAction), canCacheChildren: false)
  }

  /// A store for a child feature whose state is optional: `nil` while the child's state is
  /// `nil`, else a store of the child's state, unwrapped.
  ///
  /// ```swift
  /// if let detail = store.scope(\.detail, action: \.detail) { show(detail) }
  /// ```
  ///
  /// A store kept after the child's state became `nil` goes on reading the last state it saw;
  /// what it sends still reaches this store's reducer (which reports an action for a child
  /// that is not there).
  @inlinable
  public func scope<ChildState, ChildAction>(
    _ toChildState: any KeyPath<State, ChildState?> & Sendable,
    action toChildAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    scope(
      optional: toChildState, action: toChildAction,
      casePath: CasePathCache.casePath(toChildAction))
  }

  /// The optional scope, its actions by case key path.
  @inlinable
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    _ toChildState: any KeyPath<State, ChildState?> & Sendable,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    scope(
      optional: toChildState, action: toChildAction,
      casePath: CasePathCache.casePath(toChildAction))
  }

  /// The optional scope with the state path labeled (The Composable Architecture's older
  /// spelling): `store.scope(state: \.child, action: \.child)`.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: any KeyPath<State, ChildState?> & Sendable,
    action toChildAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    scope(toChildState, action: toChildAction)
  }

  /// The optional scope with the state path labeled, its actions by case key path.
  @inlinable
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    state toChildState: any KeyPath<State, ChildState?> & Sendable,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    scope(toChildState, action: toChildAction)
  }

  /// The optional scope, written once for its four spellings: `nil` while the child's state is
  /// (forgetting the store kept for these paths), else the store kept for them or a new one.
  /// From a store that cannot cache, it reports that its stores cannot be observed, as The
  /// Composable Architecture does.
  @inlinable
  func scope<ChildState, ChildAction>(
    optional toChildState: any KeyPath<State, ChildState?> & Sendable,
    action toChildAction: some Hashable,
    casePath: AnyCasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    let id = ScopeID(
      state: toChildState, action: toChildAction, store: Store<ChildState, ChildAction>.self)
    // Reported here, not at the caller: a location's default arguments on the optional
    // overloads would make Swift prefer the plain scope (a store of the optional state).
    if !canCacheChildren { reportIssue(RuntimeWarningMessage.uncachedStore(of: self)) }
    let path = SendableKeyPath(toChildState)
    guard let initial = state[keyPath: path.keyPath] else {
      children[id] = nil
      return nil
    }
    return cachedScope(id) {
      unwrapping(path, initial: initial, action: { casePath.embed($0) })
    }
  }

  /// A store of the child state at `path`, unwrapped: it goes on reading the last non-`nil`
  /// state once the state there becomes `nil`.
  @inlinable
  func unwrapping<ChildState, ChildAction>(
    _ path: SendableKeyPath<State, ChildState?>,
    initial: ChildState,
    action embed: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let last = LastChildState(initial)
    return Store<ChildState, ChildAction>(
      core: core.scoped(
        state: { state in
          guard let child = state[keyPath: path.keyPath] else { return last.value }
          last.value = child
          return child
        },
        action: embed),
      lifetime: lifetime, observation: observation, forward: forwarding(embed),
      canCacheChildren: canCacheChildren)
  }

  /// Reads the current state in a closure.
  ///
  /// ```swift
  /// let count = store.withState(\.count)
  /// ```
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    body(state)
  }

}

extension Store where State: Sendable {
  /// Every state after each send, starting with the current one (without removing duplicates).
  nonisolated public var allStates: AsyncStream<State> {
    states(removingDuplicates: { _, _ in false })
  }

  /// A stream of the states after each send, starting with the current one, for as long as it
  /// is iterated; a slow consumer sees the newest state, not a backlog.
  nonisolated func states(
    removingDuplicates isDuplicate: @escaping @Sendable (State, State) -> Bool
  ) -> AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: State.self, bufferingPolicy: .bufferingNewest(1))
    let last = Mutex<State?>(nil)
    let end = core.observe { state in
      let changed = last.withLock { last -> Bool in
        if let previous = last, isDuplicate(previous, state) { return false }
        last = state
        return true
      }
      if changed { continuation.yield(state) }
    }
    continuation.onTermination = { _ in end() }
    return stream
  }
}

extension Store where State: Equatable & Sendable {
  /// Every distinct state, starting with the current one, for as long as the stream is iterated.
  ///
  /// Consecutive equal states are yielded once; a slow consumer sees the newest state, not a
  /// backlog.
  ///
  /// ```swift
  /// for await state in store.states { print(render(state)) }
  /// ```
  nonisolated public var states: AsyncStream<State> {
    states(removingDuplicates: ==)
  }
}

/// What a store's scope is kept under in its ``Store/children``: the state's and the action's
/// paths, and the child store's type (one pair of paths can make an optional store's scope and
/// a plain one).
@usableFromInline
struct ScopeID: Hashable {
  @usableFromInline let state: AnyKeyPath
  @usableFromInline let action: AnyHashable
  @usableFromInline let store: ObjectIdentifier

  @usableFromInline
  init<Root, Value>(
    state: any KeyPath<Root, Value> & Sendable, action: some Hashable, store: Any.Type
  ) {
    self.state = state as AnyKeyPath
    self.action = AnyHashable(action)
    self.store = ObjectIdentifier(store)
  }
}

/// The last non-`nil` state an optional scope's store read, which it goes on reading once the
/// state becomes `nil`.
///
/// `@unchecked Sendable`: it is read and written only by the scoped store's state function,
/// which runs only where the root's state is read: on the main actor (`Store.state`, and the
/// root's observers and publishers, which it calls there). So no two threads touch it at once.
@usableFromInline
final class LastChildState<Value>: @unchecked Sendable {
  @usableFromInline var value: Value

  @usableFromInline
  init(_ value: Value) {
    self.value = value
  }
}

/// What a ``Store`` forwards to: the root, or a scoped view of it.
@usableFromInline
protocol StoreCore<State, Action>: AnyObject, Sendable {
  associatedtype State
  associatedtype Action

  @MainActor var state: State { get }
  @MainActor func send(_ action: Action) -> StoreTask
  /// Calls `observer` with the state now and after every send, on the main actor (at once when
  /// called there); it must only hand the state on, never send. Returns what ends it.
  func observe(_ observer: @escaping @Sendable (State) -> Void) -> @Sendable () -> Void
  func scoped<ChildState, ChildAction>(
    state: @escaping @Sendable (State) -> ChildState,
    action: @escaping @Sendable (ChildAction) -> Action
  ) -> any StoreCore<ChildState, ChildAction>
  /// How many effects of the root store are running.
  var runningEffects: Int { get }
  /// Calls `subscriber` with the state now and after every send, outside the store's lock;
  /// returns what ends the subscription.
  func publish(_ subscriber: @escaping @Sendable (State) -> Void) -> @Sendable () -> Void
}
