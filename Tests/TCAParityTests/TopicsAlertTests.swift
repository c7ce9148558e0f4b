// Written as TCA 1.25's documentation and case studies show; only the import differs.
import Bearing
import BearingTesting
import Testing

/// A form step whose alert lives in optional state of its own (`@Presents var alert`), dismissed
/// by `.ifLet(\.alert, action: \.alert)` with no reducer, and whose buttons send with an
/// animation.
@Reducer
struct TopicsStep {
  @ObservableState
  struct State: Equatable {
    @Presents var alert: AlertState<Action.Alert>?
    var topics: Set<String> = []
  }

  enum Action {
    case alert(PresentationAction<Alert>)
    case nextButtonTapped
    case topicTapped(String)

    enum Alert: Equatable {
      case chooseForMe
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.chooseForMe)):
        state.topics = ["Coffee"]
        return .none
      case .alert:
        return .none
      case .nextButtonTapped:
        guard state.topics.isEmpty else { return .none }
        state.alert = AlertState {
          TextState("Please choose at least one topic.")
        } actions: {
          ButtonState(action: .send(.chooseForMe, animation: .default)) {
            TextState("Choose for me")
          }
        }
        return .none
      case .topicTapped(let topic):
        state.topics.insert(topic)
        return .none
      }
    }
    .ifLet(\.alert, action: \.alert)
  }
}

@MainActor
@Suite
struct TopicsAlertTests {
  static let alert = AlertState<TopicsStep.Action.Alert> {
    TextState("Please choose at least one topic.")
  } actions: {
    ButtonState(action: .send(.chooseForMe, animation: .default)) {
      TextState("Choose for me")
    }
  }

  @Test
  func anAlertInOptionalStateIsDismissedByItsAction() async {
    let store = TestStore(initialState: TopicsStep.State()) { TopicsStep() }
    await store.send(.nextButtonTapped) {
      $0.alert = Self.alert
    }
    await store.send(.alert(.presented(.chooseForMe))) {
      $0.alert = nil
      $0.topics = ["Coffee"]
    }
  }

  @Test
  func dismissingTheAlertLeavesTheTopics() async {
    let store = TestStore(initialState: TopicsStep.State()) { TopicsStep() }
    await store.send(.nextButtonTapped) {
      $0.alert = Self.alert
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
  }

  @Test
  func aButtonKeepsTheAnimationItSendsWith() {
    let button = Self.alert.buttons[0]
    #expect(button.action == .chooseForMe)
    #expect(button.animation == .default)
    let plain = ButtonState<TopicsStep.Action.Alert>(action: .chooseForMe) {
      TextState("Choose for me")
    }
    #expect(plain.animation == nil)
    #expect(plain != button)
  }
}
