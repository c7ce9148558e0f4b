import Foundation
import Synchronization

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
/// It lives on the main actor, as its store and The Composable Architecture's do, and so does
/// everything it keeps: a store's new state reaches it there (a store hands its states to
/// subscribers on the main actor), and a subscription to ``publisher`` made on another thread is
/// added there, as soon as the main actor is free. Neither the view state nor the store's state
/// need be `Sendable`: no value crosses to another thread.
@dynamicMemberLookup
@MainActor
public final class ViewStore<ViewState, ViewAction> {
  /// Emits before the view state changes.
  public let objectWillChange = ObservableObjectPublisher()

  private let subject: CurrentValueSubject<ViewState, Never>
  private let sendToStore: (ViewAction) -> StoreTask
  private let isDuplicate: (ViewState, ViewState) -> Bool
  /// Ends the store's subscription; written once, in `init`, read once, in `deinit`.
  nonisolated(unsafe) private var end: (@Sendable () -> Void)?
  private let store: any AnyObject & Sendable
  /// Hands subscriptions made on other threads to the main actor.
  nonisolated private let inbox = MainActorInbox()
  /// `publisher`'s subscribers, in the order they subscribed: each new view state reaches them
  /// in that order, as with Combine (OpenCombine's subjects deliver in a set's order).
  private var subscribers: [(id: Int, receive: @Sendable (ViewState) -> Void)] = []
  nonisolated private let nextSubscriber = Atomic<Int>(0)

  /// A view store of `store`, its state made by `toViewState`, its actions turned into the
  /// store's by `fromViewAction`; a state that `isDuplicate` finds equal to the last is dropped.
  public init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) {
    self.subject = CurrentValueSubject(toViewState(store.state))
    self.sendToStore = { store.send(fromViewAction($0)) }
    self.isDuplicate = isDuplicate
    self.store = store
    let update: @MainActor (State) -> Void = { [weak self] state in
      self?.receive(toViewState(state))
    }
    // The store calls its subscribers on the main actor, so the state is not sent anywhere:
    // it is handed on on the thread it was published on, at once.
    self.end = store.core.publish { state in
      let state = UncheckedSendable(state)
      MainActor.assumeIsolated { update(state.value) }
    }
  }

  /// A view store whose actions are the store's.
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) {
    self.init(store, observe: toViewState, send: { $0 }, removeDuplicates: isDuplicate)
  }

  /// A view store whose states are compared with `==`.
  public convenience init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action
  ) where ViewState: Equatable {
    self.init(store, observe: toViewState, send: fromViewAction, removeDuplicates: { $0 == $1 })
  }

  /// A view store whose actions are the store's and whose states are compared with `==`.
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: State) -> ViewState
  ) where ViewState: Equatable {
    self.init(store, observe: toViewState, send: { $0 }, removeDuplicates: { $0 == $1 })
  }

  deinit {
    end?()
  }

  /// The current view state.
  public var state: ViewState {
    subject.value
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
        let id = self.nextSubscriber.add(1, ordering: .relaxed).oldValue
        self.inbox.run { self.subscribe(id, subscriber) }
        return { [weak self] in self?.inbox.run { self?.unsubscribe(id) } }
      },
      // The subscription keeps the view store, which keeps its store: a publisher of a view
      // store that is not otherwise kept still delivers (`ViewStore(store).publisher.sink`).
      store: self)
  }

  /// A new view state from the store: kept and handed on unless it is a duplicate.
  private func receive(_ viewState: ViewState) {
    guard !isDuplicate(subject.value, viewState) else { return }
    objectWillChange.send()
    subject.value = viewState
    for subscriber in subscribers { subscriber.receive(viewState) }
  }

  /// Adds a subscriber of `publisher` and hands it the current view state.
  private func subscribe(_ id: Int, _ receive: @escaping @Sendable (ViewState) -> Void) {
    subscribers.append((id, receive))
    receive(subject.value)
  }

  private func unsubscribe(_ id: Int) {
    subscribers.removeAll { $0.id == id }
  }

  /// Sends an action to the store.
  @discardableResult
  public func send(_ action: ViewAction) -> StoreTask {
    sendToStore(action)
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
