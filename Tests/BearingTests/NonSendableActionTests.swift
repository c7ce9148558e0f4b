import Bearing
import BearingTesting
import OpenCombine
import Testing

/// A feature whose public `State` and `Action` hold a class (so neither is `Sendable`), with
/// `@Shared` state, tested from a `@MainActor` suite as The Composable Architecture's
/// documentation writes such tests: `Store`, `TestStore`, scope, effects that send such actions
/// from their tasks, a concatenation and a publisher.
@MainActor
@Suite
struct NonSendableActionTests {
  @Test func aTestStoreTestsAFeatureWhoseActionsAreNotSendable() async {
    let store = TestStore(initialState: Checkout.State()) { Checkout() }
    await store.send(.addTapped) {
      $0.$total.withLock { $0 = 1 }
    }
    await store.send(.printTapped)
    await store.receive(\.printed) {
      $0.receipt = Receipt("total 1")
    }
    await store.send(.reprintTapped)
    await store.receive(.printed(Receipt("total 1")))
    await store.send(.basket(.noteLater(Receipt("gift"))))
    await store.receive(\.basket.note) {
      $0.basket.notes = ["gift (later)"]
    }
  }

  @Test func aStoreAndItsScopeRunAFeatureWhoseActionsAreNotSendable() async {
    let store = StoreOf<Checkout>(initialState: Checkout.State()) { Checkout() }
    store.send(.addTapped)
    await store.send(.printTapped).finish()
    #expect(store.receipt?.text == "total 1")
    let basket: StoreOf<Basket> = store.scope(state: \.basket, action: \.basket)
    basket.send(.note(Receipt("now")))
    await basket.send(.noteLater(Receipt("then"))).finish()
    #expect(store.basket.notes == ["now", "then (later)"])
  }

  @Test func aPublisherSendsActionsThatAreNotSendable() async {
    let store = Store(initialState: Basket.State()) {
      Reduce<Basket.State, Basket.Action> { state, action in
        switch action {
        case .note(let receipt):
          state.notes.append(receipt.text)
          return .none
        case .noteLater:
          return .publisher {
            [Receipt("one"), Receipt("two")].publisher.map(Basket.Action.note)
          }
        }
      }
    }
    await store.send(.noteLater(Receipt("ignored"))).finish()
    #expect(store.notes == ["one", "two"])
  }
}
