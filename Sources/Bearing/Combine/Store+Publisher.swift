import Foundation

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

extension Store {
  /// The store's state as a Combine publisher (OpenCombine's on Linux): the current state on
  /// subscription, then the state after every send, synchronously, as The Composable
  /// Architecture's `Store.publisher` does. `store.publisher.count` publishes one field.
  ///
  /// ```swift
  /// store.publisher.count.sink { print($0) }.store(in: &cancellables)
  /// ```
  public var publisher: StorePublisher<State> {
    StorePublisher(subscribe: core.publish, store: self)
  }
}

/// A publisher of a store's states; see ``Store/publisher``.
@dynamicMemberLookup
public struct StorePublisher<State>: Publisher, Sendable {
  /// Each state the store takes on.
  public typealias Output = State
  /// A store's states never fail.
  public typealias Failure = Never

  let subscribe: @Sendable (@escaping @Sendable (State) -> Void) -> @Sendable () -> Void
  /// Keeps the store (and its effects) alive while a subscriber is attached.
  let store: any AnyObject & Sendable

  init(
    subscribe: @escaping @Sendable (@escaping @Sendable (State) -> Void) -> @Sendable () -> Void,
    store: any AnyObject & Sendable
  ) {
    self.subscribe = subscribe
    self.store = store
  }

  /// Attaches `subscriber`, which gets the current state and then each new one; the store stays
  /// alive while it is attached.
  public func receive<S: Subscriber>(subscriber: S)
  where S.Input == State, S.Failure == Never {
    let subscription = StoreSubscription(downstream: subscriber, store: store)
    subscriber.receive(subscription: subscription)
    let relay = Relay<State> { [weak subscription] in subscription?.deliver($0) }
    subscription.start(subscribe(relay.send))
  }

  /// A publisher of one field of the state, removing consecutive duplicates.
  public subscript<Value: Equatable>(
    dynamicMember keyPath: any KeyPath<State, Value> & Sendable
  ) -> StorePublisher<Value> {
    StorePublisher<Value>(
      subscribe: Field(keyPath: keyPath, upstream: subscribe).subscribe, store: store)
  }
}

/// One subscriber of a ``StorePublisher``.
///
/// Values reach the subscriber one at a time, never two at once, and no lock is held while the
/// subscriber runs: a value that another thread delivers while the subscriber is busy waits, and
/// the busy thread hands it over when the subscriber returns. A subscriber that sends to the
/// store from `receive(_:)` gets the resulting state at once, on the same thread, as in Combine.
/// (Holding a lock while the subscriber ran made an effect's thread wait for a subscriber that
/// was itself waiting, and a store's effects could starve the threads of Swift's concurrency.)
///
/// `@unchecked Sendable`: every mutable field is read and written only while `lock` is held;
/// `receive(_:)` is called only by the thread recorded in `deliveringThread`, which is the main
/// queue's: states arrive there (a store and a view store publish on the main actor) and a state
/// kept for a later request is handed over there too, so a state that is not `Sendable` never
/// reaches another thread.
private final class StoreSubscription<Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Failure == Never {
  private let lock = NSLock()
  private var downstream: Downstream?
  private var demand = Subscribers.Demand.none
  private var end: (@Sendable () -> Void)?
  private var store: (any AnyObject & Sendable)?
  /// The newest value that arrived while the subscriber wanted none.
  private var latest: Downstream.Input?
  /// The thread calling the subscriber now; 0 when none.
  private var deliveringThread: UInt = 0
  /// Values other threads delivered while the subscriber was busy, oldest first.
  private var waiting: [Downstream.Input] = []

  init(downstream: Downstream, store: any AnyObject & Sendable) {
    self.downstream = downstream
    self.store = store
  }

  /// Keeps what ends the store's side of the subscription, or calls it when already cancelled.
  func start(_ end: @escaping @Sendable () -> Void) {
    lock.lock()
    let cancelled = downstream == nil
    if !cancelled { self.end = end }
    lock.unlock()
    if cancelled { end() }
  }

  func request(_ demand: Subscribers.Demand) {
    lock.lock()
    self.demand += demand
    let handsOver = latest != nil && self.demand > 0
    lock.unlock()
    guard handsOver else { return }
    // A state reaches the subscriber on the main actor, where the store publishes it: a state
    // kept for a request made on another thread is handed over there.
    if MainQueue.isCurrent {
      handLatest()
    } else {
      DispatchQueue.main.async { self.handLatest() }
    }
  }

  /// Gives the subscriber the state kept while it wanted none, if it wants one now.
  private func handLatest() {
    lock.lock()
    guard let latest, demand > 0 else {
      lock.unlock()
      return
    }
    self.latest = nil
    hand(latest)
  }

  func cancel() {
    lock.lock()
    let end = self.end
    self.end = nil
    downstream = nil
    store = nil
    waiting = []
    lock.unlock()
    end?()
  }

  func deliver(_ value: Downstream.Input) {
    lock.lock()
    hand(value)
  }

  /// Gives `value` to the subscriber, or queues it when another thread is giving it one. Called
  /// with the lock held; returns with it let go.
  private func hand(_ value: Downstream.Input) {
    let thread = currentThreadID()
    guard downstream != nil else {
      lock.unlock()
      return
    }
    if deliveringThread != 0, deliveringThread != thread {
      waiting.append(value)
      lock.unlock()
      return
    }
    let isNested = deliveringThread == thread
    deliveringThread = thread
    var next: Downstream.Input? = value
    while let value = next {
      guard let downstream, demand > 0 else {
        latest = value
        break
      }
      demand -= 1
      lock.unlock()
      let more = downstream.receive(value)
      lock.lock()
      demand += more
      // A nested delivery returns to the one that it interrupted, which hands over the rest.
      next = isNested || waiting.isEmpty ? nil : waiting.removeFirst()
    }
    if !isNested {
      if let last = waiting.last { latest = last }
      waiting = []
      deliveringThread = 0
    }
    lock.unlock()
  }
}

/// Hands a store's states to one subscription.
///
/// `@unchecked Sendable`: `body` is a subscription's `deliver`, which takes the subscription's
/// own lock before it touches anything.
private final class Relay<State>: @unchecked Sendable {
  private let body: (State) -> Void

  init(_ body: @escaping (State) -> Void) {
    self.body = body
  }

  @Sendable
  func send(_ state: State) {
    body(state)
  }
}

/// A field publisher's way to subscribe: to the whole state's publisher, through a filter.
private struct Field<State, Value: Equatable>: Sendable {
  let keyPath: any KeyPath<State, Value> & Sendable
  let upstream: @Sendable (@escaping @Sendable (State) -> Void) -> @Sendable () -> Void

  func subscribe(_ subscriber: @escaping @Sendable (Value) -> Void) -> @Sendable () -> Void {
    upstream(FieldFilter(keyPath, subscriber).receive)
  }
}

/// Hands one field of each state to a subscriber, dropping consecutive duplicates.
///
/// `@unchecked Sendable`: `last` is read and written only by `receive`, which a store and a view
/// store call on the main actor, one state at a time (checked there).
private final class FieldFilter<State, Value: Equatable>: @unchecked Sendable {
  private let keyPath: any KeyPath<State, Value> & Sendable
  private let subscriber: @Sendable (Value) -> Void
  private var last: Value?

  init(
    _ keyPath: any KeyPath<State, Value> & Sendable,
    _ subscriber: @escaping @Sendable (Value) -> Void
  ) {
    self.keyPath = keyPath
    self.subscriber = subscriber
  }

  @Sendable
  func receive(_ state: State) {
    MainActor.preconditionIsolated()
    let value = state[keyPath: keyPath]
    guard value != last else { return }
    last = value
    subscriber(value)
  }
}
