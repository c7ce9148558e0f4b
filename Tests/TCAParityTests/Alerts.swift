// Written as TCA 1.25's documentation shows; only the import differs.
import Bearing
import Foundation

@Reducer
struct Inbox {
  @ObservableState
  struct State: Equatable {
    var messages: IdentifiedArrayOf<Message> = []
    @Presents var destination: Destination.State?
    @Presents var alert: AlertState<Action.Alert>?
  }

  struct Message: Equatable, Identifiable {
    let id: UUID
    var subject: String
  }

  enum Action {
    case deleteButtonTapped(id: Message.ID)
    case destination(PresentationAction<Destination.Action>)
    case alert(PresentationAction<Alert>)
    case clearAllButtonTapped

    @CasePathable
    enum Alert {
      case confirmClearAll
    }

    @CasePathable
    enum DeleteAlert: Equatable {
      case confirmDeletion(id: Message.ID)
    }
  }

  @Reducer
  enum Destination {
    case alert(AlertState<Inbox.Action.DeleteAlert>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .deleteButtonTapped(id):
        guard let message = state.messages[id: id] else { return .none }
        state.destination = .alert(
          AlertState {
            TextState("Delete “\(message.subject)”?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion(id: id)) {
              TextState("Delete")
            }
            ButtonState(role: .cancel) {
              TextState("Keep")
            }
          }
        )
        return .none

      case let .destination(.presented(.alert(.confirmDeletion(id)))):
        state.messages.remove(id: id)
        return .none

      case .destination:
        return .none

      case .clearAllButtonTapped:
        state.alert = AlertState {
          TextState("Clear all messages?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmClearAll) {
            TextState("Clear")
          }
        } message: {
          TextState("This cannot be undone.")
        }
        return .none

      case .alert(.presented(.confirmClearAll)):
        state.messages = []
        return .none

      case .alert:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
    .ifLet(\.$alert, action: \.alert)
  }
}

extension Inbox.Destination.State: Equatable {}
