import Foundation

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// A view's window onto a store: a state derived from the store's, with duplicates removed, and
/// a way to send actions. The Composable Architecture deprecated it in favour of observing the
/// store itself; Bearing keeps it so that code written with it builds unchanged.
///
/// ```swift
/// let viewStore = ViewStore(store, observe: { $0.count })
/// viewStore.send(.incrementButtonTapped)
/// viewStore.state  // the count after the send
/// ```
///
/// It lives on the main actor, as its store and The Composable Architecture's do. A store's new
/// state reaches it synchronously, on the thread that made it: the main actor, or the thread of a
/// Combine scheduler that an effect delivers on.
///
/// Its mutable parts, the current view state and the publisher's subscribers, are read and
/// written only under `lock` (recursive, so that a subscriber may send from inside a delivery),
/// and the closures it keeps are called under the same lock: that is why they may be
/// `nonisolated(unsafe)`, reached by a publisher's subscription from whatever thread subscribes.
/// `end` is written once, in `init`, and read once, in `deinit`, which nothing else runs beside;
/// `objectWillChange` is only sent to under the lock.
@dynamicMemberLookup
@MainActor
public final class ViewStore<ViewState: Sendable, ViewAction>: Sendable {
  /// Emits before the view state changes.
  nonisolated(unsafe) public let objectWillChange = ObservableObjectPublisher()

  nonisolated(unsafe) private let subject: CurrentValueSubject<ViewState, Never>
  nonisolated(unsafe) private let sendToStore: (ViewAction) -> StoreTask
  nonisolated(unsafe) private var end: (@Sendable () -> Void)?
  private let store: any AnyObject & Sendable
  nonisolated private let lock = NSRecursiveLock()
  /// `publisher`'s subscribers, in the order they subscribed: each new view state reaches them
  /// in that order, as with Combine (OpenCombine's subjects deliver in a set's order).
  nonisolated(unsafe) private var subscribers: [(id: Int, receive: (ViewState) -> Void)] = []
  nonisolated(unsafe) private var nextSubscriber = 0

  /// A view store of `store`, its state made by `toViewState`, its actions turned into the
  /// store's by `fromViewAction`; a state that `isDuplicate` finds equal to the last is dropped.
  public init<State: Sendable, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) {
    self.subject = CurrentValueSubject(toViewState(store.state))
    self.sendToStore = { store.send(fromViewAction($0)) }
    self.store = store
    let update = Updater<State> { [weak self] state in
      guard let self else { return }
      self.lock.lock()
      defer { self.lock.unlock() }
      let viewState = toViewState(state)
      guard !isDuplicate(self.subject.value, viewState) else { return }
      self.objectWillChange.send()
      self.subject.value = viewState
      for subscriber in self.subscribers { subscriber.receive(viewState) }
    }
    self.end = store.core.publish { state in update.call(state) }
  }

  /// A view store whose actions are the store's.
  public convenience init<State: Sendable>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) {
    self.init(store, observe: toViewState, send: { $0 }, removeDuplicates: isDuplicate)
  }

  /// A view store whose states are compared with `==`.
  public convenience init<State: Sendable, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action
  ) where ViewState: Equatable {
    self.init(store, observe: toViewState, send: fromViewAction, removeDuplicates: ==)
  }

  /// A view store whose actions are the store's and whose states are compared with `==`.
  public convenience init<State: Sendable>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: State) -> ViewState
  ) where ViewState: Equatable {
    self.init(store, observe: toViewState, send: { $0 }, removeDuplicates: ==)
  }

  deinit {
    end?()
  }

  /// The current view state.
  public var state: ViewState {
    lock.lock()
    defer { lock.unlock() }
    return subject.value
  }

  /// Reads a value from the view state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<ViewState, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// The view state as a publisher: the current one on subscription, then each new one. A
  /// subscription keeps the view store alive.
  nonisolated public var publisher: StorePublisher<ViewState> {
    StorePublisher(
      subscribe: { [weak self] subscriber in
        guard let self else { return {} }
        let id = self.subscribe(subscriber)
        return { [weak self] in self?.unsubscribe(id) }
      },
      // The subscription keeps the view store, which keeps its store: a publisher of a view
      // store that is not otherwise kept still delivers (`ViewStore(store).publisher.sink`).
      store: self)
  }

  /// Adds a subscriber of `publisher` and hands it the current view state.
  nonisolated private func subscribe(_ receive: @escaping (ViewState) -> Void) -> Int {
    lock.lock()
    defer { lock.unlock() }
    let id = nextSubscriber
    nextSubscriber += 1
    subscribers.append((id, receive))
    receive(subject.value)
    return id
  }

  nonisolated private func unsubscribe(_ id: Int) {
    lock.lock()
    defer { lock.unlock() }
    subscribers.removeAll { $0.id == id }
  }

  /// Sends an action to the store.
  @discardableResult
  public func send(_ action: ViewAction) -> StoreTask {
    // Under the lock, as the `nonisolated(unsafe)` closures need: `fromViewAction` is the
    // caller's closure. A state the send delivers comes back on this thread (recursive lock).
    lock.lock()
    defer { lock.unlock() }
    return sendToStore(action)
  }

  /// Sends an action, then waits until `predicate` no longer holds of the view state.
  public func send(_ action: ViewAction, while predicate: @escaping (ViewState) -> Bool) async {
    let task = send(action)
    await withTaskCancellationHandler {
      await yield(while: predicate)
    } onCancel: {
      task.cancel()
    }
  }

  /// Waits until `predicate` no longer holds of the view state.
  public func yield(while predicate: @escaping (ViewState) -> Bool) async {
    var cancellable: AnyCancellable?
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      cancellable = subject.filter { !predicate($0) }.prefix(1).sink { _ in
        continuation.resume()
      }
    }
    cancellable?.cancel()
  }
}

/// A view store's update, handed to the store's `@Sendable` subscription.
///
/// `@unchecked Sendable`: the closure takes the view store's lock before it touches anything.
private final class Updater<State: Sendable>: @unchecked Sendable {
  private let body: (State) -> Void

  init(_ body: @escaping (State) -> Void) {
    self.body = body
  }

  func call(_ state: State) {
    body(state)
  }
}
