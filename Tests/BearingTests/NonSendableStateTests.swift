import Bearing
import BearingTesting
import Dispatch
import Foundation
import OpenCombine
import Testing

/// A note the feature's state holds by reference: a class, so not `Sendable`.
public final class OrderNote: Equatable {
  public let text: String

  public init(_ text: String) {
    self.text = text
  }

  public static func == (lhs: OrderNote, rhs: OrderNote) -> Bool { lhs.text == rhs.text }
}

/// A feature as a library module declares one: its `State` is public, so Swift does not infer it
/// `Sendable`, and it holds a member that is not. TCA's `Store` and `TestStore` take it as it is.
public struct Orders: Reducer {
  public struct State: Equatable {
    public var count = 0
    public var note = OrderNote("first")

    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case add
    case load
    case loaded
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add:
      state.count += 1
      return .none
    case .load:
      return .run { send in await send(.loaded) }
    case .loaded:
      state.count += 10
      state.note = OrderNote("loaded")
      return .none
    }
  }
}

/// A form of the binding API from before `@ObservableState`, in a library module: public, so
/// its `State` is not inferred `Sendable` either.
public struct Profile: Reducer {
  public struct State: Equatable {
    @BindingState public var name = ""
    public var note = OrderNote("none")

    public init() {}
  }

  public enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

/// A store and a test store of a feature whose public `State` is not `Sendable` compile and run
/// from a `@MainActor` suite.
@MainActor
@Suite
struct NonSendableStateTests {
  @Test func aStoreRunsAFeatureWhoseStateIsNotSendable() async {
    let store = Store(initialState: Orders.State()) { Orders() }
    store.send(.add)
    #expect(store.state.count == 1)
    await store.send(.load).finish()
    #expect(store.state.count == 11)
    #expect(store.note.text == "loaded")
  }

  @Test func aTestStoreTestsAFeatureWhoseStateIsNotSendable() async {
    let store = TestStore(initialState: Orders.State()) { Orders() }
    await store.send(.add) { $0.count = 1 }
    await store.send(.load)
    await store.receive(.loaded) {
      $0.count = 11
      $0.note = OrderNote("loaded")
    }
  }

  @Test func aViewStoreAndThePublishersTakeAStateThatIsNotSendable() async {
    let store = Store(initialState: Orders.State()) { Orders() }
    let viewStore = ViewStore(store, observe: { $0 })
    var fieldNotes: [String] = []
    var notes: [String] = []
    var cancellables: Set<AnyCancellable> = []
    store.publisher.note.sink { fieldNotes.append($0.text) }.store(in: &cancellables)
    viewStore.publisher.sink { notes.append($0.note.text) }.store(in: &cancellables)
    viewStore.send(.add)
    await viewStore.send(.load).finish()
    #expect(fieldNotes == ["first", "loaded"])
    #expect(notes == ["first", "first", "loaded"])
    #expect(viewStore.note.text == "loaded")
  }

  @Test func ifLetThenElseTakesAStateThatIsNotSendable() {
    let store = Store(initialState: Orders.State?.none) {
      Reduce<Orders.State?, Orders.Action> { state, action in
        state = state == nil ? Orders.State() : nil
        return .none
      }
    }
    var shown: [String] = []
    var hidden = 0
    let cancellable = store.ifLet(
      then: { child in shown.append(child.state.note.text) }, else: { hidden += 1 })
    store.send(.add)
    store.send(.add)
    #expect(shown == ["first"])
    #expect(hidden == 2)
    cancellable.cancel()
  }

  @Test func aViewStoreHandsOutBindingsToAStateThatIsNotSendable() {
    struct ViewState: Equatable {
      @BindingViewState var name: String
    }
    let store = Store(initialState: Profile.State()) { Profile() }
    let viewStore = ViewStore(store, observe: { ViewState(name: $0.$name) })
    viewStore.$name.wrappedValue = "Blob"
    #expect(store.name == "Blob")
    #expect(viewStore.name == "Blob")
  }

  @Test func aStateKeptForARequestFromAnotherThreadArrivesOnTheMainQueue() async {
    let store = Store(initialState: Orders.State()) { Orders() }
    let subscriber = LateDemandSubscriber()
    store.publisher.subscribe(subscriber)
    store.send(.add)  // published while the subscriber wants none: kept
    let subscription = subscriber.subscription
    await Task.detached { subscription?.request(.max(1)) }.value
    await subscriber.received()
    #expect(subscriber.deliveries == [LateDemandSubscriber.Delivery(count: 1, onMainQueue: true)])
  }
}

/// A subscriber that wants nothing at first, then one value when asked from another thread, and
/// notes where each value reached it.
private final class LateDemandSubscriber: Subscriber, @unchecked Sendable {
  // `@unchecked Sendable`: every field is read and written under `lock`.
  typealias Input = Orders.State
  typealias Failure = Never

  struct Delivery: Equatable {
    var count: Int
    var onMainQueue: Bool
  }

  private let lock = NSLock()
  private var storedSubscription: (any Subscription)?
  private var storedDeliveries: [Delivery] = []
  private var waiter: CheckedContinuation<Void, Never>?
  private static let mainQueueKey = DispatchSpecificKey<Bool>()

  init() {
    DispatchQueue.main.setSpecific(key: Self.mainQueueKey, value: true)
  }

  var subscription: (any Subscription)? { lock.withLock { storedSubscription } }
  var deliveries: [Delivery] { lock.withLock { storedDeliveries } }

  func receive(subscription: any Subscription) {
    lock.withLock { storedSubscription = subscription }
  }

  func receive(_ input: Orders.State) -> Subscribers.Demand {
    let onMainQueue = DispatchQueue.getSpecific(key: Self.mainQueueKey) ?? false
    let waiter = lock.withLock {
      storedDeliveries.append(Delivery(count: input.count, onMainQueue: onMainQueue))
      defer { self.waiter = nil }
      return self.waiter
    }
    waiter?.resume()
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}

  /// Returns once a value has arrived.
  func received() async {
    await withCheckedContinuation { continuation in
      let arrived = lock.withLock {
        if storedDeliveries.isEmpty { waiter = continuation }
        return !storedDeliveries.isEmpty
      }
      if arrived { continuation.resume() }
    }
  }
}
