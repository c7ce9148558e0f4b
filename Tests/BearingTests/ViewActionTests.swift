import Bearing
import BearingTesting
import Testing

/// A feature whose view sends its actions through `case view(View)` (TCA's `ViewAction`), with
/// its bindings among them (`BindingReducer(action: \.view)`): how a store, a type holding the
/// store (`@ViewAction(for:)`) and a test store send them.
@MainActor
@Suite
struct ViewActionTests {
  @Reducer
  struct TwoFactor {
    @ObservableState
    struct State: Equatable {
      var code = ""
      var isFormValid = false
      var submissions = 0
    }
    enum Action: ViewAction {
      case view(View)
      case submitted(Int)
      @CasePathable
      enum View: BindableAction {
        case binding(BindingAction<State>)
        case submitButtonTapped
      }
    }
    var body: some ReducerOf<Self> {
      BindingReducer(action: \.view)
      Reduce { state, action in
        switch action {
        case .view(.binding):
          state.isFormValid = state.code.count >= 4
          return .none
        case .view(.submitButtonTapped):
          state.submissions += 1
          return .send(.submitted(state.submissions))
        case .submitted:
          return .none
        }
      }
    }
  }

  /// A feature with view actions but no `BindingReducer`: its bindings are never applied.
  @Reducer
  struct Unbound {
    @ObservableState
    struct State: Equatable { var code = "" }
    enum Action: ViewAction {
      case view(View)
      enum View: BindableAction {
        case binding(BindingAction<State>)
      }
    }
    var body: some ReducerOf<Self> { EmptyReducer() }
  }

  @ViewAction(for: TwoFactor.self)
  struct TwoFactorScreen {
    let store: StoreOf<TwoFactor>
  }

  @Test func aTypeHoldingTheStoreSendsItsViewsActionsWrappedInView() async {
    let store = Store(initialState: TwoFactor.State()) { TwoFactor() }
    let screen = TwoFactorScreen(store: store)
    await screen.send(.submitButtonTapped).finish()
    #expect(store.submissions == 1)
    store.send(.view(.submitButtonTapped))
    #expect(store.submissions == 2)
    screen.send(.submitButtonTapped, animation: .default)
    screen.send(.submitButtonTapped, transaction: Transaction(animation: .default))
    #expect(store.submissions == 4)
  }

  @Test func aFieldWrittenThroughTheStoreIsAViewBindingThatBindingReducerApplies() {
    let store = Store(initialState: TwoFactor.State()) { TwoFactor() }
    store.code = "1234"
    #expect(store.code == "1234")
    #expect(store.isFormValid)
  }

  @Test func aViewBindingThatNoReducerAppliesIsReported() {
    let store = Store(initialState: Unbound.State()) { Unbound() }
    withKnownIssue {
      store.code = "1234"
    } matching: {
      $0.description.contains("A binding action sent from a store was not handled.")
    }
    #expect(store.code == "")
  }

  @Test func aTestStoreSendsViewActionsByValueAndByCaseKeyPath() async {
    let store = TestStore(initialState: TwoFactor.State()) { TwoFactor() }
    await store.send(\.view.binding.code, "123") { $0.code = "123" }
    await store.send(.view(.binding(.set(\.code, "1234")))) {
      $0.code = "1234"
      $0.isFormValid = true
    }
    await store.send(\.view.submitButtonTapped) { $0.submissions = 1 }
    await store.receive(\.submitted, 1)
    await store.send(.view(.submitButtonTapped)) { $0.submissions = 2 }
    await store.receive(\.submitted, 2)
  }
}
