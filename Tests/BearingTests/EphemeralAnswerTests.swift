import Bearing
import BearingTesting
import Testing

@Reducer
private struct Panel {
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case increment
  }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@Reducer
private struct Host {
  struct State: Equatable {
    @Presents var destination: Destination.State?
  }
  enum Action: Equatable {
    case destination(PresentationAction<Destination.Action>)
    case showAlert
  }

  struct Destination: Reducer {
    @CasePathable
    enum State: Equatable {
      case alert(AlertState<Alert>)
      case sheet(Panel.State)
    }
    @CasePathable
    enum Action: Equatable {
      case alert(Alert)
      case sheet(Panel.Action)
    }
    enum Alert: Equatable {
      case confirm
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.sheet, action: \.sheet) { Panel() }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .showAlert = action {
        state.destination = .alert(AlertState { TextState("Sure?") })
      }
      return .none
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}

/// An alert (ephemeral state) is dismissed by its own actions only: an action for another case
/// of the destination, which the destination's `Scope` reports, leaves it presented.
@MainActor
@Suite struct EphemeralAnswerTests {
  @Test func anActionOfAnotherCaseLeavesTheAlertPresented() async {
    let store = TestStore(initialState: Host.State()) { Host() }
    await store.send(.showAlert) {
      $0.destination = .alert(AlertState { TextState("Sure?") })
    }
    await withKnownIssue {
      await store.send(.destination(.presented(.sheet(.increment))))
    } matching: {
      $0.description.contains("received a child action when child state was set to a different")
    }
    await store.send(.destination(.presented(.alert(.confirm)))) {
      $0.destination = nil
    }
  }
}
