import CBearingThread
import Foundation
import Synchronization

/// The one place a store's state lives and its reducer runs.
///
/// Every send takes the same lock; the first sender to find the store idle becomes the "drainer"
/// and reduces queued actions until the queue is empty. A send that arrives while another is
/// being reduced (from an effect, an observer, a Combine scheduler's thread) is queued, never
/// dropped and never re-entrant. `Store`'s API is on the main actor, and effects send there; the
/// lock is for the sends that are not: a publisher effect delivering on its scheduler's thread,
/// and state streams and publishers read from any task.
///
/// The send path is `@inlinable` so that it is specialized for the feature's state and action
/// types in the module that sends: unspecialized, it spends most of its time looking up generic
/// metadata at run time (see the core benchmarks).
@usableFromInline
final class RootStore<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline
  struct Inner {
    @usableFromInline var state: State
    @usableFromInline var reduce: (inout State, Action) -> Effect<Action>
    @usableFromInline var queue: [Queued] = []
    @usableFromInline var queueHead = 0
    @usableFromInline var isSending = false
    /// The thread draining now, while `isSending`.
    @usableFromInline var drainingThread: UInt = 0
    /// Actions other threads sent while a drain was under way: reduced after it, by a task of
    /// their own, never inside the drainer's send (see ``RootStore/drainForeign()``).
    @usableFromInline var foreign: [Queued] = []
    /// Whether a task to reduce `foreign` is on its way.
    @usableFromInline var foreignScheduled = false
    /// The thread handing a state to `Store.publisher`'s subscribers, and how deeply (a
    /// subscriber's send hands on its own state first). Until it is done, other threads' actions
    /// wait in `foreign`, as they wait for a drain.
    @usableFromInline var deliveringThread: UInt = 0
    @usableFromInline var deliveringDepth = 0
    @usableFromInline var version: UInt64 = 0
    @usableFromInline var observers: [Int: @Sendable (State) -> Void] = [:]
    /// Subscribers of `Store.publisher`: called after the lock is let go, so they may send.
    @usableFromInline var publishers: [Int: @Sendable (State) -> Void] = [:]
    /// Whether `observers` or `publishers` has anyone: one check on every send.
    @usableFromInline var hasSubscribers = false
    /// The state for `publishers`, handed over by the sender once it lets go of the lock.
    @usableFromInline var pendingPublication: Publication?
    @usableFromInline var nextObserver = 0
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
    /// - Returns: Whether a publication for `Store.publisher` is pending, which the thread must
    ///   then deliver (``RootStore/deliverPublication(thread:)``).
    @inlinable
    mutating func notifyObservers(thread: UInt) -> Bool {
      guard hasSubscribers else { return false }
      if !observers.isEmpty {
        for observer in observers.values { observer(state) }
      }
      if !publishers.isEmpty {
        // In the order they subscribed, as Combine delivers (the keys count up).
        pendingPublication = Publication(
          subscribers: publishers.sorted { $0.key < $1.key }.map(\.value), state: state)
        deliveringThread = thread
        deliveringDepth += 1
        return true
      }
      return false
    }

    /// Whether an action sent now on `thread` is reduced now: the store is idle, no other
    /// thread is handing its state on, and (for an effect's action) no other effect's action
    /// waits before it.
    @inlinable
    func admits(thread: UInt, fromEffect: Bool) -> Bool {
      !isSending && (deliveringThread == 0 || deliveringThread == thread)
        && (!fromEffect || foreign.isEmpty)
    }
  }

  /// A state to hand to `Store.publisher`'s subscribers once the lock is let go.
  @usableFromInline
  struct Publication: Sendable {
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

  /// What the first lock of a send found: the store was idle, so the action was reduced, or
  /// another sender is draining, so the action was queued behind it.
  @usableFromInline
  enum Claim {
    /// Reduced with no effect, and nothing was queued: the send is over. Says whether the state
    /// got a new identity, which the store's observers are told of.
    case done(identityChanged: Bool, published: Bool)
    case reduced(Effect<Action>)
    case queued(EffectGroup)
  }

  @usableFromInline let inner: Mutex<Inner>
  /// The thread reducing now, under `inner`'s lock; 0 when none. A send made on that thread
  /// while it reduces (a reducer feeding a Combine subject whose subscriber sends back) cannot
  /// take the lock again: it is queued in `reentrant`, and taken in after the reduce.
  @usableFromInline let reducingThread = Atomic<UInt>(0)
  @usableFromInline let reentrant = ReentrantSends<Queued>()
  @usableFromInline let dependencies: DependencyValues
  @usableFromInline let runner: EffectRunner<Action>
  /// Reports changes to Swift's Observation when the state is `@ObservableState`.
  @usableFromInline let observation: StoreObservation?
  /// Reads the state's `_$id`, when the state is `@ObservableState`.
  @usableFromInline let identify: (@Sendable (State) -> ObservableStateID)?

  /// - Parameter send: Where actions from effects go; ``StoreLifetime`` routes them back here
  ///   for as long as a store of this root exists.
  @usableFromInline
  init(
    initialState: State,
    reducer: sending some Reducer<State, Action>,
    dependencies: DependencyValues,
    send: @escaping @Sendable (Action, EffectGroup) -> Void
  ) {
    let identify = StoreObservation.identity(of: State.self)
    var inner = Inner(state: initialState, reduce: reducer.reduce(into:action:))
    inner.identity = identify?(initialState)
    self.inner = Mutex(inner)
    self.dependencies = dependencies
    self.runner = EffectRunner(send: send)
    self.identify = identify
    self.observation = identify == nil ? nil : StoreObservation()
  }

  @inlinable
  var state: State {
    inner.withLock { $0.state }
  }

  /// Reduces `action` now if the store is idle, then every action queued meanwhile; otherwise
  /// queues it for the sender that is draining.
  ///
  /// An action costs one lock to reduce it and pick the next, so a send that finds the store idle
  /// takes the lock twice, or once when its action has no effect. The store's dependencies are
  /// current while reducing and while effects start, so effect tasks inherit them.
  ///
  /// - Parameter group: The send an effect's action belongs to; `nil` for a new send.
  @inlinable
  func send(_ action: Action) -> StoreTask {
    send(action, group: nil)
  }

  @inlinable
  func send(_ action: Action, group: EffectGroup?) -> StoreTask {
    let thread = currentThreadID()
    if reducingThread.load(ordering: .relaxed) == thread {
      // Sent from inside this store's reduce, on this thread, which holds the lock: reduced
      // once the reduce returns, as TCA buffers an action sent while the store is sending.
      let queued = group ?? EffectGroup()
      queued.beginPending()
      reentrant.append(Queued(action: action, group: queued))
      return StoreTask(group: queued)
    }
    return withStoreDependencies {
      let claim = inner.withLock { inner -> Claim in
        // An effect's action waits behind the effects' actions already waiting, so that each
        // effect's actions are reduced in the order it sent them.
        guard inner.admits(thread: thread, fromEffect: group != nil) else {
          let queued = group ?? EffectGroup()
          queued.beginPending()
          if inner.isSending, inner.drainingThread == thread {
            // Sent by the drainer itself outside a reduce (a publisher effect that sends as it
            // is subscribed): part of the send under way.
            inner.queue.append(Queued(action: action, group: queued))
          } else {
            inner.foreign.append(Queued(action: action, group: queued))
          }
          return .queued(queued)
        }
        // Idle, so the queue is empty: the drainer empties it before it lets go.
        inner.version &+= 1
        reducingThread.store(thread, ordering: .relaxed)
        let effect = inner.reduce(&inner.state, action)
        reducingThread.store(0, ordering: .relaxed)
        if !reentrant.isEmpty { inner.queue.append(contentsOf: reentrant.take()) }
        inner.noteIdentity(identify)
        if case .none = effect.operation, inner.queue.isEmpty {
          let published = inner.notifyObservers(thread: thread)
          return .done(identityChanged: inner.takeIdentityChange(), published: published)
        }
        inner.isSending = true
        inner.drainingThread = thread
        return .reduced(effect)
      }
      switch claim {
      case .done(let identityChanged, let published):
        if published { deliverPublication(thread: thread) }
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
    _ firstEffect: Effect<Action>, group firstGroup: EffectGroup, origin: Action,
    firstWasQueued: Bool = false
  ) -> Bool {
    let thread = currentThreadID()
    var identityChanged = false
    var effect = firstEffect
    var group = firstGroup
    // The action whose reduce returned `effect`: what a warning about the effect names.
    var origin = origin
    var wasQueued = firstWasQueued
    var schedulesForeign = false
    var published = false
    // Queued actions whose effects have started: their groups stop counting them as pending
    // once the state they made has been delivered, so that a `StoreTask` that finishes finds
    // it delivered (a view store's state read after `finish()`).
    var reduced: [EffectGroup] = []
    defer {
      if published { deliverPublication(thread: thread) }
      for group in reduced { group.endPending() }
      if schedulesForeign { scheduleForeignDrain() }
    }
    while true {
      var actions: [Action] = []
      if case .none = effect.operation {
      } else {
        var started: [Task<Void, Never>] = []
        runner.start(effect, group: group, origin: origin, tasks: &started, actions: &actions)
      }
      let current = group
      let next = inner.withLock { inner -> (Effect<Action>, EffectGroup, Action)? in
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
          inner.version &+= 1
          reducingThread.store(thread, ordering: .relaxed)
          let effect = inner.reduce(&inner.state, queued.action)
          reducingThread.store(0, ordering: .relaxed)
          if !reentrant.isEmpty { inner.queue.append(contentsOf: reentrant.take()) }
          inner.noteIdentity(identify)
          return (effect, queued.group, queued.action)
        }
        if !inner.queue.isEmpty {
          inner.queue.removeAll(keepingCapacity: inner.queue.count < 1024)
          inner.queueHead = 0
        }
        inner.isSending = false
        inner.drainingThread = 0
        published = inner.notifyObservers(thread: thread)
        // Scheduled here unless a delivery follows, whose end schedules it.
        if !inner.foreign.isEmpty, !inner.foreignScheduled, inner.deliveringThread == 0 {
          inner.foreignScheduled = true
          schedulesForeign = true
        }
        identityChanged = inner.takeIdentityChange()
        return nil
      }
      guard let next else { break }
      (effect, group, origin) = next
      wasQueued = true
    }
    return identityChanged
  }

  /// Reduces, in a task of its own, the actions that other threads sent during a drain.
  ///
  /// An action sent from another thread (a Combine scheduler's) while a send is being processed
  /// waits until that send is over: the sender's state is published first. The wait is a task
  /// started once the drain is over. (An effect's `send` is on the main actor, as the store's
  /// own API is, so it never arrives during a send.)
  @usableFromInline
  func scheduleForeignDrain() {
    // Detached: the drainer's task-locals (a navigation place, an effect's registry) are not
    // the root's.
    Task.detached { self.drainForeign() }
  }

  func drainForeign() {
    let thread = currentThreadID()
    withStoreDependencies {
      let claim = inner.withLock { inner -> (Effect<Action>, EffectGroup, Action)? in
        inner.foreignScheduled = false
        // A drain or a delivery under way schedules this again when it ends.
        guard !inner.isSending, inner.deliveringThread == 0, !inner.foreign.isEmpty else {
          return nil
        }
        inner.queue = inner.foreign
        inner.foreign = []
        inner.queueHead = 1
        let first = inner.queue[0]
        inner.version &+= 1
        reducingThread.store(thread, ordering: .relaxed)
        let effect = inner.reduce(&inner.state, first.action)
        reducingThread.store(0, ordering: .relaxed)
        if !reentrant.isEmpty { inner.queue.append(contentsOf: reentrant.take()) }
        inner.noteIdentity(identify)
        inner.isSending = true
        inner.drainingThread = thread
        return (effect, first.group, first.action)
      }
      guard let (effect, group, action) = claim else { return }
      if drain(effect, group: group, origin: action, firstWasQueued: true) {
        observation?.changed()
      }
    }
  }

  /// Calls `observer` with the state after every drain, under the store's lock: it must only
  /// hand the state on (yield to a stream), never send.
  func addObserver(_ observer: @escaping @Sendable (State) -> Void) -> Int {
    inner.withLock { inner in
      let id = inner.nextObserver
      inner.nextObserver += 1
      inner.observers[id] = observer
      inner.hasSubscribers = true
      observer(inner.state)
      return id
    }
  }

  func removeObserver(_ id: Int) {
    inner.withLock { inner in
      inner.observers.removeValue(forKey: id)
      inner.hasSubscribers = !inner.observers.isEmpty || !inner.publishers.isEmpty
    }
  }

  /// Hands the state the last drain left to `Store.publisher`'s subscribers, outside the lock.
  @usableFromInline
  func deliverPublication(thread: UInt) {
    let publication = inner.withLock { inner -> Publication? in
      defer { inner.pendingPublication = nil }
      return inner.pendingPublication
    }
    publication?.deliver()
    let schedulesForeign = inner.withLock { inner -> Bool in
      guard inner.deliveringThread == thread else { return false }
      inner.deliveringDepth -= 1
      guard inner.deliveringDepth == 0 else { return false }
      inner.deliveringThread = 0
      guard !inner.foreign.isEmpty, !inner.foreignScheduled, !inner.isSending else { return false }
      inner.foreignScheduled = true
      return true
    }
    if schedulesForeign { scheduleForeignDrain() }
  }

  /// Calls `subscriber` with the current state now, then after every send, outside the store's
  /// lock (a subscriber may send). For `Store.publisher`.
  func addPublisher(_ subscriber: @escaping @Sendable (State) -> Void) -> Int {
    let (id, state) = inner.withLock { inner in
      let id = inner.nextObserver
      inner.nextObserver += 1
      inner.publishers[id] = subscriber
      inner.hasSubscribers = true
      return (id, inner.state)
    }
    subscriber(state)
    return id
  }

  func removePublisher(_ id: Int) {
    inner.withLock { inner in
      inner.publishers.removeValue(forKey: id)
      inner.hasSubscribers = !inner.observers.isEmpty || !inner.publishers.isEmpty
    }
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
final class StoreLifetime<State: Sendable, Action: Sendable>: Sendable {
  let root: RootStore<State, Action>

  private init(root: RootStore<State, Action>) {
    self.root = root
  }

  static func start(
    initialState: State,
    reducer: sending some Reducer<State, Action>,
    dependencies: DependencyValues
  ) -> StoreLifetime {
    let box = WeakBox<StoreLifetime>()
    let root = RootStore(
      initialState: initialState, reducer: reducer, dependencies: dependencies,
      send: { action, group in _ = box.value?.root.send(action, group: group) })
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

/// Sends made from inside a store's reduce, on the thread reducing: kept until the reduce
/// returns, then queued behind the actions already waiting.
///
/// `@unchecked Sendable`: `items` is touched only by the thread that holds the store's lock
/// while it holds it: by a re-entrant send, which runs on the reducing thread (the store checks
/// `reducingThread` first), and by the reducing code right after the reduce, inside the lock.
/// So no two threads ever touch it at once, and the lock's release publishes it to the next.
@usableFromInline
final class ReentrantSends<Element>: @unchecked Sendable {
  // Unchecked exclusivity: every access is made by one thread holding the store's lock (see
  // above), and a checked access costs a thread-local lookup on every send.
  @usableFromInline @exclusivity(unchecked) var items: [Element] = []

  @usableFromInline init() {}

  @inlinable var isEmpty: Bool { items.isEmpty }

  @inlinable func append(_ element: Element) { items.append(element) }

  @inlinable func take() -> [Element] {
    defer { items.removeAll() }
    return items
  }
}

/// The calling thread, as a number that no other live thread has: its thread pointer, read
/// inline (`pthread_self()` through the PLT cost a send about 7 ns).
@inlinable
func currentThreadID() -> UInt {
  UInt(bearing_current_thread())
}
