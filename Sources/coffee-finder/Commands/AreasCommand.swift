import ArgumentParser
import Bearing
import BearingHTTP
import BearingPlaceStore
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
          "\(TerminalText.escape(area.name)): \(Counted.places(area.placeCount)), "
            + "\(TerminalText.escape(area.source)), stored "
            + area.storedAt.formatted(.iso8601.year().month().day()) + "; "
            + Self.shape(area)
            + String(
              format: " (%.4f…%.4f N, %.4f…%.4f E)", box.south, box.north, box.west, box.east)
            + "; from \(TerminalText.escape(area.origin.description))")
      }
      Console.out(
        "\(TerminalText.escape(builtIn.area)) (built in): \(Counted.places(builtIn.placeCount)), "
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
        throw CLIError(UserMessage.noStoredArea(name, removing: true))
      }
      let name = TerminalText.escape(removed.name)
      Console.out(
        removed.placeCount == 0
          ? "Removed the area \(name); its places stay, for other areas hold them."
          : "Removed the area \(name) and the \(Counted.places(removed.placeCount)) no other area "
            + "holds.")
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

    @MainActor
    func run() async throws {
      output.bootstrapLogging()
      let store = Store(initialState: AreaUpdate.State(name: name)) {
        AreaUpdate()
      } withDependencies: {
        $0.offlineAreas = data.offlineAreas
      }
      await store.send(.update).finish()
      if let failure = store.state.failure { throw CLIError(failure) }
      if let download = store.state.download {
        try await DownloadCommand.download(
          around: download.center, radius: download.radius, name: download.name,
          overpassURL: overpassURLOption.overpassURL, data: data)
      } else if let updated = store.state.updated {
        Console.out(
          "Updated \(TerminalText.escape(updated.name)): \(Counted.places(updated.placeCount)).")
        if let warning = store.state.warning { Console.note(UserMessage.warning(warning)) }
      }
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
      // To 10⁻⁷ degrees, as OpenStreetMap keeps them: 24.9533177, not 24.953317700000003.
      (south, west, north, east) = (
        NearbyReport.degrees(box.south), NearbyReport.degrees(box.west),
        NearbyReport.degrees(box.north), NearbyReport.degrees(box.east)
      )
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
