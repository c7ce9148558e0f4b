import Bearing
import BearingLocation
import BearingPlaceStore
import BearingPlaces
import BearingText
import Foundation

/// `--near TEXT`: a place name made coordinates.
///
/// Offline first: the names of stored areas, of the built-in area and of places, built-in or
/// stored (equal as ``NameFolding`` compares them: case, accents and width ignored, so "cafe
/// ekberg" finds a stored "Café Ekberg"); matches within 100 m of each other are one place. Then answers the geocoder gave before, kept in the place
/// store. Then the geocoder itself (Nominatim, at most one request a second); its answers are
/// kept. Several different places are listed, never guessed between.
///
/// ```swift
/// let store = Store(initialState: PlaceNameLookup.State(text: "Kallio")) { PlaceNameLookup() }
/// await store.send(.lookUp).finish()
/// ```
package struct PlaceNameLookup: Reducer {
  package struct State: Equatable, Sendable, LookupState {
    /// The name, without surrounding white space.
    package var name: String
    /// Where the geocoder is asked.
    package var endpoint: URL
    /// Why the configured geocoder address cannot be used, said only when it would be asked.
    package var endpointProblem: String?
    /// The place found.
    package var place: GeocodedPlace?
    /// Why no one place was found, as the user reads it.
    package var failure: String?

    /// A look-up of `text`, asking the geocoder at `endpoint` (Nominatim's public instance
    /// unless given) when the offline data does not know it.
    package init(
      text: String, endpoint: URL = NominatimGeocoder.defaultEndpoint,
      endpointProblem: String? = nil
    ) {
      self.name = text.trimmingCharacters(in: .whitespacesAndNewlines)
      self.endpoint = endpoint
      self.endpointProblem = endpointProblem
    }
  }

  package typealias Action = LookupAction<GeocodedPlace>

  @Dependency(\.offlineAreas) var offlineAreas
  @Dependency(\.geocoder) var geocoder

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .lookUp = action, state.name.isEmpty {
      state.failure = UserMessage.nearNeedsAName
      return .none
    }
    let (offlineAreas, geocoder, request) = (offlineAreas, geocoder, state)
    return Action.reduce(into: &state, action) {
      try await Self.resolve(request, offlineAreas: offlineAreas, geocoder: geocoder)
    }
  }

  static func resolve(
    _ request: State, offlineAreas: OfflineAreasClient, geocoder: GeocoderClient
  ) async throws -> GeocodedPlace {
    let name = request.name
    let library = try await offlineAreas.library()
    let offline = distinct(try await offlineMatches(name, library: library))
    if offline.count == 1 { return offline[0] }
    if offline.count > 1 { throw UserMessage.Worded(UserMessage.ambiguous(name, offline)) }

    var answers = try await offlineAreas.cachedGeocode(name: name)
    if answers == nil {
      if let problem = request.endpointProblem { throw UserMessage.Worded(problem) }
      do {
        answers = try await geocoder.search(name: name, endpoint: request.endpoint)
      } catch {
        throw UserMessage.Worded(
          UserMessage.cannotFind(
            name, error, offline: library.coverages.map(\.area)))
      }
      try? await offlineAreas.saveGeocode(name: name, answers: answers ?? [])
    }
    guard let answers, let best = answers.first else {
      throw UserMessage.Worded(UserMessage.noPlaceCalled(name))
    }
    if GeocodedPlace.isAmbiguous(answers) {
      throw UserMessage.Worded(UserMessage.ambiguous(name, answers))
    }
    return best
  }

  /// Stored areas, the built-in area and stored places called `name`.
  static func offlineMatches(_ name: String, library: OfflineLibrary) async throws
    -> [GeocodedPlace]
  {
    func same(_ other: String) -> Bool { NameFolding.same(other, name) }
    var matches: [GeocodedPlace] = []
    for area in library.areas.reversed() where same(area.name) {
      let center: Coordinate
      if case .circle(let middle, _) = area.boundary {
        center = middle
      } else {
        center = area.coverage.center
      }
      matches.append(GeocodedPlace(name: "\(area.name) (stored area)", coordinate: center))
    }
    if same(library.builtIn.coverage.area) {
      matches.append(
        GeocodedPlace(
          name: "\(library.builtIn.coverage.area) (built-in area)",
          coordinate: library.builtIn.coverage.center))
    }
    var seen = Set<String>()
    for place in try await library.places(matching: name)
    where same(place.name) && seen.insert(place.id).inserted {
      matches.append(
        GeocodedPlace(
          name: "\(place.name)" + (place.address.map { ", \($0)" } ?? ""),
          coordinate: place.coordinate))
    }
    return matches
  }

  /// `matches` without those within 100 m of an earlier one: the same café stored twice (two
  /// imports of one list under different file names give it two ids) is one place, while two
  /// cafés of one chain a street apart are two.
  static func distinct(_ matches: [GeocodedPlace]) -> [GeocodedPlace] {
    var kept: [GeocodedPlace] = []
    for match in matches
    where !kept.contains(where: { $0.coordinate.distance(to: match.coordinate) <= 100 }) {
      kept.append(match)
    }
    return kept
  }
}
