import ArgumentParser
import Bearing
import BearingPersonalData
import BearingPlaces
import BearingTelemetry
import BearingText
import CoffeeFinder
import Foundation

/// `coffee-finder favorites add|list|remove`.
struct FavoritesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "favorites",
    abstract: "Keep the places you like; each one is a region `watch` tells you about.",
    discussion: """
      Examples:
        coffee-finder favorites add "Café Ekberg"
        coffee-finder favorites add osm:node/1007416273
        coffee-finder favorites list --json
        coffee-finder favorites remove osm:node/1007416273
      """,
    subcommands: [Add.self, List.self, Remove.self],
    // The app writes "favourite": either spelling is the command.
    aliases: ["favourites"]
  )

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a place from the offline data by id or name.",
      discussion: "Example: coffee-finder favorites add \"Café Ekberg\"")

    @Argument(help: "The place's id (as `nearby --json` prints it) or its exact name.")
    var place: String
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    @MainActor
    func run() async throws {
      output.bootstrapLogging()
      let lookup = Store(initialState: PlaceLookup.State(text: place)) {
        PlaceLookup()
      } withDependencies: {
        $0.offlineAreas = data.offlineAreas
      }
      await lookup.send(.lookUp).finish()
      guard let found = lookup.state.place else {
        throw CLIError(lookup.state.failure ?? UserMessage.noPlaceNamed(place))
      }
      let store = try FavoritesCommand.store(data, analytics: output.analytics)
      await store.send(.load).finish()
      if let failure = store.state.failure { throw CLIError(failure) }
      let described = "\(TerminalText.escape(found.name)) (\(TerminalText.escape(found.id)))"
      guard !store.state.favorites.contains(where: { $0.placeID == found.id }) else {
        Console.out("\(described) is already a favourite.")
        return
      }
      await store.send(.add(found)).finish()
      if let failure = store.state.failure { throw CLIError(failure) }
      Console.out("Added \(described) to favourites.")
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List favourites, newest first.",
      discussion: "Example: coffee-finder favorites list --json")

    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions
    @Flag(help: "One JSON object per favourite, one per line (nothing when there is none).")
    var json = false

    func run() async throws {
      output.bootstrapLogging()
      let favorites = try await FavoritesCommand.loaded(data.openDatabase()).favorites
      if json {
        if !favorites.isEmpty { Console.out(try JSONLines.lines(favorites.map(FavoriteJSON.init))) }
      } else if favorites.isEmpty {
        Console.out("No favourites yet. Add one with: coffee-finder favorites add NAME")
      } else {
        for favorite in favorites {
          Console.out(
            TerminalText.escape(favorite.placeID) + "  " + TerminalText.escape(favorite.name)
              + (favorite.address.map { "  " + TerminalText.escape($0) } ?? ""))
        }
      }
    }
  }

  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove a favourite by id or name.",
      discussion: "Example: coffee-finder favorites remove \"Café Ekberg\"")

    @Argument(help: "The favourite's place id or exact name.") var place: String
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    @MainActor
    func run() async throws {
      output.bootstrapLogging()
      let store = try FavoritesCommand.store(data, analytics: output.analytics)
      await store.send(.load).finish()
      if let failure = store.state.failure { throw CLIError(failure) }
      let favorites = store.state.favorites
      let named = favorites.filter { NameFolding.same($0.name, place) }
      // Several favourites of one name are listed, never guessed between.
      if !favorites.contains(where: { $0.placeID == place }), named.count > 1 {
        throw CLIError(UserMessage.severalPlacesNamed(place, ids: named.map(\.placeID)))
      }
      guard let favorite = favorites.first(where: { $0.placeID == place }) ?? named.first else {
        throw CLIError(UserMessage.notAFavorite(place))
      }
      await store.send(.remove(placeID: favorite.placeID)).finish()
      if let failure = store.state.failure { throw CLIError(failure) }
      Console.out("Removed \(TerminalText.escape(favorite.name)) from favourites.")
    }
  }
}

extension FavoritesCommand {
  /// A store of the favourites feature over the database in `data`; the commands only store
  /// favourites, the app and `watch` monitor them.
  @MainActor
  static func store(
    _ data: DataOptions, analytics: AnalyticsClient = .noop
  ) throws -> StoreOf<FavoriteRegions> {
    store(try data.openDatabase(), analytics: analytics)
  }

  /// A store of the favourites feature over `database`, telling `analytics` what changes.
  @MainActor
  static func store(
    _ database: DatabaseClient, analytics: AnalyticsClient = .noop
  ) -> StoreOf<FavoriteRegions> {
    Store(initialState: FavoriteRegions.State(monitors: false)) {
      FavoriteRegions().analytics(FavoriteRegions.analyticsEvent)
    } withDependencies: {
      $0.database = database
      $0.analytics = analytics
    }
  }

  /// The favourites, loaded through the feature; throws what it could not load.
  @MainActor
  static func loaded(_ database: DatabaseClient) async throws -> FavoriteRegions.State {
    let store = store(database)
    await store.send(.load).finish()
    if let failure = store.state.failure { throw CLIError(failure) }
    return store.state
  }
}

/// A favourite as JSON.
struct FavoriteJSON: Encodable {
  var id: String
  var name: String
  var latitude: Double
  var longitude: Double
  var address: String?
  var addedAt: Date

  init(_ favorite: Favorite) {
    id = favorite.placeID
    name = favorite.name
    latitude = favorite.coordinate.latitude
    longitude = favorite.coordinate.longitude
    address = favorite.address
    addedAt = favorite.addedAt
  }
}
