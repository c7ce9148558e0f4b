@_spi(Internals) import Bearing
import BearingTesting
import Testing

/// What a view's bindings do when they write to a store: a field written through a store or a
/// view store becomes a binding action, and a write that the feature never applies (no
/// `BindingReducer`), or a navigation binding that the feature does not answer, is reported with
/// The Composable Architecture's wording.
@MainActor
@Suite
struct BindingWarningTests {
  @ObservableState
  struct Counter: Equatable {
    var count = 0
  }
  enum CounterAction: BindableAction, Equatable {
    case binding(BindingAction<Counter>)
  }

  @Test func aStoreFieldWriteSendsABindingActionThatBindingReducerApplies() {
    let store = Store<Counter, CounterAction>(initialState: Counter()) { BindingReducer() }
    store.count = 42
    #expect(store.count == 42)
    #expect(store.state.count == 42)
  }

  @Test func aStoreFieldWriteThatNoReducerAppliesIsReported() {
    let store = Store<Counter, CounterAction>(initialState: Counter()) {}
    withKnownIssue {
      store.count = 42
    } matching: {
      $0.description.hasSuffix(
        """
        A binding action sent from a store was not handled.

          Action:
            BindingWarningTests.CounterAction.binding(.set(_, 42))

        To fix this, invoke "BindingReducer()" from your feature reducer's "body".
        """)
    }
    #expect(store.count == 0)
  }

  struct Form: Equatable {
    @BindingState var name = ""
  }
  nonisolated static let nameLine: UInt = #line - 2
  enum FormAction: BindableAction, Equatable {
    case binding(BindingAction<Form>)
  }

  @Test func aViewStoreBindingWriteThatNoReducerAppliesNamesTheFieldsDeclaration() {
    let store = Store<Form, FormAction>(initialState: Form()) {}
    let viewStore = ViewStore(store, observe: { $0 })
    withKnownIssue {
      viewStore.$name.wrappedValue = "Blob"
    } matching: {
      $0.description.hasSuffix(
        """
        A binding action sent from a store for binding state defined at \
        "BearingTests/BindingWarningTests.swift:\(Self.nameLine)" was not handled.

          Action:
            BindingWarningTests.FormAction.binding(.set(_, "Blob"))

        To fix this, invoke "BindingReducer()" from your feature reducer's "body".
        """)
    }
  }

  @Test func aHandledViewStoreBindingWriteReportsNothing() {
    let store = Store<Form, FormAction>(initialState: Form()) { BindingReducer() }
    let viewStore = ViewStore(store, observe: { $0 })
    viewStore.$name.wrappedValue = "Blob"
    #expect(viewStore.name == "Blob")
  }

  @Reducer
  struct Stack {
    @ObservableState
    struct State: Equatable {
      var path = StackState<Int>()
    }
    enum Action {
      case path(StackAction<Int, Void>)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer().forEach(\.path, action: \.path) { EmptyReducer<Int, Void>() }
    }
  }

  @Test func aStackBindingPushesAndPopsThroughTheStore() {
    let store = Store(initialState: Stack.State(path: StackState([1, 2]))) { Stack() }
    let path = store.scope(\.path, action: \.path)
    var longer = path[fileID: "App/file.swift", filePath: "/file.swift", line: 1, column: 1]
    longer.append(.init(id: 2, element: 3))
    path[fileID: "App/file.swift", filePath: "/file.swift", line: 1, column: 1] = longer
    #expect(Array(store.path) == [1, 2, 3])
    #expect(store.path.ids.last == 2)
    var shorter = path[fileID: "App/file.swift", filePath: "/file.swift", line: 1, column: 1]
    shorter.removeLast(2)
    path[fileID: "App/file.swift", filePath: "/file.swift", line: 1, column: 1] = shorter
    #expect(Array(store.path) == [1])
  }

  @Reducer
  struct UnintegratedStack {
    @ObservableState
    struct State: Equatable {
      var path = StackState<Int>()
    }
    enum Action {
      case path(StackAction<Int, Void>)
    }
  }

  @Test func aStackBindingWrittenWithTheSameCountIsReported() {
    let store = Store(initialState: UnintegratedStack.State()) { UnintegratedStack() }
    withKnownIssue {
      store.scope(\.path, action: \.path)[
        fileID: "App/file.swift", filePath: "/file.swift", line: 1, column: 1
      ] = .init()
    } matching: {
      $0.description.contains(
        """
        A navigation stack binding at "App/file.swift:1" was written to with a path that has the \
        same number of elements that already exist in the store.
        """)
        && $0.description.contains(".forEach(\\.path, action: \\.path) {")
    }
  }

  @Reducer
  struct Sheet {
    @Reducer
    struct Destination {}
    @ObservableState
    struct State: Equatable {
      @Presents var destination: Destination.State?
    }
    enum Action {
      case destination(PresentationAction<Destination.Action>)
    }
  }

  @Test func aPresentationBindingSetToNilThatTheStoreKeepsIsReported() {
    let store = Store(initialState: Sheet.State(destination: .init())) { Sheet() }
    #expect(
      store[
        id: nil, state: \.destination, action: \.destination, isInViewBody: false,
        fileID: "App/file.swift", filePath: "/file.swift", line: 1, column: 1] != nil)
    withKnownIssue {
      store[
        id: nil, state: \.destination, action: \.destination, isInViewBody: false,
        fileID: "App/file.swift", filePath: "/file.swift", line: 1, column: 1
      ] = nil
    } matching: {
      $0.description.contains(
        """
        A binding at "App/file.swift:1" was set to "nil", but the store destination wasn't nil'd out.
        """)
    }
  }

  @Reducer
  struct IntegratedSheet {
    @Reducer
    struct Destination {}
    @ObservableState
    struct State: Equatable {
      @Presents var destination: Destination.State?
    }
    enum Action {
      case destination(PresentationAction<Destination.Action>)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer().ifLet(\.$destination, action: \.destination) { Destination() }
    }
  }

  @Test func aPresentationBindingSetToNilDismisses() {
    let store = Store(initialState: IntegratedSheet.State(destination: .init())) {
      IntegratedSheet()
    }
    store[
      id: nil, state: \.destination, action: \.destination, isInViewBody: false,
      fileID: "App/file.swift", filePath: "/file.swift", line: 1, column: 1
    ] = nil
    #expect(store.destination == nil)
  }

  @Reducer
  struct Login {
    @ObservableState
    struct State: Equatable {
      var email = ""
      var submissions = 0
    }
    enum Action: ViewAction {
      case view(View)
      enum View: BindableAction {
        case binding(BindingAction<State>)
        case submitTapped
      }
    }
    var body: some ReducerOf<Self> {
      BindingReducer(action: \.view)
      Reduce { state, action in
        if case .view(.submitTapped) = action { state.submissions += 1 }
        return .none
      }
    }
  }

  @Test func bindingsInAViewActionCaseAreApplied() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    await store.send(.view(.binding(.set(\.email, "blob@example.com")))) {
      $0.email = "blob@example.com"
    }
    await store.send(.view(.submitTapped)) { $0.submissions = 1 }
  }
}
