import CBearingThread
import Dispatch
import Foundation
import IssueReporting
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
/// The send path is `@inlinable` so that it is specialized for the feature's state and action
/// types in the module that sends: unspecialized, it spends most of its time looking up generic
/// metadata at run time (see the core benchmarks).
@usableFromInline
@MainActor
final class RootStore<State, Action> {
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

    /// Notes whether the reduce just run gave the state a new identity (replaced it, or moved an
    /// enum to another case). Costs one `nil` check for a state that is not observable.
    @inlinable
    mutating func noteIdentity(_ identify: (@Sendable (State) -> ObservableStateID)?) {
      guard let identify else { return }
      let new = identify(state)
      if new != identity {
        identity = new
        identityChanged = true
      }
    }

    /// Whether the state got a new identity since last asked.
    @inlinable
    mutating func takeIdentityChange() -> Bool {
      defer { identityChanged = false }
      return identityChanged
    }

    /// Hands the state to every observer; called once a drain has ended.
    ///
    /// - Returns: Whether a publication for `Store.publisher` is pending, which the sender must
    ///   then deliver (``RootStore/deliverPublication()``).
    @inlinable
    mutating func notifyObservers() -> Bool {
      guard hasSubscribers else { return false }
      if !observers.isEmpty {
        for observer in observers.values { observer(state) }
      }
      if !publishers.isEmpty {
        // In the order they subscribed, as Combine delivers (the keys count up).
        pendingPublication = Publication(
          subscribers: publishers.sorted { $0.key < $1.key }.map(\.value), state: state)
        return true
      }
      return false
    }
  }

  /// A state to hand to `Store.publisher`'s subscribers once the drain is over.
  @usableFromInline
  struct Publication {
    @usableFromInline let subscribers: [@Sendable (State) -> Void]
    @usableFromInline let state: State

    @usableFromInline
    init(subscribers: [@Sendable (State) -> Void], state: State) {
      self.subscribers = subscribers
      self.state = state
    }

    @usableFromInline
    func deliver() {
      for subscriber in subscribers { subscriber(state) }
    }
  }

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

  /// What the first part of a send found: the store was idle, so the action was reduced, or
  /// another send is draining, so the action was queued behind it.
  @usableFromInline
  enum Claim {
    /// Reduced with no effect, and nothing was queued: the send is over. Says whether the state
    /// got a new identity, which the store's observers are told of.
    case done(identityChanged: Bool, published: Bool)
    case reduced(Effect<Action>)
    case queued(EffectGroup)
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

  /// Reduces `action` now if the store is idle, then every action queued meanwhile; otherwise
  /// queues it for the send that is draining.
  ///
  /// The store's dependencies are current while reducing and while effects start, so effect
  /// tasks inherit them.
  ///
  /// - Parameter group: The send an effect's action belongs to; `nil` for a new send.
  @inlinable
  func send(_ action: Action) -> StoreTask {
    send(action, group: nil)
  }

  @inlinable
  func send(_ action: Action, group: EffectGroup?) -> StoreTask {
    if isPublishing, group == nil {
      reportReentrantSend(action)
      let queued = EffectGroup()
      queued.beginPending()
      sentWhilePublishing.append(Queued(action: action, group: queued))
      return StoreTask(group: queued)
    }
    if isReducing {
      // Sent from inside this store's reduce: reduced once the reduce returns, as TCA buffers
      // an action sent while the store is sending.
      if group == nil { reportReentrantSend(action) }
      let queued = group ?? EffectGroup()
      queued.beginPending()
      reentrant.append(Queued(action: action, group: queued))
      return StoreTask(group: queued)
    }
    return withStoreDependencies {
      let claim = withInner { inner -> Claim in
        guard !inner.isSending else {
          // Sent while a send up the stack drains (from an effect started by it, or a
          // subscriber of the store's publisher): part of the send under way.
          if group == nil { reportReentrantSend(action) }
          let queued = group ?? EffectGroup()
          queued.beginPending()
          inner.queue.append(Queued(action: action, group: queued))
          return .queued(queued)
        }
        // Idle, so the queue is empty: the drainer empties it before it lets go.
        let effect = reduce(&inner, action)
        if case .none = effect.operation, inner.queue.isEmpty {
          let published = inner.notifyObservers()
          return .done(identityChanged: inner.takeIdentityChange(), published: published)
        }
        inner.isSending = true
        return .reduced(effect)
      }
      switch claim {
      case .done(let identityChanged, let published):
        if published { deliverPublication() }
        if identityChanged { observation?.changed() }
        return StoreTask(group: nil)
      case .queued(let queued):
        return StoreTask(group: queued)
      case .reduced(let effect):
        let started = group ?? EffectGroup()
        if drain(effect, group: started, origin: action) { observation?.changed() }
        return StoreTask(group: started)
      }
    }
  }

  /// Runs `body` with exclusive access to the store's state and queue.
  @inlinable
  func withInner<R>(_ body: (inout Inner) -> R) -> R {
    body(&inner)
  }

  /// Reduces one action; what the reduce sends to this store meanwhile joins the queue's end.
  @inlinable
  func reduce(_ inner: inout Inner, _ action: Action) -> Effect<Action> {
    inner.version &+= 1
    isReducing = true
    let effect = inner.reduce(&inner.state, action)
    isReducing = false
    if !reentrant.isEmpty {
      inner.queue.append(contentsOf: reentrant)
      reentrant.removeAll()
    }
    inner.noteIdentity(identify)
    return effect
  }

  /// Sends an effect's action: at once when nothing handed over earlier from another thread
  /// still waits; otherwise after it, in order. The action counts as pending in `group` until
  /// it is reduced.
  func sendFromEffect(_ action: Action, group: EffectGroup) {
    // Made and read on the main actor: the job that waits runs there.
    let action = Carried(action)
    inbox.run(pending: group) { _ = self.send(action.value, group: group) }
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

  /// Starts `effect`, then reduces queued actions until the queue is empty.
  ///
  /// A queued action stays pending in its group until its effects have started, so that a
  /// ``StoreTask`` waiting on the group never sees it idle in between.
  ///
  /// - Returns: Whether the state got a new identity, which the store's observers are told of.
  @inlinable
  func drain(
    _ firstEffect: Effect<Action>, group firstGroup: EffectGroup, origin: Action
  ) -> Bool {
    var identityChanged = false
    var effect = firstEffect
    var group = firstGroup
    // The action whose reduce returned `effect`: what a warning about the effect names.
    var origin = origin
    var wasQueued = false
    var published = false
    // Queued actions whose effects have started: their groups stop counting them as pending
    // once the state they made has been delivered, so that a `StoreTask` that finishes finds
    // it delivered (a view store's state read after `finish()`).
    var reduced: [EffectGroup] = []
    defer {
      if published { deliverPublication() }
      for group in reduced { group.endPending() }
    }
    while true {
      var actions: [Action] = []
      if case .none = effect.operation {
      } else {
        var started: [Task<Void, Never>] = []
        runner.start(
          effect, group: group, origin: Carried(origin), tasks: &started, actions: &actions)
      }
      let current = group
      let next = withInner { inner -> (Effect<Action>, EffectGroup, Action)? in
        if !actions.isEmpty {
          // Actions fed back synchronously belong to the send that caused them, and join the
          // queue's end, as TCA buffers them: `.merge(.send(.a), .send(.b))` then what `.a`
          // sends reduces `.a`, `.b`, then `.a`'s.
          for action in actions {
            current.beginPending()
            inner.queue.append(Queued(action: action, group: current))
          }
        }
        if wasQueued { reduced.append(current) }
        if inner.queueHead < inner.queue.count {
          let queued = inner.queue[inner.queueHead]
          inner.queueHead += 1
          let effect = reduce(&inner, queued.action)
          return (effect, queued.group, queued.action)
        }
        if !inner.queue.isEmpty {
          inner.queue.removeAll(keepingCapacity: inner.queue.count < 1024)
          inner.queueHead = 0
        }
        inner.isSending = false
        published = inner.notifyObservers()
        identityChanged = inner.takeIdentityChange()
        return nil
      }
      guard let next else { break }
      (effect, group, origin) = next
      wasQueued = true
    }
    return identityChanged
  }

  /// Calls `observer` with the state now and after every drain, on the main actor: it must only
  /// hand the state on (yield to a stream), never send. Registered now when called on the main
  /// actor, else as soon as the main actor is free.
  nonisolated func addObserver(_ observer: @escaping @Sendable (State) -> Void) -> Int {
    let id = nextObserver.add(1, ordering: .relaxed).oldValue
    inbox.run {
      self.inner.observers[id] = observer
      self.inner.hasSubscribers = true
      observer(self.inner.state)
    }
    return id
  }

  nonisolated func removeObserver(_ id: Int) {
    inbox.run {
      self.inner.observers.removeValue(forKey: id)
      self.inner.hasSubscribers = !self.inner.observers.isEmpty || !self.inner.publishers.isEmpty
    }
  }

  /// Hands the state the last drain left to `Store.publisher`'s subscribers.
  @usableFromInline
  func deliverPublication() {
    let publication = inner.pendingPublication
    inner.pendingPublication = nil
    guard let publication else { return }
    let wasPublishing = isPublishing
    isPublishing = true
    publication.deliver()
    isPublishing = wasPublishing
    guard !wasPublishing else { return }
    while !sentWhilePublishing.isEmpty {
      let next = sentWhilePublishing.removeFirst()
      _ = send(next.action, group: next.group)
      next.group.endPending()
    }
  }

  /// An action sent to the store, not by one of its effects, while the store is still
  /// processing another: from inside a reducer, or from something that reducer's state change
  /// called synchronously (a subscriber of `Store.publisher`). It is still reduced, after the
  /// action under way, but the order such sends make is not one to rely on.
  @usableFromInline
  func reportReentrantSend(_ action: Action) {
    reportIssue(RuntimeWarningMessage.reentrantSend(action: action))
  }

  /// Calls `subscriber` with the current state now, then after every send, on the main actor,
  /// once the drain is over (a subscriber may send). For `Store.publisher`. Subscribed now when
  /// called on the main actor, else as soon as the main actor is free.
  nonisolated func addPublisher(_ subscriber: @escaping @Sendable (State) -> Void) -> Int {
    let id = nextObserver.add(1, ordering: .relaxed).oldValue
    inbox.run {
      self.inner.publishers[id] = subscriber
      self.inner.hasSubscribers = true
      subscriber(self.inner.state)
    }
    return id
  }

  nonisolated func removePublisher(_ id: Int) {
    inbox.run {
      self.inner.publishers.removeValue(forKey: id)
      self.inner.hasSubscribers = !self.inner.observers.isEmpty || !self.inner.publishers.isEmpty
    }
  }
}

/// Runs work on the main actor for code that may be anywhere: at once when the caller is on the
/// main actor and nothing handed over earlier still waits, else in order, in one task on the main
/// actor, as soon as it is free. The Composable Architecture receives a publisher effect's values
/// on the main queue the same way (at once on it, else dispatched to it).
///
/// The lock guards only the hand-over list; no one holds it while running a job, so the main
/// actor never waits on another thread's work here.
final class MainActorInbox: Sendable {
  private struct Jobs {
    var waiting: [@MainActor @Sendable () -> Void] = []
    /// Whether a task on the main actor runs `waiting` (it clears this once it is empty).
    var isScheduled = false
  }

  private let jobs = Mutex(Jobs())

  /// Runs `job` on the main actor. A job that waits counts as pending in `group` until it has
  /// run, so that a ``StoreTask`` of the group never finishes before it.
  func run(pending group: EffectGroup? = nil, _ job: @escaping @MainActor @Sendable () -> Void) {
    if MainQueue.isCurrent, jobs.withLock({ $0.waiting.isEmpty && !$0.isScheduled }) {
      MainActor.assumeIsolated { job() }
      return
    }
    let pending: @MainActor @Sendable () -> Void
    if let group {
      group.beginPending()
      pending = {
        job()
        group.endPending()
      }
    } else {
      pending = job
    }
    let schedules = jobs.withLock { jobs -> Bool in
      jobs.waiting.append(pending)
      defer { jobs.isScheduled = true }
      return !jobs.isScheduled
    }
    // Detached: the sender's task-locals (a navigation place, an effect's registry) are not
    // the store's.
    if schedules { Task.detached { @MainActor in self.runWaiting() } }
  }

  @MainActor
  private func runWaiting() {
    while true {
      let next = jobs.withLock { jobs -> [@MainActor @Sendable () -> Void]? in
        guard !jobs.waiting.isEmpty else {
          jobs.isScheduled = false
          return nil
        }
        defer { jobs.waiting = [] }
        return jobs.waiting
      }
      guard let next else { return }
      for job in next { job() }
    }
  }
}

/// Whether the caller runs on the main dispatch queue, where the main actor's jobs run (on
/// Linux not always on the process's main thread: once the main thread hands the queue to
/// `dispatchMain()`, a worker thread drains it).
enum MainQueue {
  /// A value set on the main queue only, read back with `DispatchQueue.getSpecific(key:)`.
  private static let marker: Marker = {
    let marker = Marker()
    DispatchQueue.main.setSpecific(key: marker.key, value: ())
    return marker
  }()

  static var isCurrent: Bool {
    DispatchQueue.getSpecific(key: marker.key) != nil
  }

  /// `@unchecked Sendable`: the key is an object compared by identity and never changed.
  private final class Marker: @unchecked Sendable {
    let key = DispatchSpecificKey<Void>()
  }
}

extension DependencyValues {
  /// Whether two values are the same bit for bit: the same storage and the same cache, so one
  /// can stand in for the other. Unequal bits (padding, or equal values stored apart) only mean
  /// "not known to be identical".
  @inlinable
  func isIdentical(to other: Self) -> Bool {
    // Two references today (the cache and the storage): compared as two words, inline, with no
    // copy retained. Any other layout is compared byte for byte.
    if MemoryLayout<Self>.size == MemoryLayout<(UInt, UInt)>.size {
      let lhs = unsafeBitCast(self, to: (UInt, UInt).self)
      let rhs = unsafeBitCast(other, to: (UInt, UInt).self)
      return lhs == rhs
    }
    return withUnsafeBytes(of: self) { lhs in
      withUnsafeBytes(of: other) { rhs in
        guard lhs.count == rhs.count, let left = lhs.baseAddress, let right = rhs.baseAddress
        else { return lhs.count == rhs.count }
        return memcmp(left, right, lhs.count) == 0
      }
    }
  }
}

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

/// The calling thread, as a number that no other live thread has: its thread pointer, read
/// inline (`pthread_self()` through the PLT cost a send about 7 ns).
@inlinable
func currentThreadID() -> UInt {
  UInt(bearing_current_thread())
}
