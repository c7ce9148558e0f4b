import ArgumentParser
import BearingPersistence
import BearingPlaces
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
    subcommands: [Add.self, List.self, Remove.self]
  )

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a place from the offline data by id or name.",
      discussion: "Example: coffee-finder favorites add \"Café Ekberg\"")

    @Argument(help: "The place's id (as `nearby --json` prints it) or its exact name.")
    var place: String
    @OptionGroup var data: DataOptions

    func run() async throws {
      let offline = try SearchOptions.offlinePlaces(dataDirectory: data.directory)
      let found = try PlaceLookup.find(place, in: offline.dataset.places)
      let database = try data.openDatabase()
      let favorite = FavoriteRegion.favorite(for: found, addedAt: Date())
      try await database.saveFavorite(favorite)
      try await database.saveMonitoredRegion(
        MonitoredRegion(region: FavoriteRegion.region(for: favorite)))
      Console.out(
        "Added \(TerminalText.escape(found.name)) (\(TerminalText.escape(found.id))) to favourites."
      )
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List favourites, newest first.",
      discussion: "Example: coffee-finder favorites list --json")

    @OptionGroup var data: DataOptions
    @Flag(help: "Print JSON instead of lines.") var json = false

    func run() async throws {
      let favorites = try await data.openDatabase().favorites()
      if json {
        Console.out(try JSONLines.lines(favorites.map(FavoriteJSON.init)))
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

    func run() async throws {
      let database = try data.openDatabase()
      let favorites = try await database.favorites()
      guard
        let favorite = favorites.first(where: { $0.placeID == place })
          ?? favorites.first(where: { PlaceLookup.sameName($0.name, place) })
      else {
        throw CLIError("\(place) is not a favourite; see `coffee-finder favorites list`")
      }
      _ = try await database.deleteFavorite(placeID: favorite.placeID)
      _ = try await database.deleteMonitoredRegion(identifier: favorite.placeID)
      Console.out("Removed \(TerminalText.escape(favorite.name)) from favourites.")
    }
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
