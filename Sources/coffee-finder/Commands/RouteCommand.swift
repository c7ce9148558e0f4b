import ArgumentParser
import Bearing
import BearingLocation
import BearingMap
import BearingPlaces
import BearingText
import BearingWalking
import CoffeeFinder
import CoffeeFinderSettings
import Foundation

/// `coffee-finder route NAME|ID`: the walk from where you are to one café over the stored
/// streets: its length, time and the streets along it, or drawn as an SVG picture.
struct RouteCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "route",
    abstract: "Show the walk to a coffee shop over the stored streets.",
    discussion: """
      Names the place by its id or name in the offline data (the stored areas and the built-in \
      one), and walks from where you are (chosen as for nearby) over the streets stored with \
      the areas you imported. Prints the walk's length and time and the streets along it; \
      --svg draws it on a map.

      Examples:
        coffee-finder route "Café Ekberg" --at 60.1699,24.9384
        coffee-finder route osm:node/123456 --at 60.1699,24.9384 --svg walk.svg
      """
  )

  @Argument(help: "The café's id or name.")
  var place: String

  @OptionGroup var location: LocationOptions
  @OptionGroup var search: SearchOptions
  @OptionGroup var data: DataOptions
  @OptionGroup var output: OutputOptions

  @OptionGroup var walkSpeedOption: WalkSpeedOption
  /// `--walk-speed`.
  var walkSpeed: Double { walkSpeedOption.walkSpeed }

  @Option(help: "Write the walk on a map as an SVG picture to this file.")
  var svg: String?

  @Flag(help: "Print the walk as JSON instead of text.")
  var json = false

  @OptionGroup var timeout: FixTimeoutOption

  func validate() throws {
    try location.check()
    try search.check()
    try walkSpeedOption.check()
    try timeout.check()
  }

  @MainActor
  func run() async throws {
    // A route's search only finds where the user is: its radius is not the user's concern, so
    // a remembered one is used without a word.
    let setup = try await SearchSetup.forOneSearch(
      location: location, search: search, data: data, output: output, timeout: timeout.seconds,
      uses: [.units, .provider])
    let lookup = Store(initialState: PlaceLookup.State(text: place)) {
      PlaceLookup()
    } withDependencies: {
      $0.offlineAreas = data.offlineAreas
    }
    await lookup.send(.lookUp).finish()
    guard let target = lookup.state.place else {
      throw CLIError(lookup.state.failure ?? UserMessage.noPlaceNamed(place))
    }
    // Where the user is: one fix, as `nearby` takes it (its search is what it waits for).
    let finished = try await setup.searchOnce(
      choices: RememberedSettings(), analytics: output.analytics, timeout: timeout.seconds,
      tracked: false)
    let start = finished.location?.coordinate ?? finished.searchCenter ?? setup.center
    let finder = Store(initialState: RouteFinder.State(from: start, to: target)) {
      RouteFinder()
    } withDependencies: {
      $0.walking = setup.walking
    }
    await finder.send(.find).finish()
    guard let route = finder.state.route else {
      if json, let noWalk = finder.state.noWalk {
        // A script reads why from `reason`; the error still goes to stderr, with status 1.
        Console.out(
          RouteFinder.json(nil, to: target, from: start, speed: walkSpeed, noWalk: noWalk))
      }
      throw CLIError(finder.state.failure ?? UserMessage.noRoute(to: target.name))
    }
    let units = setup.settings.units
    if let svg {
      try await draw(route, to: target, from: start, svg: svg, units: units)
    }
    if json {
      Console.out(RouteFinder.json(route, to: target, from: start, speed: walkSpeed))
      return
    }
    guard svg == nil else { return }
    Console.out(
      UserMessage.routeSummary(
        route, to: target.name, line: start.distance(to: target.coordinate), speed: walkSpeed,
        units: units))
  }

  /// The walk on a map of the streets around it, as an SVG picture at `svg`.
  @MainActor
  private func draw(
    _ route: WalkRouter.Route, to target: Place, from start: Coordinate, svg: String,
    units: MeasurementSystem
  ) async throws {
    let size = (width: 1280.0, height: 800.0)
    let latitudes = route.points.map(\.latitude)
    let longitudes = route.points.map(\.longitude)
    let center = Coordinate(
      latitude: ((latitudes.min() ?? 0) + (latitudes.max() ?? 0)) / 2,
      longitude: ((longitudes.min() ?? 0) + (longitudes.max() ?? 0)) / 2)
    let reach = (route.points.map(center.distance(to:)).max() ?? 0) * 1.15 + 50
    let viewport = MapViewport(
      center: center, radius: reach, columns: Int(size.width / 8), rows: Int(size.height / 16))
    // The built-in streets, and those imported or downloaded with places.
    let stored = Store(initialState: StoredStreets.State()) {
      StoredStreets()
    } withDependencies: {
      $0.offlineAreas = data.offlineAreas
    }
    await stored.send(.mapMoved(center: viewport.center, reach: viewport.reach)).finish()
    let builtIn = (try? StreetDataset.helsinki.get().lines) ?? []
    let streets = NearbyMap.streets(builtIn, in: viewport) + stored.state.streets
    let marks = MapMarks(
      you: .init(coordinate: start),
      places: [
        .init(number: 1, coordinate: target.coordinate, name: target.name, isSelected: true)
      ],
      route: route.points)
    let caption =
      "\(target.name): \(UserMessage.walk(route.length, speed: walkSpeed, units: units))"
    let picture = MapSVG.render(
      viewport, streets: streets, marks: marks, imperial: units == .imperial, size: size,
      caption: caption)
    do {
      try picture.write(to: URL(fileURLWithPath: svg), atomically: true, encoding: .utf8)
    } catch {
      throw CLIError(UserMessage.cannotWrite(svg, error))
    }
    Console.note("wrote \(TerminalText.escape(svg))")
  }
}
