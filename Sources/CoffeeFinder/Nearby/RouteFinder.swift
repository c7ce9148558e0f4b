import Bearing
import BearingLocation
import BearingPlaces
import BearingText
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

extension RouteFinder {
  /// `route --json`: one object on one line, written by ``JSONLines`` (so a name is safe on a
  /// terminal): `place` (`id`, `name`, `latitude`, `longitude`), `walk_m` and `walk_s` as
  /// `nearby --json` writes them, `line_m` (the straight line, whole metres), `direct` (the walk
  /// is the straight line) and `along` (the streets' names, in order).
  package static func json(
    _ route: WalkRouter.Route, to place: Place, from start: Coordinate, speed: Double
  ) -> String {
    struct Form: Encodable {
      struct Target: Encodable {
        var id: String
        var name: String
        var latitude: Double
        var longitude: Double
      }
      var place: Target
      var walk_m: Double
      var walk_s: Double
      var line_m: Double
      var direct: Bool
      var along: [String]
    }
    let form = Form(
      place: Form.Target(
        id: place.id, name: place.name,
        latitude: NearbyReport.degrees(place.coordinate.latitude),
        longitude: NearbyReport.degrees(place.coordinate.longitude)),
      walk_m: Walks.jsonMetres(route.length), walk_s: Walks.jsonSeconds(route.length, speed: speed),
      line_m: start.distance(to: place.coordinate).rounded(), direct: route.isDirect,
      along: route.streetNames)
    // Plain strings and finite numbers always encode.
    return (try? JSONLines.line(form)) ?? "{}"
  }
}
