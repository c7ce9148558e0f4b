import Bearing
import BearingTesting
import Testing

/// The binding API from before `@ObservableState`: `@BindingState` fields, binding actions that
/// name them by `\.$field`, and view stores that hand out bindings to them.
@MainActor
@Suite
struct BindingStateTests {
  @Reducer
  struct Form {
    struct State: Equatable {
      @BindingState var name = ""
      @BindingState var address = Address()
      var saves = 0
    }
    struct Address: Equatable {
      var city = ""
    }
    enum Action: BindableAction, Equatable {
      case binding(BindingAction<State>)
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding(.set(\.$name, "save")):
          state.saves += 1
          return .none
        case .binding(\.$address):
          state.address.city += "!"
          return .none
        case .binding:
          return .none
        }
      }
    }
  }

  @Test func bindingActionsSetFieldsAndMatchByTheirField() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.binding(.set(\.$name, "save"))) {
      $0.name = "save"
      $0.saves = 1
    }
    await store.send(.set(\.$address, Form.Address(city: "Lyon"))) {
      $0.address.city = "Lyon!"
    }
    #expect(BindingAction<Form.State>.set(\.$name, "a") == .set(\.$name, "a"))
    #expect(BindingAction<Form.State>.set(\.$name, "a") != .set(\.$name, "b"))
    let action = Form.Action.binding(.set(\.$name, "Blob"))
    let name: String? = action[case: \.binding.$name]
    #expect(name == "Blob")
  }

  @Test func aViewStoreHandsOutBindingsThatSendBindingActions() {
    let store = Store(initialState: Form.State()) { Form() }
    let viewStore = ViewStore(store, observe: { $0 })
    viewStore.$address.city.wrappedValue = "Oslo"
    #expect(viewStore.state.address.city == "Oslo!")
  }

  @Test func bindingViewStateIsASnapshotWithALiveBinding() {
    struct ViewState: Equatable {
      @BindingViewState var city: String
    }
    let store = Store(initialState: Form.State()) { Form() }
    let viewStore = ViewStore(store, observe: { ViewState(city: $0.$address.city) })
    let before = viewStore.state
    viewStore.$city.wrappedValue = "Rome"
    #expect(store.withState { $0.address.city } == "Rome!")
    #expect(viewStore.state != before)
    #expect(before.city == "Rome!")  // its binding reads the store as it is now
  }

  /// A feature whose state and actions only a parent handles: no body, no reduce.
  @Reducer
  struct Inert {
    struct State: Equatable {
      var count = 0
    }
    enum Action { case tap }
  }

  @Test func aReducerWithoutABodyDoesNothing() async {
    let store = TestStore(initialState: Inert.State()) { Inert() }
    await store.send(.tap)
  }
}
