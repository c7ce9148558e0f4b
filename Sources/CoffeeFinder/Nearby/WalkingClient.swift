import Bearing
import BearingLocation
import BearingWalking
import Synchronization

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
  /// Why ``route`` finds no walk from `start` to `target`: `nil` when it finds one, or when no
  /// streets are stored around `start`.
  package var noRoute:
    @Sendable (_ start: Coordinate, _ target: Coordinate) async throws -> WalkRouter.NoWalk?
}

extension WalkingClient {
  /// The walking speed the app assumes unless told: 1.3 m/s, about 4.7 km/h.
  package static let defaultSpeed = 1.3

  /// How far a search for walks looks: past six times the farthest target as the crow
  /// flies, at least 5 km (a river with one bridge can make the walk several times the line).
  package static func bound(from start: Coordinate, to targets: [Coordinate]) -> Double {
    max(5_000, 6 * (targets.map(start.distance(to:)).max() ?? 0))
  }

  /// How far `route` looks for the walk to one place: past ten times the line, at least
  /// ``shortestRouteBound``, so a walk the list found (within ``bound(from:to:)``) is found again.
  package static func routeBound(from start: Coordinate, to target: Coordinate) -> Double {
    max(shortestRouteBound, 10 * start.distance(to: target))
  }

  /// The least ``routeBound(from:to:)``: 10 km.
  package static let shortestRouteBound = 10_000.0

  /// Walks over `router`'s graph, or none where `router` gives `nil`: for tests over a
  /// hand-made graph.
  package static func over(_ router: @escaping @Sendable (Coordinate) async throws -> WalkRouter?)
    -> WalkingClient
  {
    over(routers: { start in try await router(start).map { [$0] } })
  }

  /// Walks over the graphs `routers` gives for a start: `nil` where no streets are stored
  /// around it, else the routers whose streets are near it (none: no walk from there). Each
  /// target's walk is the shortest any of them finds, so where areas overlap or meet, the
  /// answer does not depend on which graph was read first.
  package static func over(
    routers: @escaping @Sendable (Coordinate) async throws -> [WalkRouter]?
  ) -> WalkingClient {
    WalkingClient(
      walks: { start, targets in
        guard let routers = try await routers(start) else { return nil }
        let bound = bound(from: start, to: targets)
        var best = [Double?](repeating: nil, count: targets.count)
        for router in routers {
          let lengths = router.walks(from: start, to: targets, within: bound)
          for index in best.indices {
            guard let length = lengths[index] else { continue }
            if best[index].map({ length < $0 }) ?? true { best[index] = length }
          }
        }
        return best
      },
      route: { start, target in
        guard let routers = try await routers(start) else { return nil }
        let bound = routeBound(from: start, to: target)
        return routers.compactMap { $0.route(from: start, to: target, within: bound) }
          .min { $0.length < $1.length }
      },
      noRoute: { start, target in
        guard let routers = try await routers(start) else { return nil }
        let bound = routeBound(from: start, to: target)
        let reasons = routers.map { $0.noWalk(from: start, to: target, within: bound) }
        if reasons.contains(nil), !routers.isEmpty { return nil }
        // The reason of the graph that came nearest to a walk.
        return reasons.compactMap { $0 }.max { $0.nearness < $1.nearness } ?? .startOffTheWays
      })
  }

  /// Walks over stored areas' graphs: `areas` lists the areas whose streets are around any of
  /// the points it is given (none around a start: no streets stored there), `graph` reads one
  /// area's graph (`nil`: none or damaged).
  ///
  /// A walk is over one router: the graphs of every area around the start or a target,
  /// ``WalkingGraph/merged(_:)`` where there are several, so where areas overlap or meet a walk
  /// follows both areas' streets, and each end steps off the streets at the nearest way of any
  /// of them, never at one area's edge when another's street runs nearer. The routers made are
  /// kept, one for each set of areas, the last `capacity` used, so a start that moves reads
  /// and builds nothing again; what a walk finds does not depend on which were kept.
  package static func overStoredAreas(
    areas: @escaping @Sendable ([Coordinate]) async throws -> [Int64],
    graph: @escaping @Sendable (Int64) async throws -> WalkingGraph?,
    capacity: Int = 3
  ) -> WalkingClient {
    let kept = KeptRouters(capacity: capacity)
    @Sendable func router(from start: Coordinate, to targets: [Coordinate]) async throws
      -> WalkRouter??
    {
      guard !(try await areas([start])).isEmpty else { return nil }
      let ids = try await areas([start] + targets).sorted()
      if let found = kept.router(of: ids) { return .some(found) }
      var graphs: [WalkingGraph] = []
      for id in ids {
        if let read = try await graph(id) { graphs.append(read) }
      }
      let router = graphs.isEmpty ? nil : WalkRouter(WalkingGraph.merged(graphs))
      kept.keep(router, of: ids)
      return .some(router)
    }
    return WalkingClient(
      walks: { start, targets in
        guard let found = try await router(from: start, to: targets) else {
          // No area's streets around the start: where some are around the cafés, the start is
          // what is off them, and no café has a walk (the list says so, not "no streets").
          return try await areas(targets).isEmpty ? nil : targets.map { _ in nil }
        }
        guard let router = found else { return targets.map { _ in nil } }
        return router.walks(from: start, to: targets, within: bound(from: start, to: targets))
      },
      route: { start, target in
        guard let found = try await router(from: start, to: [target]), let router = found else {
          return nil
        }
        return router.route(
          from: start, to: target, within: routeBound(from: start, to: target))
      },
      noRoute: { start, target in
        guard let found = try await router(from: start, to: [target]) else {
          // No area's streets around the start: where some are around the café, the start is
          // what is off them.
          return try await areas([target]).isEmpty ? nil : .startOffTheWays
        }
        guard let router = found else { return nil }
        return router.noWalk(
          from: start, to: target, within: routeBound(from: start, to: target))
      })
  }
}

extension WalkRouter.NoWalk {
  /// How near a walk came: off the ways at the start, at the target, cut off, too long.
  fileprivate var nearness: Int {
    switch self {
    case .startOffTheWays: 0
    case .targetOffTheWays: 1
    case .cutOff: 2
    case .fartherThanTheBound: 3
    }
  }
}

/// The walking routers made, one for each set of areas (`nil` where none of the areas has a
/// graph that could be read, so they are not read again), the most recently used first, at
/// most `capacity` (a city's graph is tens of megabytes).
package final class KeptRouters: Sendable {
  let capacity: Int
  private let kept = Mutex<[(areas: [Int64], router: WalkRouter?)]>([])

  package init(capacity: Int) {
    self.capacity = capacity
  }

  /// The router of the set `areas` (sorted) if it is kept (none could be read: `.some(nil)`),
  /// made the most recently used.
  package func router(of areas: [Int64]) -> WalkRouter?? {
    kept.withLock { kept in
      guard let index = kept.firstIndex(where: { $0.areas == areas }) else { return nil }
      let found = kept.remove(at: index)
      kept.insert(found, at: 0)
      return .some(found.router)
    }
  }

  /// Keeps `router` as the set `areas`' (sorted), the most recently used, dropping the least
  /// recently used beyond `capacity`.
  package func keep(_ router: WalkRouter?, of areas: [Int64]) {
    kept.withLock { kept in
      kept.removeAll { $0.areas == areas }
      kept.insert((areas, router), at: 0)
      if kept.count > capacity { kept.removeLast(kept.count - capacity) }
    }
  }

  /// The sets of areas kept, the most recently used first.
  package var areas: [[Int64]] { kept.withLock { $0.map(\.areas) } }
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

  /// A walk's length as every `--json` writes it (`walk_m`): whole metres.
  package static func jsonMetres(_ metres: Double) -> Double { metres.rounded() }

  /// A walk's time as every `--json` writes it (`walk_s`): whole seconds of the metres
  /// written, at `speed` metres a second.
  package static func jsonSeconds(_ metres: Double, speed: Double) -> Double {
    (jsonMetres(metres) / speed).rounded()
  }

  /// A JSON object with a walk, as every `--json` writes one: `base`'s members, and `walk_m`
  /// and `walk_s` always there, `null` where there is no walk.
  package struct JSONObject<Base: Encodable>: Encodable {
    var base: Base
    var metres: Double?
    var seconds: Double?

    /// `base` with the walk of `metres` (`nil`: none) at `speed` metres a second.
    package init(_ base: Base, walk metres: Double?, speed: Double) {
      self.base = base
      self.metres = metres.map(Walks.jsonMetres)
      self.seconds = metres.map { Walks.jsonSeconds($0, speed: speed) }
    }

    enum Keys: String, CodingKey {
      case metres = "walk_m"
      case seconds = "walk_s"
    }

    package func encode(to encoder: any Encoder) throws {
      try base.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(metres, forKey: .metres)
      try container.encode(seconds, forKey: .seconds)
    }
  }
}
