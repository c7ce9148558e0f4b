// Written as TCA 1.25's documentation shows; only the import differs.
import Bearing
import BearingTesting
import Foundation
import Testing

@MainActor
@Suite
struct AlertsTests {
  let lunch = Inbox.Message(id: UUID(0), subject: "Lunch")

  @Test
  func confirmingTheAlertDeletesAndDismissesIt() async {
    let store = TestStore(initialState: Inbox.State(messages: [lunch])) {
      Inbox()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.deleteButtonTapped(id: lunch.id)) {
      $0.destination = .alert(
        AlertState {
          TextState("Delete “Lunch”?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion(id: UUID(0))) {
            TextState("Delete")
          }
          ButtonState(role: .cancel) {
            TextState("Keep")
          }
        }
      )
    }
    await store.send(\.destination.alert.confirmDeletion, UUID(0)) {
      $0.messages = []
      $0.destination = nil
    }
  }

  @Test
  func dismissingTheAlertKeepsTheMessage() async {
    let store = TestStore(initialState: Inbox.State(messages: [lunch])) {
      Inbox()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.deleteButtonTapped(id: lunch.id)) {
      $0.destination = .alert(
        AlertState {
          TextState("Delete “Lunch”?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion(id: UUID(0))) {
            TextState("Delete")
          }
          ButtonState(role: .cancel) {
            TextState("Keep")
          }
        }
      )
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test
  func anAlertOfItsOwnNeedsNoReducer() async {
    let store = TestStore(initialState: Inbox.State(messages: [lunch])) {
      Inbox()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.clearAllButtonTapped) {
      $0.alert = AlertState {
        TextState("Clear all messages?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmClearAll) {
          TextState("Clear")
        }
      } message: {
        TextState("This cannot be undone.")
      }
    }
    await store.send(.alert(.presented(.confirmClearAll))) {
      $0.messages = []
      $0.alert = nil
    }
  }
}
