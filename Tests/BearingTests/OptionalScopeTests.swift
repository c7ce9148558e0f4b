import Bearing
import Testing

@Reducer
private struct OptionalParent {
  @ObservableState
  struct State: Equatable {
    var child: OptionalChild.State?
  }
  enum Action {
    case child(OptionalChild.Action)
    case show
    case hide
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .show: state.child = OptionalChild.State()
      case .hide: state.child = nil
      case .child: break
      }
      return .none
    }
    .ifLet(\.child, action: \.child) { OptionalChild() }
  }
}

@Reducer
private struct OptionalChild {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action {
    case increment
  }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

/// `store.scope(\.child, action: \.child)` of optional child state is a `Store?`, as in The
/// Composable Architecture: `nil` while the child's state is `nil`.
@MainActor
@Suite struct OptionalScopeTests {
  @Test func nilWhileTheChildStateIsNil() {
    let store = Store(initialState: OptionalParent.State()) { OptionalParent() }
    #expect(store.scope(\.child, action: \.child) == nil)
    #expect(store.scope(state: \.child, action: \.child) == nil)
    store.send(.show)
    #expect(store.scope(\.child, action: \.child) != nil)
    #expect(store.scope(state: \.child, action: \.child) != nil)
    store.send(.hide)
    #expect(store.scope(\.child, action: \.child) == nil)
  }

  @Test func theChildStoreReadsAndSendsThroughTheParent() throws {
    let store = Store(initialState: OptionalParent.State(child: OptionalChild.State())) {
      OptionalParent()
    }
    let child: Store<OptionalChild.State, OptionalChild.Action> = try #require(
      store.scope(\.child, action: \.child))
    child.send(.increment)
    child.send(.increment)
    #expect(child.state.count == 2)
    #expect(store.state.child?.count == 2)
  }

  @Test func aCaseKeyPathHeldInAVariableScopesOptionallyToo() throws {
    let store = Store(initialState: OptionalParent.State(child: OptionalChild.State())) {
      OptionalParent()
    }
    let action: CaseKeyPath<OptionalParent.Action, OptionalChild.Action> = \.child
    let child = try #require(store.scope(\.child, action: action))
    child.send(.increment)
    #expect(store.state.child?.count == 1)
  }

  @Test func aStoreKeptAfterTheChildWentKeepsItsLastState() throws {
    let store = Store(initialState: OptionalParent.State(child: OptionalChild.State())) {
      OptionalParent()
    }
    let child = try #require(store.scope(\.child, action: \.child))
    child.send(.increment)
    #expect(child.state.count == 1)
    store.send(.hide)
    #expect(store.state.child == nil)
    #expect(child.state.count == 1)
  }

  @Test func aStoreOfOptionalStateIsStillThereForIfLet() {
    let store = Store(initialState: OptionalParent.State()) { OptionalParent() }
    let optional: Store<OptionalChild.State?, OptionalChild.Action> = store.scope(
      state: \.child, action: \.child)
    #expect(optional.state == nil)
  }
}
