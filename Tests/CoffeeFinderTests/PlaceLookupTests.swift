import Bearing
import BearingLocation
import BearingPersonalData
import BearingPlaceStore
import BearingPlaces
import BearingSQLite
import BearingTesting
import CoffeeFinder
import Foundation
import Testing

/// `favorites add PLACE` and `notes add|list PLACE`: a place named by id or name, found in the
/// favourites (when asked) and then in the offline data, never guessed between several.
@MainActor
@Suite struct PlaceLookupTests {
  let builtIn: OfflinePlaces

  init() throws {
    builtIn = try OfflinePlaces.embedded()
  }

  func lookUp(
    _ text: String, includesFavorites: Bool = false,
    database: DatabaseClient = DatabaseClient()
  ) async -> PlaceLookup.State {
    let builtIn = builtIn
    let store = TestStore(
      initialState: PlaceLookup.State(text: text, includesFavorites: includesFavorites)
    ) {
      PlaceLookup()
    } withDependencies: {
      $0.offlineAreas.library = { try await OfflineLibrary(store: nil, builtIn: builtIn) }
      $0.database = database
    }
    store.exhaustivity = .off
    await store.send(.lookUp)
    await store.finish()
    await store.skipReceivedActions()
    return store.state
  }

  @Test func anIdFindsItsPlace() async throws {
    let state = await lookUp("osm:node/1007416273")
    #expect(state.place?.name == "Théhuone")
    #expect(state.failure == nil)
  }

  @Test func aNameIsComparedIgnoringCaseAndAccents() async throws {
    let state = await lookUp("THEHUONE")
    #expect(state.place?.id == "osm:node/1007416273")
  }

  @Test func severalPlacesOfOneNameAreListedByIdNotGuessed() async throws {
    let state = await lookUp("Fazer Café")
    // "Fazer Café" twice and "fazer cafe" once: one name, as names are compared.
    let ids = builtIn.dataset.places.filter { $0.name.lowercased().hasPrefix("fazer caf") }
      .map(\.id)
    try #require(ids.count == 3)
    #expect(state.place == nil)
    #expect(
      state.failure
        == "3 places are called \"Fazer Café\"; use an id: \(ids.joined(separator: ", "))")
  }

  @Test func noPlaceSaysHowToFindIds() async throws {
    let state = await lookUp("Nowhere\u{1B}[2J Café")
    #expect(state.place == nil)
    #expect(
      state.failure
        == "no place with the id or name \"Nowhere\\u{1B}[2J Café\" in the offline data; "
        + "`coffee-finder nearby --json` lists ids")
  }

  @Test func aFavouriteIsFoundBeforeTheOfflineDataWhenAsked() async throws {
    let database = DatabaseClient.live(try LocalDatabase.inMemory())
    let place = Place(
      id: "fsq:4adcda7af964a520",
      name: "Cafe Ekberg",
      coordinate: Coordinate(latitude: 60.1629, longitude: 24.9399),
      source: .foursquare)
    try await database.saveFavorite(FavoriteRegions.favorite(for: place, addedAt: Date()))
    let state = await lookUp("café ekberg", includesFavorites: true, database: database)
    #expect(state.place?.id == "fsq:4adcda7af964a520")
    // Without the favourites, the built-in place of that name.
    let offline = await lookUp("café ekberg", database: database)
    #expect(offline.place?.id != nil)
    #expect(offline.place?.id != "fsq:4adcda7af964a520")
  }

  @Test func favouritesThatCannotBeReadAreTheFailure() async throws {
    var database = DatabaseClient()
    database.favorites = { throw CocoaError(.fileReadCorruptFile) }
    let state = await lookUp("Théhuone", includesFavorites: true, database: database)
    #expect(state.place == nil)
    #expect(state.failure?.hasPrefix("Favourites are unavailable: ") == true)
  }
}
