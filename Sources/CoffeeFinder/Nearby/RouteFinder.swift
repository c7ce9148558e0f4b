import Bearing
import BearingLocation
import BearingPlaces
import BearingWalking

/// The walk from where the user is to one place over the stored streets: the feature behind
/// `coffee-finder route`.
///
/// ```swift
/// let store = Store(initialState: RouteFinder.State(from: here, to: café)) { RouteFinder() }
/// await store.send(.find).finish()
/// store.state.route?.streetNames  // ["Mannerheimintie", "Esplanadi"]
/// ```
package struct RouteFinder: Reducer {
  package struct State: Equatable, Sendable {
    /// Where the walk starts.
    package var start: Coordinate
    /// Where it goes.
    package var place: Place
    /// The walk found.
    package var route: WalkRouter.Route?
    /// Why there is none, as the user reads it.
    package var failure: String?

    /// A walk from `start` to `place`, not looked for yet.
    package init(from start: Coordinate, to place: Place) {
      self.start = start
      self.place = place
    }
  }

  @CasePathable
  package enum Action: Equatable, Sendable {
    case find
    case found(WalkRouter.Route)
    case failed(String)
  }

  @Dependency(\.walking) var walking

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .find:
      let (walking, start, place) = (walking, state.start, state.place)
      return .run { send in
        if let route = try await walking.route(start, place.coordinate) {
          await send(.found(route))
        } else {
          let reason = try await walking.noRoute(start, place.coordinate)
          await send(.failed(UserMessage.noRoute(to: place.name, because: reason)))
        }
      } catch: { error, send in
        await send(.failed(UserMessage.line(for: error)))
      }

    case .found(let route):
      state.route = route
      state.failure = nil
      return .none

    case .failed(let failure):
      state.failure = failure
      return .none
    }
  }
}
