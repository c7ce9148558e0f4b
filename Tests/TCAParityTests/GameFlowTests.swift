// Written as TCA 1.25's tic-tac-toe example writes its app feature; only the import differs.
import Bearing
import BearingTesting
import Testing

@Reducer
struct SignIn {
  @ObservableState
  struct State: Equatable {
    var name = ""
  }

  enum Action {
    case delegate(Delegate)
    case submitTapped

    @CasePathable
    enum Delegate: Equatable {
      case signedIn(String)
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .delegate:
        return .none
      case .submitTapped:
        return .send(.delegate(.signedIn(state.name)))
      }
    }
  }
}

@Reducer
struct Lobby {
  @ObservableState
  struct State: Equatable {
    var player: String
  }

  enum Action {
    case signOutTapped
  }

  var body: some ReducerOf<Self> { EmptyReducer() }
}

/// A `@Reducer enum` that declares its own `body`: it moves between its cases on a child's
/// delegate action, and scopes each case itself.
@Reducer
enum GameFlow {
  case signIn(SignIn)
  case lobby(Lobby)

  static var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .signIn(.delegate(.signedIn(let name))):
        state = .lobby(Lobby.State(player: name))
        return .none
      case .lobby(.signOutTapped):
        state = .signIn(SignIn.State())
        return .none
      case .signIn, .lobby:
        return .none
      }
    }
    .ifCaseLet(\.signIn, action: \.signIn) { SignIn() }
    .ifCaseLet(\.lobby, action: \.lobby) { Lobby() }
  }
}

extension GameFlow.State: Equatable {}

@MainActor
@Suite
struct GameFlowTests {
  @Test
  func anEnumWithItsOwnBodyMovesBetweenItsCases() async {
    let store = TestStore(initialState: GameFlow.State.signIn(SignIn.State(name: "Ada"))) {
      GameFlow.body
    }
    await store.send(\.signIn.submitTapped)
    await store.receive(\.signIn.delegate.signedIn) {
      $0 = .lobby(Lobby.State(player: "Ada"))
    }
    await store.send(\.lobby.signOutTapped) {
      $0 = .signIn(SignIn.State())
    }
  }
}
