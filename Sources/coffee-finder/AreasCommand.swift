import ArgumentParser
import BearingHTTP
import BearingPersistence
import BearingPlaces
import BearingText
import CoffeeFinder
import Foundation

/// `coffee-finder areas list|remove|update`: the areas stored for offline search.
struct AreasCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "areas",
    abstract: "List, remove or update the areas stored for offline search.",
    subcommands: [List.self, Remove.self, Update.self]
  )

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the stored areas, newest first, and the built-in one.",
      discussion: "Example: coffee-finder areas list --json")
    @Flag(help: "One JSON object per area, one per line.") var json = false
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      output.bootstrapLogging()
      let library = try await data.offlineLibrary()
      if json {
        for area in library.areas.reversed() {
          Console.out(try JSONLines.line(AreaJSON(area)))
        }
        Console.out(try JSONLines.line(AreaJSON(builtIn: library.builtIn.coverage)))
        return
      }
      for area in library.areas.reversed() {
        let box = area.boundingBox
        Console.out(
          "\(TerminalText.escape(area.name)): \(area.placeCount) places, "
            + "\(TerminalText.escape(area.source)), stored "
            + area.storedAt.formatted(.iso8601.year().month().day()) + "; "
            + Self.shape(area)
            + String(
              format: " (%.4f…%.4f N, %.4f…%.4f E)", box.south, box.north, box.west, box.east)
            + "; from \(TerminalText.escape(area.origin.description))")
      }
      let builtIn = library.builtIn.coverage
      Console.out(
        "\(TerminalText.escape(builtIn.area)) (built in): \(builtIn.placeCount) places, "
          + TerminalText.escape(builtIn.source))
      Console.out(DataCoverage.openStreetMapAttribution)
    }

    static func shape(_ area: StoredArea) -> String {
      switch area.boundary {
      case .box: "box"
      case .circle(_, let radius): "circle of \(DistanceText.format(radius, units: .metric))"
      }
    }
  }

  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove a stored area and the places no other area holds.",
      discussion: "Example: coffee-finder areas remove Berlin")
    @Argument(help: "The area's name, as `areas list` shows it.") var name: String
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
      output.bootstrapLogging()
      guard let store = try await data.openPlaceStore(create: false),
        let removed = try await store.removeArea(named: name)
      else {
        throw CLIError(
          "no stored area is called \"\(TerminalText.escape(name))\"; `coffee-finder areas list` "
            + "shows them (the built-in area cannot be removed)")
      }
      Console.out(
        "Removed \(TerminalText.escape(removed.name)) (\(removed.placeCount) places).")
    }
  }

  struct Update: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Fetch a stored area again: import its file again, or download it again.",
      discussion: "Example: coffee-finder areas update Berlin")
    @Argument(help: "The area's name, as `areas list` shows it.") var name: String
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions
    /// `--overpass-url` for an area that was downloaded.
    @OptionGroup var search: SearchOptions

    func run() async throws {
      output.bootstrapLogging()
      guard let store = try await data.openPlaceStore(create: false),
        let area = try await store.areas().first(where: { $0.name == name })
      else {
        throw CLIError(
          "no stored area is called \"\(TerminalText.escape(name))\"; `coffee-finder areas list` "
            + "shows them")
      }
      switch area.origin {
      case .file(let path):
        let imported: OSMImporter.Imported
        do {
          imported = try OSMImporter.importFileAndStreets(
            at: URL(fileURLWithPath: path), area: area.name)
        } catch {
          throw CLIError(
            "cannot import \(TerminalText.escape(path)) again: \(CLIError.describe(error)) "
              + "The stored area is unchanged.")
        }
        let stored = try await ImportCommand.store(
          imported.dataset, origin: area.origin, streets: imported.streets, data: data)
        Console.out("Updated \(TerminalText.escape(stored.name)): \(stored.placeCount) places.")
      case .around(let center, let radius):
        try await DownloadCommand.download(
          around: center, radius: radius, name: area.name, overpassURL: search.overpassURL,
          data: data)
      }
    }
  }

  /// An area in `areas list --json`.
  struct AreaJSON: Encodable {
    var name: String
    var builtIn: Bool
    var placeCount: Int
    var source: String
    var origin: String?
    var storedAt: Date?
    var south: Double
    var west: Double
    var north: Double
    var east: Double
    var radius: Double?

    init(_ area: StoredArea) {
      let box = area.boundingBox
      name = area.name
      builtIn = false
      placeCount = area.placeCount
      source = area.source
      origin = area.origin.description
      storedAt = area.storedAt
      (south, west, north, east) = (box.south, box.west, box.north, box.east)
      if case .circle(_, let r) = area.boundary { radius = r }
    }

    init(builtIn coverage: DataCoverage) {
      name = coverage.area
      builtIn = true
      placeCount = coverage.placeCount
      source = coverage.source
      (south, west, north, east) = (coverage.south, coverage.west, coverage.north, coverage.east)
    }
  }
}
