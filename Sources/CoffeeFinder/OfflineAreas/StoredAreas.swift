import Bearing
import BearingPlaceStore
import BearingPlaces

/// The areas stored for offline search: listed, or one removed. The feature behind
/// `coffee-finder areas list` and `areas remove`; the command prints its state.
///
/// ```swift
/// let store = Store(initialState: StoredAreas.State()) { StoredAreas() }
/// await store.send(.load).finish()
/// ```
package struct StoredAreas: Reducer {
  package struct State: Equatable, Sendable {
    /// The stored areas, oldest first; `nil` until loaded.
    package var areas: [StoredArea]?
    /// The built-in area; `nil` until loaded.
    package var builtIn: DataCoverage?
    /// What `remove` did: the area it removed, or `nil` in `.some` when no stored area had the
    /// name; `nil` until it answered.
    package var removed: StoredArea??
    /// Why loading or removing failed, as the user reads it.
    package var failure: String?

    /// Nothing loaded or removed yet.
    package init() {}
  }

  @CasePathable
  package enum Action: Equatable, Sendable {
    /// Reads the stored areas and the built-in one.
    case load
    case loaded(areas: [StoredArea], builtIn: DataCoverage)
    /// Removes the stored area called `name`.
    case remove(name: String)
    case removed(StoredArea?)
    case failed(String)
  }

  @Dependency(\.offlineAreas) var offlineAreas

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let offlineAreas = offlineAreas
    switch action {
    case .load:
      return .run { send in
        let library = try await offlineAreas.library()
        await send(.loaded(areas: library.areas, builtIn: library.builtIn.coverage))
      } catch: { error, send in
        await send(.failed(UserMessage.line(for: error)))
      }

    case .loaded(let areas, let builtIn):
      state.areas = areas
      state.builtIn = builtIn
      return .none

    case .remove(let name):
      return .run { send in
        await send(.removed(try await offlineAreas.removeArea(name: name)))
      } catch: { error, send in
        await send(.failed(UserMessage.line(for: error)))
      }

    case .removed(let area):
      state.removed = .some(area)
      return .none

    case .failed(let message):
      state.failure = message
      return .none
    }
  }
}
