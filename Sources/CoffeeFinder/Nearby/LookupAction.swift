import Bearing

/// The actions of a place look-up (``PlaceLookup``, ``PlaceNameLookup``): start it; the one
/// place it found; why it found no one place, as the user reads it.
@CasePathable
package enum LookupAction<Found: Equatable & Sendable>: Equatable, Sendable {
  case lookUp
  case found(Found)
  case failed(String)
}

/// What a place look-up's state keeps once it is over.
package protocol LookupState {
  associatedtype Found
  /// The place found.
  var place: Found? { get set }
  /// Why no one place was found, as the user reads it.
  var failure: String? { get set }
}

extension LookupAction {
  /// The step both look-ups take: `.lookUp` runs `search`, whose answer comes back as `.found`
  /// and whose error, worded for the user, as `.failed`; those two are kept in `state`.
  static func reduce<State: LookupState>(
    into state: inout State, _ action: Self,
    search: @escaping @Sendable () async throws -> Found
  ) -> Effect<Self> where State.Found == Found {
    switch action {
    case .lookUp:
      return .run { send in
        await send(.found(try await search()))
      } catch: { error, send in
        await send(.failed(UserMessage.line(for: error)))
      }

    case .found(let place):
      state.place = place
      return .none

    case .failed(let message):
      state.failure = message
      return .none
    }
  }
}
