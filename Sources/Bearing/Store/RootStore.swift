import Foundation
import Synchronization

/// The one place a store's state lives and its reducer runs.
///
/// Every action is reduced on the main actor, as with The Composable Architecture: `Store`'s API
/// is there, and what an effect sends from anywhere else (a publisher delivering on its
/// scheduler's thread, a scheduler firing a delayed effect, a concatenation's task) is handed to
/// the main actor in the order it was sent (``inbox``). So the store takes no lock: its state is
/// the main actor's, and so are its actions, which need not be `Sendable`: they are read only
/// here. The first send to find the store idle becomes the "drainer" and reduces queued actions
/// until the queue is empty; a send that arrives while another is being reduced (from an effect,
/// an observer, a subscriber of the store's publisher) is queued behind it, never dropped and
/// never re-entrant.
///
/// Its jobs, one file each: queueing sends (`RootStore+Send.swift`), reducing one action and
/// draining the queue (`RootStore+Reduce.swift`), and handing the state to observers and
/// subscribers (`RootStore+Subscribers.swift`). Effects are started by its ``EffectRunner``.
///
/// The send path is `@inlinable` so that it is specialized for the feature's state and action
/// types in the module that sends: unspecialized, it spends most of its time looking up generic
/// metadata at run time (see the core benchmarks).
@usableFromInline
@MainActor
final class RootStore<State, Action> {
  /// The state, the reducer and the queue of actions waiting to be reduced.
  @usableFromInline
  struct Inner {
    @usableFromInline var state: State
    @usableFromInline var reduce: (inout State, Action) -> Effect<Action>
    @usableFromInline var queue: [Queued] = []
    @usableFromInline var queueHead = 0
    @usableFromInline var isSending = false
    @usableFromInline var version: UInt64 = 0
    @usableFromInline var observers: [Int: @Sendable (State) -> Void] = [:]
    /// Subscribers of `Store.publisher`: called once the reduce is over, so they may send.
    @usableFromInline var publishers: [Int: @Sendable (State) -> Void] = [:]
    /// Whether `observers` or `publishers` has anyone: one check on every send.
    @usableFromInline var hasSubscribers = false
    /// The state for `publishers`, handed over by the sender once its drain is over.
    @usableFromInline var pendingPublication: Publication?
    /// The state's `_$id` after the last reduce, for an `@ObservableState` root.
    @usableFromInline var identity: ObservableStateID?
    /// Whether a reduce gave the state a new identity since the store last told Observation.
    @usableFromInline var identityChanged = false

    @usableFromInline
    init(state: State, reduce: @escaping (inout State, Action) -> Effect<Action>) {
      self.state = state
      self.reduce = reduce
    }
  }

  /// An action waiting to be reduced.
  @usableFromInline
  struct Queued {
    @usableFromInline let action: Action
    /// The send this action belongs to, whose ``StoreTask`` its effects join.
    @usableFromInline let group: EffectGroup

    @usableFromInline
    init(action: Action, group: EffectGroup) {
      self.action = action
      self.group = group
    }
  }

  @usableFromInline var inner: Inner
  /// Whether a reduce is running now. A send made from inside it (a reducer feeding a Combine
  /// subject whose subscriber sends back) must not touch `inner`, which the reduce is changing:
  /// it is kept in `reentrant`, and queued after the reduce.
  @usableFromInline var isReducing = false
  /// Whether the state of a send is being handed to `Store.publisher`'s subscribers now.
  @usableFromInline var isPublishing = false
  /// What subscribers sent (not from effects) while a state was handed to them: reduced once
  /// every subscriber has had that state, as TCA buffers an action sent while it processes.
  @usableFromInline var sentWhilePublishing: [Queued] = []
  @usableFromInline var reentrant: [Queued] = []
  @usableFromInline nonisolated let dependencies: DependencyValues
  @usableFromInline nonisolated let runner: EffectRunner<Action>
  /// Hands what other threads send (effects' actions, subscriptions made off the main actor)
  /// to the main actor, in order.
  nonisolated let inbox = MainActorInbox()
  /// Numbers observers and subscribers, from any thread.
  nonisolated let nextObserver = Atomic<Int>(0)
  /// Reports changes to Swift's Observation when the state is `@ObservableState`.
  @usableFromInline nonisolated let observation: StoreObservation?
  /// Reads the state's `_$id`, when the state is `@ObservableState`.
  @usableFromInline nonisolated let identify: (@Sendable (State) -> ObservableStateID)?

  /// - Parameters:
  ///   - send: Where actions from effects go, on the main actor; ``StoreLifetime`` routes them
  ///     back here (through ``sendFromEffect(_:group:)``) for as long as a store of this root
  ///     exists.
  ///   - hop: How work from other threads reaches the main actor: through this store's
  ///     ``inbox``, for as long as a store of this root exists.
  @usableFromInline
  init(
    initialState: State,
    reducer: sending some Reducer<State, Action>,
    dependencies: DependencyValues,
    send: @escaping @MainActor @Sendable (Action, EffectGroup) -> Void,
    hop:
      @escaping @Sendable (EffectGroup, _ job: @escaping @MainActor @Sendable () -> Void) ->
      Void
  ) {
    let identify = StoreObservation.identity(of: State.self)
    var inner = Inner(state: initialState, reduce: reducer.reduce(into:action:))
    inner.identity = identify?(initialState)
    self.inner = inner
    self.dependencies = dependencies
    self.runner = EffectRunner(send: send, hop: hop)
    self.identify = identify
    self.observation = identify == nil ? nil : StoreObservation()
  }

  @inlinable
  var state: State {
    inner.state
  }

  /// Runs `body` with exclusive access to the store's state and queue.
  @inlinable
  func withInner<R>(_ body: (inout Inner) -> R) -> R {
    body(&inner)
  }

  /// Runs `body` with the store's dependencies current.
  ///
  /// When the sender's dependencies are already the very same value (a store made without
  /// overrides, sent to from a context without overrides, or sent to from its own effects), the
  /// task-local push is skipped: it would change nothing, and it costs more than the rest of a
  /// send.
  @inlinable
  func withStoreDependencies<R>(_ body: () -> R) -> R {
    if DependencyValues._current.isIdentical(to: dependencies) { return body() }
    return DependencyValues.$_current.withValue(dependencies, operation: body)
  }
}
