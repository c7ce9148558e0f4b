// Written as TCA 1.25's documentation shows; only the import differs.

import Bearing
import Foundation

struct Contact: Equatable, Identifiable, Sendable {
  let id: UUID
  var name: String
}

// MARK: - Tree-based navigation

@Reducer
struct ContactsFeature {
  @ObservableState
  struct State: Equatable {
    var contacts: IdentifiedArrayOf<Contact> = []
    @Presents var destination: Destination.State?
  }

  enum Action {
    case addButtonTapped
    case deleteButtonTapped(id: Contact.ID)
    case destination(PresentationAction<Destination.Action>)
  }

  @Reducer
  enum Destination {
    case addContact(AddContactFeature)
    case confirmDeletion(ConfirmDeletionFeature)
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .addContact(
          AddContactFeature.State(contact: Contact(id: uuid(), name: ""))
        )
        return .none

      case let .deleteButtonTapped(id):
        state.destination = .confirmDeletion(ConfirmDeletionFeature.State(contactID: id))
        return .none

      case let .destination(.presented(.addContact(.delegate(.saveContact(contact))))):
        state.contacts.append(contact)
        return .none

      case let .destination(.presented(.confirmDeletion(.delegate(.deleteContact(id))))):
        state.contacts.remove(id: id)
        return .none

      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension ContactsFeature.Destination.State: Equatable {}

@Reducer
struct AddContactFeature {
  @ObservableState
  struct State: Equatable {
    var contact: Contact
    var validationMessage: String?
  }

  enum Action {
    case cancelButtonTapped
    case delegate(Delegate)
    case saveButtonTapped
    case setName(String)

    @CasePathable
    enum Delegate: Equatable {
      case saveContact(Contact)
    }
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelButtonTapped:
        return .run { _ in await self.dismiss() }

      case .delegate:
        return .none

      case .saveButtonTapped:
        guard !state.contact.name.allSatisfy(\.isWhitespace) else {
          state.validationMessage = "A contact needs a name."
          return .none
        }
        return .run { [contact = state.contact] send in
          await send(.delegate(.saveContact(contact)))
          await self.dismiss()
        }

      case let .setName(name):
        state.contact.name = name
        state.validationMessage = nil
        return .none
      }
    }
  }
}

/// Asks before a contact is deleted, and gives up by itself when nobody answers in time.
@Reducer
struct ConfirmDeletionFeature {
  @ObservableState
  struct State: Equatable {
    let contactID: Contact.ID
    var secondsRemaining = 3
  }

  enum Action {
    case cancelButtonTapped
    case confirmButtonTapped
    case countdownTick
    case delegate(Delegate)
    case onAppear

    @CasePathable
    enum Delegate: Equatable {
      case deleteContact(Contact.ID)
    }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelButtonTapped:
        return .run { _ in await self.dismiss() }

      case .confirmButtonTapped:
        return .run { [id = state.contactID] send in
          await send(.delegate(.deleteContact(id)))
          await self.dismiss()
        }

      case .countdownTick:
        state.secondsRemaining -= 1
        return state.secondsRemaining == 0
          ? .run { _ in await self.dismiss() }
          : .none

      case .delegate:
        return .none

      case .onAppear:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.countdownTick)
          }
        }
      }
    }
  }
}

// MARK: - Stack-based navigation

@Reducer
struct AppFeature {
  @Reducer
  enum Path {
    case detail(ContactDetailFeature)
    case edit(EditContactFeature)
  }

  @ObservableState
  struct State: Equatable {
    var contacts = ContactsFeature.State()
    var path = StackState<Path.State>()
  }

  enum Action {
    case contacts(ContactsFeature.Action)
    case path(StackActionOf<Path>)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.contacts, action: \.contacts) {
      ContactsFeature()
    }
    Reduce { state, action in
      switch action {
      case .contacts:
        return .none

      case let .path(.element(id: _, action: .detail(.delegate(.editContact(contact))))):
        state.path.append(.edit(EditContactFeature.State(contact: contact)))
        return .none

      case let .path(.element(id: _, action: .edit(.delegate(.contactUpdated(contact))))):
        state.contacts.contacts[id: contact.id] = contact
        for id in state.path.ids
        where state.path[id: id, case: \.detail]?.contact.id == contact.id {
          state.path[id: id, case: \.detail]?.contact = contact
        }
        return .none

      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

extension AppFeature.Path.State: Equatable {}

@Reducer
struct ContactDetailFeature {
  @ObservableState
  struct State: Equatable {
    var contact: Contact
    var secondsViewed = 0
  }

  enum Action {
    case closeButtonTapped
    case delegate(Delegate)
    case editButtonTapped
    case onAppear
    case timerTick

    @CasePathable
    enum Delegate: Equatable {
      case editContact(Contact)
    }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .closeButtonTapped:
        return .run { _ in await self.dismiss() }

      case .delegate:
        return .none

      case .editButtonTapped:
        return .send(.delegate(.editContact(state.contact)))

      case .onAppear:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.timerTick)
          }
        }

      case .timerTick:
        state.secondsViewed += 1
        return .none
      }
    }
  }
}

@Reducer
struct EditContactFeature {
  @ObservableState
  struct State: Equatable {
    var contact: Contact
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case delegate(Delegate)
    case saveButtonTapped

    @CasePathable
    enum Delegate: Equatable {
      case contactUpdated(Contact)
    }
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none

      case .delegate:
        return .none

      case .saveButtonTapped:
        return .run { [contact = state.contact] send in
          await send(.delegate(.contactUpdated(contact)))
          await self.dismiss()
        }
      }
    }
  }
}
