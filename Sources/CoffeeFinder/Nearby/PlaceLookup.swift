import Bearing
import BearingPersonalData
import BearingPlaces
import BearingText

/// A place the user named on the command line, by id or by name: the feature behind
/// `favorites add PLACE` and `notes add|list PLACE`.
///
/// With ``State/includesFavorites``, a favourite whose place id is the text, or whose name is
/// (as ``NameFolding`` compares names: case, accents and width ignored), is found first. Then
/// the offline data (the stored areas and the built-in one): the place with that id, else the
/// one place with that name. No place, or several, is a failure that says which ids to choose
/// from; never a guess.
///
/// ```swift
/// let store = Store(initialState: PlaceLookup.State(text: "Café Ekberg")) { PlaceLookup() }
/// await store.send(.lookUp).finish()
/// ```
package struct PlaceLookup: Reducer {
  package struct State: Equatable, Sendable, LookupState {
    /// The id or name the user gave.
    package var text: String
    /// Whether favourites are looked through before the offline data.
    package var includesFavorites: Bool
    /// The place found.
    package var place: Place?
    /// Why no one place was found, as the user reads it.
    package var failure: String?

    /// A look-up of `text`, through the favourites first when `includesFavorites`.
    package init(text: String, includesFavorites: Bool = false) {
      self.text = text
      self.includesFavorites = includesFavorites
    }
  }

  package typealias Action = LookupAction<Place>

  @Dependency(\.offlineAreas) var offlineAreas
  @Dependency(\.database) var database

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let (offlineAreas, database, request) = (offlineAreas, database, state)
    return Action.reduce(into: &state, action) {
      try await Self.resolve(request, offlineAreas: offlineAreas, database: database)
    }
  }

  /// The favourite (when the request includes them), else the one offline place, `request`
  /// names; what it throws is worded for the user.
  static func resolve(
    _ request: State, offlineAreas: OfflineAreasClient, database: DatabaseClient
  ) async throws -> Place {
    if request.includesFavorites {
      let favorites: [Favorite]
      do {
        favorites = try await database.favorites()
      } catch {
        throw UserMessage.Worded(UserMessage.favoritesUnavailable(error))
      }
      if let favorite = favorites.first(where: {
        $0.placeID == request.text || NameFolding.same($0.name, request.text)
      }) {
        return FavoriteRegions.place(for: favorite)
      }
    }
    let places = try await offlineAreas.library().places(matching: request.text)
    switch Self.match(request.text, in: places) {
    case .success(let place): return place
    case .failure(let failure): throw UserMessage.Worded(failure.message)
    }
  }

  /// Why `text` names no one place.
  package struct Mismatch: Error, Equatable {
    /// What the user reads.
    package var message: String
  }

  /// The place whose id is `text`, else the one whose name is `text` (``NameFolding``).
  package static func match(_ text: String, in places: [Place]) -> Result<Place, Mismatch> {
    if let place = places.first(where: { $0.id == text }) { return .success(place) }
    let matches = places.filter { NameFolding.same($0.name, text) }
    switch matches.count {
    case 1: return .success(matches[0])
    case 0: return .failure(Mismatch(message: UserMessage.noPlaceNamed(text)))
    default:
      return .failure(
        Mismatch(message: UserMessage.severalPlacesNamed(text, ids: matches.map(\.id))))
    }
  }
}
