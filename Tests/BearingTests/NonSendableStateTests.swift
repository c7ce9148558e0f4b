import Bearing
import BearingTesting
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
}
