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
/// The Composable Architecture's lives on the main actor; Bearing's is usable from any thread:
/// a store's new state reaches it, synchronously, on the thread that sent the action.
///
/// `@unchecked Sendable`: its one mutable part, the current view state, is only read and written
/// under `lock` (recursive, so that a subscriber may send from inside a delivery); the closures
/// it keeps are called under the same lock.
@dynamicMemberLookup
public final class ViewStore<ViewState: Sendable, ViewAction: Sendable>: @unchecked Sendable {
  /// Emits before the view state changes.
  public let objectWillChange = ObservableObjectPublisher()

  private let subject: CurrentValueSubject<ViewState, Never>
  private let sendToStore: (ViewAction) -> StoreTask
  private var end: (@Sendable () -> Void)?
  private let store: any AnyObject & Sendable
  private let lock = NSRecursiveLock()

  /// A view store of `store`, its state made by `toViewState`, its actions turned into the
  /// store's by `fromViewAction`; a state that `isDuplicate` finds equal to the last is dropped.
  public init<State: Sendable, Action: Sendable>(
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
  public convenience init<State: Sendable, Action: Sendable>(
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
  public var publisher: StorePublisher<ViewState> {
    let subject = UncheckedSubject(subject)
    return StorePublisher(
      subscribe: { subscriber in
        let cancellable = UncheckedCancellable(subject.value.sink { subscriber($0) })
        return { cancellable.value.cancel() }
      },
      // The subscription keeps the view store, which keeps its store: a publisher of a view
      // store that is not otherwise kept still delivers (`ViewStore(store).publisher.sink`).
      store: self)
  }

  /// Sends an action to the store.
  @discardableResult
  public func send(_ action: ViewAction) -> StoreTask {
    // Under the lock, as the class's `@unchecked Sendable` needs: `fromViewAction` is the
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

/// A Combine subject handed to a `@Sendable` subscription closure.
///
/// `@unchecked Sendable`: the subject is only subscribed to through it; Combine's subjects
/// synchronize their own subscriptions, and values are sent under the view store's lock only.
private struct UncheckedSubject<Value>: @unchecked Sendable {
  let value: CurrentValueSubject<Value, Never>

  init(_ value: CurrentValueSubject<Value, Never>) {
    self.value = value
  }
}
