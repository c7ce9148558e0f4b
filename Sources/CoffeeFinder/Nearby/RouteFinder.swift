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
    /// Why no walk joins the two over the stored streets, once the search found none
    /// (`.some(nil)`: no streets are stored around the start).
    package var noWalk: WalkRouter.NoWalk??

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
    /// No walk over the stored streets, and why (`nil`: no streets are stored around the start).
    case noWalk(WalkRouter.NoWalk?)
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
          await send(.noWalk(reason))
        }
      } catch: { error, send in
        await send(.failed(UserMessage.line(for: error)))
      }

    case .found(let route):
      state.route = route
      state.failure = nil
      return .none

    case .noWalk(let reason):
      state.noWalk = .some(reason)
      state.failure = UserMessage.noRoute(
        to: state.place.name, because: reason,
        line: state.start.distance(to: state.place.coordinate))
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
  /// is the straight line) and `along` (the streets' names, in order). Where no walk is found,
  /// `walk_m` and `walk_s` are `null`, `along` is empty and `reason` says why
  /// (``jsonReason(_:)``).
  package static func json(
    _ route: WalkRouter.Route?, to place: Place, from start: Coordinate, speed: Double,
    noWalk: WalkRouter.NoWalk?? = nil
  ) -> String {
    struct Form: Encodable {
      struct Target: Encodable {
        var id: String
        var name: String
        var latitude: Double
        var longitude: Double
      }
      var place: Target
      var line_m: Double
      var direct: Bool
      var along: [String]
      var reason: String?
    }
    let form = Form(
      place: Form.Target(
        id: place.id, name: place.name,
        latitude: NearbyReport.degrees(place.coordinate.latitude),
        longitude: NearbyReport.degrees(place.coordinate.longitude)),
      line_m: start.distance(to: place.coordinate).rounded(), direct: route?.isDirect ?? false,
      along: route?.streetNames ?? [], reason: noWalk.map(jsonReason))
    let object = Walks.JSONObject(form, walk: route?.length, speed: speed)
    // Plain strings and finite numbers always encode.
    return (try? JSONLines.line(object)) ?? "{}"
  }

  /// Why no walk was found, as `route --json` writes it: `start_off_streets`,
  /// `place_off_streets` (more than 250 m from any stored street), `cut_off`, `too_far` (past
  /// the search's bound), `no_streets` (none stored around the start).
  package static func jsonReason(_ reason: WalkRouter.NoWalk?) -> String {
    switch reason {
    case .startOffTheWays: "start_off_streets"
    case .targetOffTheWays: "place_off_streets"
    case .cutOff: "cut_off"
    case .fartherThanTheBound: "too_far"
    case nil: "no_streets"
    }
  }
}
