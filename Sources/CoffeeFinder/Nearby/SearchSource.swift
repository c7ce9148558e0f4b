import Bearing
import BearingPlaceStore
import CoffeeFinderSettings
import Foundation

/// Where a search looks, as the settings choose it: Foursquare (with a key, or when asked for),
/// Overpass (when asked for), else the offline data (the stored areas and the built-in one),
/// alone (`--provider offline`) or before Overpass where it does not cover the search. The
/// feature reads the offline data; the executable makes the places client for what it chose.
///
/// ```swift
/// let store = Store(
///   initialState: SearchSource.State(provider: .auto, hasFoursquareKey: false)
/// ) {
///   SearchSource()
/// }
/// await store.send(.choose).finish()
/// ```
package struct SearchSource: Reducer {
  package struct State: Equatable, Sendable {
    /// The provider the settings name.
    package var provider: PlaceProvider
    /// Whether the settings hold a Foursquare API key.
    package var hasFoursquareKey: Bool
    /// What was chosen; `nil` until then.
    package var source: Source?
    /// Why no source could be chosen, as the user reads it.
    package var failure: String?

    /// A choice for `provider`, with or without a Foursquare key.
    package init(provider: PlaceProvider, hasFoursquareKey: Bool) {
      self.provider = provider
      self.hasFoursquareKey = hasFoursquareKey
    }
  }

  /// Where a search looks.
  package enum Source: Equatable, Sendable {
    /// The Foursquare Places API.
    case foursquare
    /// OpenStreetMap's Overpass API.
    case overpass
    /// The offline data only.
    case offline(OfflineData)
    /// The offline data where it covers the search, Overpass elsewhere.
    case offlineElseOverpass(OfflineData)
  }

  /// The offline data as read once: equal when it is the same reading (`id`).
  package struct OfflineData: Equatable, Sendable {
    /// Which reading this is.
    package var id: UUID
    /// The stored areas and the built-in one.
    package var library: OfflineLibrary

    /// The reading `id` of `library`.
    package init(id: UUID, library: OfflineLibrary) {
      self.id = id
      self.library = library
    }

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  }

  @CasePathable
  package enum Action: Equatable, Sendable {
    case choose
    case read(OfflineData)
    case failed(String)
  }

  @Dependency(\.offlineAreas) var offlineAreas

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .choose:
      let wantsFoursquare =
        state.provider == .foursquare || (state.provider == .auto && state.hasFoursquareKey)
      if wantsFoursquare {
        guard state.hasFoursquareKey else {
          state.failure = UserMessage.foursquareNeedsAKey
          return .none
        }
        state.source = .foursquare
        return .none
      }
      if state.provider == .overpass {
        state.source = .overpass
        return .none
      }
      let offlineAreas = offlineAreas
      return .run { send in
        let library = try await offlineAreas.library()
        // Asked for only when there is a reading to name.
        @Dependency(\.uuid) var uuid
        await send(.read(OfflineData(id: uuid(), library: library)))
      } catch: { error, send in
        await send(.failed(UserMessage.line(for: error)))
      }

    case .read(let data):
      state.source = state.provider == .offline ? .offline(data) : .offlineElseOverpass(data)
      return .none

    case .failed(let message):
      state.failure = message
      return .none
    }
  }
}
