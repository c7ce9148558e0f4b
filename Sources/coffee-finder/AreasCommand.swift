import ArgumentParser
import Bearing
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

    @MainActor
    func run() async throws {
      output.bootstrapLogging()
      let store = AreasCommand.store(data)
      await store.send(.load).finish()
      if let failure = store.state.failure { throw CLIError(failure) }
      guard let areas = store.state.areas, let builtIn = store.state.builtIn else { return }
      if json {
        for area in areas.reversed() {
          Console.out(try JSONLines.line(AreaJSON(area)))
        }
        Console.out(try JSONLines.line(AreaJSON(builtIn: builtIn)))
        return
      }
      for area in areas.reversed() {
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

    @MainActor
    func run() async throws {
      output.bootstrapLogging()
      let store = AreasCommand.store(data)
      await store.send(.remove(name: name)).finish()
      if let failure = store.state.failure { throw CLIError(failure) }
      guard case .some(.some(let removed)) = store.state.removed else {
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
    @OptionGroup var overpassURLOption: OverpassURLOption

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
      case .file(let path, let how):
        // An area an earlier version migrated points at the file the migration renamed.
        let kept = path + ".migrated"
        if URL(fileURLWithPath: path).lastPathComponent == "imported-places.json",
          !FileManager.default.fileExists(atPath: path),
          FileManager.default.fileExists(atPath: kept)
        {
          try await Self.readAgain(area, migratedFrom: kept, data: data)
          return
        }
        try Self.requireFile(path, of: area)
        // Read and stored as `import` does, a batch at a time; a bad file stores nothing.
        let (stored, _) = try await ImportCommand.importStreaming(
          path, area: area.name, how: how, data: data,
          cannotImport: { file, why in
            "cannot import \(TerminalText.escape(file)) again: \(why) The stored area is unchanged."
          })
        Console.out("Updated \(TerminalText.escape(stored.name)): \(stored.placeCount) places.")
      case .migrated(let path):
        try await Self.readAgain(area, migratedFrom: path, data: data)
      case .around(let center, let radius):
        try await DownloadCommand.download(
          around: center, radius: radius, name: area.name,
          overpassURL: overpassURLOption.overpassURL,
          data: data)
      }
    }

    /// One line when the area's file is gone: the area keeps its places.
    static func requireFile(_ path: String, of area: StoredArea) throws {
      guard !FileManager.default.fileExists(atPath: path) else { return }
      throw CLIError(
        "cannot update \(TerminalText.escape(area.name)): its file "
          + "\(TerminalText.escape(path)) is no longer there; "
          + "\(TerminalText.escape(area.name)) keeps its \(area.placeCount) places")
    }

    /// Reads the places an earlier version kept in `imported-places.json` again, from where the
    /// migration moved them.
    static func readAgain(
      _ area: StoredArea, migratedFrom path: String, data: DataOptions
    ) async throws {
      try requireFile(path, of: area)
      var dataset: PlaceDataset
      do {
        dataset = try PlaceDataset.read(from: URL(fileURLWithPath: path))
      } catch {
        throw CLIError(
          "cannot read \(TerminalText.escape(path)) again: \(CLIError.describe(error)) "
            + "The stored area is unchanged.")
      }
      dataset.coverage.area = area.name
      let stored = try await ImportCommand.store(dataset, origin: .migrated(path), data: data)
      Console.out("Updated \(TerminalText.escape(stored.name)): \(stored.placeCount) places.")
    }
  }

  /// A store of the stored-areas feature over the offline data in `data`.
  @MainActor
  static func store(_ data: DataOptions) -> StoreOf<StoredAreas> {
    Store(initialState: StoredAreas.State()) {
      StoredAreas()
    } withDependencies: {
      $0.offlineAreas = data.offlineAreas
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
