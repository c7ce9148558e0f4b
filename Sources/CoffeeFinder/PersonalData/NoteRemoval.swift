import Bearing
import BearingPersonalData
import Foundation

/// Removes one note by its id: the feature behind `coffee-finder notes remove`. (The detail
/// screen's ``PlaceDetail`` removes notes of the place it shows.)
///
/// ```swift
/// let store = Store(initialState: NoteRemoval.State(id: id)) { NoteRemoval() }
/// await store.send(.remove).finish()
/// ```
package struct NoteRemoval: Reducer {
  package struct State: Equatable, Sendable {
    /// The note to remove.
    package var id: UUID
    /// Whether a note of that id was there and is gone; `nil` until the database answered.
    package var removed: Bool?
    /// Why the note could not be removed, as the user reads it.
    package var failure: String?

    /// The note `id`, not removed yet.
    package init(id: UUID) {
      self.id = id
    }
  }

  @CasePathable
  package enum Action: Equatable, Sendable {
    case remove
    case finished(removed: Bool)
    case failed(String)
  }

  @Dependency(\.database) var database

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let database = database
    switch action {
    case .remove:
      let id = state.id
      return .run { send in
        await send(.finished(removed: try await database.deleteNote(id: id)))
      } catch: { error, send in
        await send(.failed(UserMessage.line(for: error)))
      }

    case .finished(let removed):
      state.removed = removed
      return .none

    case .failed(let message):
      state.failure = message
      return .none
    }
  }
}
