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
  package struct State: Equatable, Sendable {
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

  @CasePathable
  package enum Action: Equatable, Sendable {
    case lookUp
    case found(Place)
    case failed(String)
  }

  @Dependency(\.offlineAreas) var offlineAreas
  @Dependency(\.database) var database

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .lookUp:
      let (offlineAreas, database, request) = (offlineAreas, database, state)
      return .run { send in
        if request.includesFavorites {
          let favorites: [Favorite]
          do {
            favorites = try await database.favorites()
          } catch {
            await send(.failed(UserMessage.favoritesUnavailable(error)))
            return
          }
          if let favorite = favorites.first(where: {
            $0.placeID == request.text || NameFolding.same($0.name, request.text)
          }) {
            await send(.found(FavoriteRegions.place(for: favorite)))
            return
          }
        }
        let places = try await offlineAreas.library().places(matching: request.text)
        switch Self.match(request.text, in: places) {
        case .success(let place): await send(.found(place))
        case .failure(let failure): await send(.failed(failure.message))
        }
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
