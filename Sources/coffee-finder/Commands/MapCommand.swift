import ArgumentParser
import Bearing
import BearingMap
import BearingPersonalData
import BearingPlaces
import BearingText
import CoffeeFinder
import CoffeeFinderSettings
import Foundation

/// `coffee-finder map`: one search around one fix, drawn as a map on standard output or as an
/// SVG file.
struct MapCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "map",
    abstract: "Draw the coffee shops near you on a map of the streets.",
    discussion: """
      The map is braille characters sized to the terminal: streets, you (an arrow along your
      heading), each café as its number in the list below the map, favourites' regions as
      circles, a scale bar and north. Colour on a terminal unless NO_COLOR is set. Streets come
      from the built-in central Helsinki data and from areas imported or downloaded.

      Examples:
        coffee-finder map
        coffee-finder map --at 60.1699,24.9384 --radius 500
        coffee-finder map --at 60.1699,24.9384 --svg out.svg
        coffee-finder map --width 100 --height 30 > map.txt
        coffee-finder map --open-now
      """
  )

  @OptionGroup var location: LocationOptions
  @OptionGroup var search: SearchOptions
  @OptionGroup var data: DataOptions
  @OptionGroup var hours: HoursOptions
  @OptionGroup var output: OutputOptions

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Width of the map in characters (default: the terminal's, else 80); in pixels with "
        + "--svg (default 1280)."))
  var width: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Height of the map in lines (default: the terminal's less the list, else 24); in "
        + "pixels with --svg (default 800)."))
  var height: Int?

  @Option(help: "Write the map as an SVG picture to this file instead of printing it.")
  var svg: String?

  @OptionGroup var timeout: FixTimeoutOption

  func validate() throws {
    try location.check()
    try search.check()
    try hours.check()
    try timeout.check()
    let (range, unit) = svg != nil ? (Self.pixelRange, "pixels") : (4...2000, "characters")
    for (name, value) in [("--width", width), ("--height", height)] {
      if let value, !range.contains(value) {
        throw ValidationError(
          "\(name) must be \(range.lowerBound)…\(range.upperBound) \(unit); got \(value)")
      }
    }
  }

  @MainActor
  func run() async throws {
    let setup = try await SearchSetup.forOneSearch(
      location: location, search: search, data: data, output: output, timeout: timeout.seconds)
    // A map's radius is how far it shows, not a choice for the next search: only the units
    // and the provider are remembered, as `nearby` remembers them.
    var choices = search.choices
    choices.searchRadius = nil
    var finished = try await setup.searchOnce(
      choices: choices,
      analytics: output.analytics, timeout: timeout.seconds, tracked: false,
      limit: hours.openNow ? PlaceQuery.maximumLimit : nil)
    let clock = hours.clock
    let instant = clock.instant(now: Date())
    var leftOut: OpenNowFilter.LeftOut?
    if hours.openNow {
      (finished.places, leftOut) = OpenNowFilter.apply(
        finished.places, at: instant, clock: clock, limit: setup.settings.resultLimit)
    }
    // Favourites are drawn as regions; a database that cannot be read is said, and the map
    // is drawn without them.
    let favorites: [Favorite]
    do {
      favorites = try await FavoritesCommand.loaded(data.openDatabase()).favorites
    } catch {
      Console.note(UserMessage.warning(UserMessage.favoritesNotDrawn(error)))
      favorites = []
    }
    let marks = NearbyMap.marks(finished, favorites: favorites, selection: nil)
    let streets = (try? StreetDataset.helsinki.get().lines) ?? []
    let terminal = TerminalSession.size()
    let isTerminal = isatty(STDOUT_FILENO) == 1
    let units = setup.settings.units
    // A picture to share is 1280 × 800 pixels unless asked otherwise: cells of 8 × 16 pixels
    // (2 × 4 dots of 4 pixels), enough of them to fill the picture.
    let pixels = (width: Double(width ?? 1280), height: Double(height ?? 800))
    let columns =
      svg != nil
      ? Int((pixels.width / 8).rounded(.up)) : width ?? (isTerminal ? terminal.width : 80)
    let legend = legendLines(
      finished, columns: columns, units: units, hours: (clock, instant), leftOut: leftOut)
    let rows =
      svg != nil
      ? Int((pixels.height / 16).rounded(.up))
      : height ?? (isTerminal ? max(6, terminal.height - legend.count - 1) : 24)
    guard let viewport = NearbyMap.viewport(finished, columns: columns, rows: rows) else {
      throw CLIError(UserMessage.noPositionForMap)
    }
    // The built-in streets, and those imported or downloaded with places.
    let stored = Store(initialState: StoredStreets.State()) {
      StoredStreets()
    } withDependencies: {
      $0.offlineAreas = data.offlineAreas
    }
    await stored.send(.mapMoved(center: viewport.center, reach: viewport.reach)).finish()
    let inView = NearbyMap.streets(streets, in: viewport) + stored.state.streets
    if let svg {
      let picture = MapSVG.render(
        viewport, streets: inView, marks: marks, imperial: units == .imperial, size: pixels)
      do {
        try picture.write(to: URL(fileURLWithPath: svg), atomically: true, encoding: .utf8)
      } catch {
        throw CLIError(UserMessage.cannotWrite(svg, error))
      }
      Console.note("wrote \(TerminalText.escape(svg)) (\(Counted.places(marks.places.count)))")
      return
    }
    let style: MapFrame.Style =
      !isTerminal
      ? .plain
      : ProcessInfo.processInfo.environment["NO_COLOR", default: ""].isEmpty
        ? .color : .monochrome
    let frame = MapRenderer.render(
      viewport, streets: inView, marks: marks, imperial: units == .imperial)
    Console.out((frame.lines(style: style) + legend).joined(separator: "\n"))
  }

  /// One line a place under the map: its number, name, distance and whether it is open, then
  /// what `--open-now` left out and the data's credit.
  private func legendLines(
    _ state: Nearby.State, columns: Int, units: MeasurementSystem,
    hours: (clock: HoursClock, instant: Date), leftOut: OpenNowFilter.LeftOut?
  ) -> [String] {
    state.places.enumerated().map { index, place in
      let summary = PlaceHours(place, at: hours.instant, clock: hours.clock).summary
      return TerminalText.truncate(
        String(format: "%2d ", index + 1) + place.name + "  "
          + DistanceText.format(place.distance, units: units)
          + (summary.isEmpty ? "" : "  " + summary), width: columns)
    } + (leftOut.map { [$0.footer(shown: state.places.count)] } ?? [])
      + (state.places.contains { !($0.openingHours ?? "").isEmpty } || leftOut != nil
        ? [
          TerminalText.truncate(
            PlaceHours.readingLine(hours.instant, in: hours.clock.timeZone), width: columns)
        ] : [])
      + ["Streets © OpenStreetMap contributors"]
  }

  /// The size of an SVG picture, in pixels, each way.
  static let pixelRange = 32...16_000
}
