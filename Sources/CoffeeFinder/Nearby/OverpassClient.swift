import Bearing
import BearingHTTP
import BearingLocation
import BearingPlaces
import BearingStreets
import BearingWalking
import Foundation

/// Downloads of an area's cafés and streets from an Overpass interpreter.
///
/// ```swift
/// let store = Store(initialState: AreaDownload.State(name: "Paris", center: paris, radius: 2_000)) {
///   AreaDownload()
/// } withDependencies: {
///   $0.overpass = .live(userAgent: "coffee-finder/1.0", progress: { received, expected in })
/// }
/// ```
@DependencyClient
package struct OverpassClient: Sendable {
  /// Every named café within `radius` metres of `center`, and the streets there, from the
  /// interpreter at `endpoint`; in one answer, so both are complete or neither.
  package var download:
    @Sendable (_ center: Coordinate, _ radius: Double, _ endpoint: URL) async throws
      -> OverpassDownload
}

/// What an Overpass download brought.
package struct OverpassDownload: Equatable, Sendable {
  /// The named cafés within the radius.
  package var places: [Place]
  /// The street lines, for maps.
  package var streets: [StreetLine]
  /// The walking graph of the streets; `nil` when they have no walkable way.
  package var walkingGraph: WalkingGraph?
  /// The size of the answer, in bytes.
  package var bytes: Int

  /// A download of `places`, `streets` and their `walkingGraph` in an answer of `bytes` bytes.
  package init(
    places: [Place], streets: [StreetLine], walkingGraph: WalkingGraph? = nil, bytes: Int
  ) {
    self.places = places
    self.streets = streets
    self.walkingGraph = walkingGraph
    self.bytes = bytes
  }
}

extension OverpassClient: TestDependencyKey {
  /// Every endpoint fails the test that calls it unasked.
  package static let testValue = OverpassClient()
}

extension OverpassClient {
  /// ``OverpassPlaces`` asked through the `httpClient` dependency as the app's `userAgent`,
  /// giving the server two minutes; `progress` hears how the answer arrives
  /// (``HTTPProgress``).
  package static func live(
    userAgent: String, progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)? = nil
  ) -> Self {
    Self(download: { center, radius, endpoint in
      @Dependency(\.httpClient) var http
      let overpass = OverpassPlaces(endpoint: endpoint, userAgent: userAgent, serverTimeout: 120)
      let found = try await HTTPProgress.$observer.withValue(progress) {
        try await overpass.download(around: center, radius: radius, using: http)
      }
      return OverpassDownload(
        places: found.places, streets: found.streets, walkingGraph: found.walkingGraph,
        bytes: found.bytes)
    })
  }
}

extension DependencyValues {
  /// The Overpass interpreter `download` and `areas update` download areas from.
  package var overpass: OverpassClient {
    get { self[OverpassClient.self] }
    set { self[OverpassClient.self] = newValue }
  }
}
