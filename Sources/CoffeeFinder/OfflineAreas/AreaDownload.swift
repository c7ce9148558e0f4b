import Bearing
import BearingLocation
import BearingPlaceStore
import BearingPlaces
import Foundation

/// The cafés and streets around a point (with the streets' walking graph), downloaded from
/// Overpass and stored as an area: the
/// feature behind `coffee-finder download` (and `areas update` of a downloaded area).
///
/// Two steps, so that the command can say what arrived before it is stored: `.download` asks
/// Overpass (``OverpassClient``), `.store` stores what came as one area, a circle, in one
/// transaction. Nothing is stored unless the whole answer arrived and holds a café.
///
/// ```swift
/// let store = Store(initialState: AreaDownload.State(name: "Paris", center: paris, radius: 2_000)) {
///   AreaDownload()
/// }
/// await store.send(.download).finish()
/// await store.send(.store).finish()
/// ```
package struct AreaDownload: Reducer {
  package struct State: Equatable, Sendable {
    /// What to call the area.
    package var name: String
    /// The middle of the area.
    package var center: Coordinate
    /// The area's radius, in metres.
    package var radius: Double
    /// The Overpass interpreter to ask.
    package var endpoint: URL
    /// What the download brought; `nil` until it arrived.
    package var downloaded: OverpassDownload?
    /// The area as stored; `nil` until then.
    package var stored: StoredArea?
    /// Why nothing was stored, as the user reads it.
    package var failure: String?

    /// A download of the area `name`: `radius` metres around `center`, from `endpoint`.
    package init(
      name: String, center: Coordinate, radius: Double,
      endpoint: URL = OverpassPlaces.defaultEndpoint
    ) {
      self.name = name
      self.center = center
      self.radius = radius
      self.endpoint = endpoint
    }
  }

  @CasePathable
  package enum Action: Equatable, Sendable {
    case download
    case downloaded(OverpassDownload)
    case store
    case stored(StoredArea)
    case failed(String)
  }

  @Dependency(\.overpass) var overpass
  @Dependency(\.offlineAreas) var offlineAreas
  @Dependency(\.date.now) var now

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .download:
      let (overpass, request) = (overpass, state)
      return .run { send in
        await send(
          .downloaded(try await overpass.download(request.center, request.radius, request.endpoint))
        )
      } catch: { error, send in
        await send(.failed(UserMessage.downloadFailed(error)))
      }

    case .downloaded(let downloaded):
      state.downloaded = downloaded
      return .none

    case .store:
      guard let downloaded = state.downloaded else { return .none }
      guard !downloaded.places.isEmpty else {
        state.failure = UserMessage.noCafésDownloaded(within: state.radius, of: state.center)
        return .none
      }
      let area = PlaceStore.NewArea(
        name: state.name,
        source: "OpenStreetMap via Overpass, " + now.formatted(.iso8601.year().month().day()),
        origin: .around(state.center, radius: state.radius),
        boundary: .circle(center: state.center, radius: state.radius))
      let offlineAreas = offlineAreas
      return .run { send in
        await send(
          .stored(
            try await offlineAreas.storeArea(
              area, downloaded.places, downloaded.streets, downloaded.walkingGraph)))
      } catch: { error, send in
        await send(.failed(UserMessage.line(for: error)))
      }

    case .stored(let area):
      state.stored = area
      return .none

    case .failed(let message):
      state.failure = message
      return .none
    }
  }
}
