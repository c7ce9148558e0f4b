import Bearing
import BearingPersonalData
import BearingPlaces
import Foundation

/// Everything known about one place, with the favourite toggle and the user's notes (the MVVM
/// prototype's posts: create, delete, select for detail, error alert on failure).
///
/// Favourites and notes are persisted through the `database` dependency; a favourite is also
/// saved as a monitored region, so region alerts survive a restart.
///
/// ```swift
/// let store = Store(initialState: PlaceDetail.State(place: place)) { PlaceDetail() }
/// store.send(.onAppear)
/// ```
package struct PlaceDetail: Reducer {
  /// What the detail screen shows.
  package struct State: Equatable, Sendable {
    /// The place.
    package var place: Place
    /// Whether the place is a favourite.
    package var isFavorite: Bool
    /// Notes about the place, newest first.
    package var notes: [PlaceNote]
    /// The note the cursor is on, for deleting or reading in full.
    package var selectedNoteID: UUID?
    /// Whether notes and the favourite flag have been loaded.
    package var isLoaded: Bool
    /// An error to show until dismissed.
    package var alert: String?

    /// Creates the state for `place`, before anything is loaded.
    package init(
      place: Place,
      isFavorite: Bool = false,
      notes: [PlaceNote] = [],
      selectedNoteID: UUID? = nil,
      isLoaded: Bool = false,
      alert: String? = nil
    ) {
      self.place = place
      self.isFavorite = isFavorite
      self.notes = notes
      self.selectedNoteID = selectedNoteID
      self.isLoaded = isLoaded
      self.alert = alert
    }

    /// The selected note, if any.
    package var selectedNote: PlaceNote? {
      notes.first { $0.id == selectedNoteID }
    }
  }

  /// Everything that can happen on the detail screen.
  @CasePathable
  package enum Action: Equatable, Sendable {
    case onAppear
    case loaded(isFavorite: Bool, notes: [PlaceNote])
    /// The user toggled the favourite; ``FavoriteRegions`` (in the parent) does the work.
    case favoriteToggled
    case addNoteSubmitted(String)
    case noteAdded(PlaceNote)
    case deleteNoteTapped(UUID)
    case noteDeleted(UUID)
    case noteSelected(UUID?)
    case failed(String)
    case alertDismissed
  }

  @Dependency(\.database) var database
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let database = database
    switch action {
    case .onAppear:
      let placeID = state.place.id
      return .run { send in
        let favorites = try await database.favorites()
        let notes = try await database.notes(placeID: placeID)
        await send(
          .loaded(isFavorite: favorites.contains { $0.placeID == placeID }, notes: notes))
      } catch: { error, send in
        await send(.failed(UserMessage.cannotLoadNotes(error)))
      }

    case .loaded(let isFavorite, let notes):
      state.isFavorite = isFavorite
      state.notes = notes
      state.isLoaded = true
      return .none

    case .favoriteToggled:
      // The app's favourites feature adds or removes it, and reports back.
      return .none

    case .addNoteSubmitted(let text):
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !trimmed.isEmpty else {
        state.alert = UserMessage.emptyNote
        return .none
      }
      let note = PlaceNote(id: uuid(), placeID: state.place.id, text: trimmed, createdAt: now)
      return .run { send in
        try await database.addNote(note)
        await send(.noteAdded(note))
      } catch: { error, send in
        await send(.failed(UserMessage.cannotSaveNote(error)))
      }

    case .noteAdded(let note):
      state.notes.insert(note, at: 0)
      state.selectedNoteID = note.id
      return .none

    case .deleteNoteTapped(let id):
      return .run { send in
        _ = try await database.deleteNote(id: id)
        await send(.noteDeleted(id))
      } catch: { error, send in
        await send(.failed(UserMessage.cannotDeleteNote(error)))
      }

    case .noteDeleted(let id):
      guard let index = state.notes.firstIndex(where: { $0.id == id }) else { return .none }
      state.notes.remove(at: index)
      if state.selectedNoteID == id {
        state.selectedNoteID =
          state.notes.isEmpty ? nil : state.notes[min(index, state.notes.count - 1)].id
      }
      return .none

    case .noteSelected(let id):
      state.selectedNoteID = id
      return .none

    case .failed(let message):
      state.alert = message
      return .none

    case .alertDismissed:
      state.alert = nil
      return .none
    }
  }
}
