// Written as TCA 1.25's documentation shows; only the import differs.

import Bearing
import BearingTesting
import Foundation
import Testing

@MainActor
@Suite
struct NavigationTests {
  // MARK: - Tree-based navigation

  @Test
  func addContact() async {
    let store = TestStore(initialState: ContactsFeature.State()) {
      ContactsFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }

    await store.send(.addButtonTapped) {
      $0.destination = .addContact(
        AddContactFeature.State(contact: Contact(id: UUID(0), name: ""))
      )
    }
    await store.send(\.destination.addContact.setName, "Blob") {
      $0.destination?.modify(\.addContact) { $0.contact.name = "Blob" }
    }
    await store.send(\.destination.addContact.saveButtonTapped)
    await store.receive(\.destination.addContact.delegate.saveContact) {
      $0.contacts = [Contact(id: UUID(0), name: "Blob")]
    }
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
  }

  @Test
  func addContactNeedsANameAndCanBeCancelled() async {
    let store = TestStore(
      initialState: ContactsFeature.State(
        destination: .addContact(
          AddContactFeature.State(contact: Contact(id: UUID(0), name: "  "))
        )
      )
    ) {
      ContactsFeature()
    }

    await store.send(.destination(.presented(.addContact(.saveButtonTapped)))) {
      $0.destination?.modify(\.addContact) { $0.validationMessage = "A contact needs a name." }
    }
    await store.send(.destination(.presented(.addContact(.setName("Blob Sr."))))) {
      $0.destination?.modify(\.addContact) { $0.contact.name = "Blob Sr." }
      $0.destination?.modify(\.addContact) { $0.validationMessage = nil }
    }
    await store.send(.destination(.presented(.addContact(.cancelButtonTapped))))
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
  }

  @Test
  func confirmDeletion() async {
    let clock = TestClock()
    let blob = Contact(id: UUID(0), name: "Blob")
    let blobJr = Contact(id: UUID(1), name: "Blob Jr.")
    let store = TestStore(initialState: ContactsFeature.State(contacts: [blob, blobJr])) {
      ContactsFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.deleteButtonTapped(id: blob.id)) {
      $0.destination = .confirmDeletion(ConfirmDeletionFeature.State(contactID: blob.id))
    }
    await store.send(\.destination.confirmDeletion.onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.confirmDeletion.countdownTick) {
      $0.destination?.modify(\.confirmDeletion) { $0.secondsRemaining = 2 }
    }
    await store.send(\.destination.confirmDeletion.confirmButtonTapped)
    await store.receive(\.destination.confirmDeletion.delegate.deleteContact, blob.id) {
      $0.contacts = [blobJr]
    }
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
    // Dismissal ended the countdown: no more ticks arrive.
    await clock.advance(by: .seconds(5))
  }

  @Test
  func cancelDeletion() async {
    let blob = Contact(id: UUID(0), name: "Blob")
    let store = TestStore(initialState: ContactsFeature.State(contacts: [blob])) {
      ContactsFeature()
    }

    await store.send(.deleteButtonTapped(id: blob.id)) {
      $0.destination = .confirmDeletion(ConfirmDeletionFeature.State(contactID: blob.id))
    }
    await store.send(\.destination.confirmDeletion.cancelButtonTapped)
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
  }

  @Test
  func unansweredConfirmationDismissesItself() async {
    let clock = TestClock()
    let blob = Contact(id: UUID(0), name: "Blob")
    let store = TestStore(initialState: ContactsFeature.State(contacts: [blob])) {
      ContactsFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.deleteButtonTapped(id: blob.id)) {
      $0.destination = .confirmDeletion(ConfirmDeletionFeature.State(contactID: blob.id))
    }
    await store.send(\.destination.confirmDeletion.onAppear)
    await clock.advance(by: .seconds(3))
    await store.receive(\.destination.confirmDeletion.countdownTick) {
      $0.destination?.modify(\.confirmDeletion) { $0.secondsRemaining = 2 }
    }
    await store.receive(\.destination.confirmDeletion.countdownTick) {
      $0.destination?.modify(\.confirmDeletion) { $0.secondsRemaining = 1 }
    }
    await store.receive(\.destination.confirmDeletion.countdownTick) {
      $0.destination?.modify(\.confirmDeletion) { $0.secondsRemaining = 0 }
    }
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
  }

  @Test
  func dismissingFromTheParentCancelsTheChildsCountdown() async {
    let clock = TestClock()
    let blob = Contact(id: UUID(0), name: "Blob")
    let store = TestStore(initialState: ContactsFeature.State(contacts: [blob])) {
      ContactsFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.deleteButtonTapped(id: blob.id)) {
      $0.destination = .confirmDeletion(ConfirmDeletionFeature.State(contactID: blob.id))
    }
    await store.send(\.destination.confirmDeletion.onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.confirmDeletion.countdownTick) {
      $0.destination?.modify(\.confirmDeletion) { $0.secondsRemaining = 2 }
    }
    // The user swipes the confirmation away.
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    // Its countdown was cancelled with it, so time passing sends nothing.
    await clock.advance(by: .seconds(10))
  }

  // MARK: - Stack-based navigation

  @Test
  func editFromDetail() async {
    let blob = Contact(id: UUID(0), name: "Blob")
    let store = TestStore(
      initialState: AppFeature.State(
        contacts: ContactsFeature.State(contacts: [blob]),
        path: StackState([.detail(ContactDetailFeature.State(contact: blob))])
      )
    ) {
      AppFeature()
    }

    await store.send(\.path[id: 0].detail.editButtonTapped)
    await store.receive(\.path[id: 0].detail.delegate.editContact, blob) {
      $0.path[id: 1] = .edit(EditContactFeature.State(contact: blob))
    }
    await store.send(
      .path(.element(id: 1, action: .edit(.binding(.set(\.contact.name, "Blobby")))))
    ) {
      $0.path[id: 1, case: \.edit]?.contact.name = "Blobby"
    }
    await store.send(\.path[id: 1].edit.saveButtonTapped)
    await store.receive(\.path[id: 1].edit.delegate.contactUpdated) {
      $0.contacts.contacts[id: blob.id]?.name = "Blobby"
      $0.path[id: 0, case: \.detail]?.contact.name = "Blobby"
    }
    await store.receive(\.path.popFrom, 1) {
      $0.path[id: 1] = nil
    }
  }

  @Test
  func poppingTheDetailStopsItsTimer() async {
    let clock = TestClock()
    let blob = Contact(id: UUID(0), name: "Blob")
    let store = TestStore(
      initialState: AppFeature.State(contacts: ContactsFeature.State(contacts: [blob]))
    ) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    let detail = ContactDetailFeature.State(contact: blob)
    await store.send(.path(.push(id: 0, state: .detail(detail)))) {
      $0.path[id: 0] = .detail(detail)
    }
    await store.send(\.path[id: 0].detail.onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].detail.timerTick) {
      $0.path[id: 0, case: \.detail]?.secondsViewed = 1
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].detail.timerTick) {
      $0.path[id: 0, case: \.detail]?.secondsViewed = 2
    }
    await store.send(\.path[id: 0].detail.closeButtonTapped)
    await store.receive(\.path.popFrom) {
      $0.path[id: 0] = nil
    }
    // Popping cancelled the detail's timer.
    await clock.advance(by: .seconds(10))
  }

  @Test
  func addContactThroughTheAppNonExhaustively() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.exhaustivity = .off

    await store.send(\.contacts.addButtonTapped)
    await store.send(\.contacts.destination.addContact.setName, "Blob")
    await store.send(\.contacts.destination.addContact.saveButtonTapped)
    await store.receive(\.contacts.destination.dismiss) {
      $0.contacts.destination = nil
    }
    store.assert {
      $0.contacts.contacts = [Contact(id: UUID(0), name: "Blob")]
    }
  }
}
