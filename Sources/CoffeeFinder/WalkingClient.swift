import Bearing
import BearingLocation
import BearingWalking

/// Walks over the streets stored with the offline areas (``WalkRouter``).
///
/// The executable sets it for the data directory in use; features reach it through
/// `@Dependency(\.walking)`, and tests give it closures of their own.
@DependencyClient
package struct WalkingClient: Sendable {
  /// The length in metres of the walk from `start` to each of `targets` (`nil` where there is
  /// no walk); `nil` when no streets are stored around `start`.
  package var walks:
    @Sendable (_ start: Coordinate, _ targets: [Coordinate]) async throws -> [Double?]?
  /// The walk from `start` to `target` with its way and street names; `nil` when there is
  /// none (or no streets are stored there).
  package var route:
    @Sendable (_ start: Coordinate, _ target: Coordinate) async throws -> WalkRouter.Route?
}

extension WalkingClient {
  /// The walking speed the app assumes unless told: 1.3 m/s, about 4.7 km/h.
  package static let defaultSpeed = 1.3

  /// How far a search for walks looks: past four times the farthest target as the crow
  /// flies, at least 2 km (a river with one bridge can make the walk several times the line).
  package static func bound(from start: Coordinate, to targets: [Coordinate]) -> Double {
    max(2_000, 4 * (targets.map(start.distance(to:)).max() ?? 0))
  }

  /// Walks over `router`'s graph, or none where `router` gives `nil`: for the executable's
  /// live value and for tests over a hand-made graph.
  package static func over(_ router: @escaping @Sendable (Coordinate) async throws -> WalkRouter?)
    -> WalkingClient
  {
    WalkingClient(
      walks: { start, targets in
        guard let router = try await router(start) else { return nil }
        return router.walks(from: start, to: targets, within: bound(from: start, to: targets))
      },
      route: { start, target in
        guard let router = try await router(start) else { return nil }
        return router.route(
          from: start, to: target, within: bound(from: start, to: [target]))
      })
  }
}

extension WalkingClient: TestDependencyKey {
  /// Every endpoint fails the test that calls it unasked.
  package static let testValue = WalkingClient()
}

extension DependencyValues {
  /// Walks over the stored streets.
  package var walking: WalkingClient {
    get { self[WalkingClient.self] }
    set { self[WalkingClient.self] = newValue }
  }
}

/// How a list of places is ordered: by the walk over the stored streets, or by the straight
/// line.
package enum WalkSort: String, Sendable, Equatable, CaseIterable {
  case walk
  case line
}

/// The walks from one point to places, by place id (a place with no walk is absent).
package struct Walks: Equatable, Sendable {
  /// Where they were measured from.
  package var from: Coordinate
  /// Metres of walk to each place that has one, by ``Place/id``.
  package var lengths: [String: Double]

  package init(from: Coordinate, lengths: [String: Double] = [:]) {
    self.from = from
    self.lengths = lengths
  }
}
