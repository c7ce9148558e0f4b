import ArgumentParser
import Bearing
import BearingLocation
import BearingPersonalData
import BearingPlaces
import BearingStreets
import BearingText
import CoffeeFinder
import CoffeeFinderSettings
import Foundation

/// `coffee-finder download --around LAT,LON --radius 5km`: stores an area's cafés and streets
/// from Overpass for offline use.
struct DownloadCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "download",
    abstract: "Download the cafés around a point from OpenStreetMap (Overpass) for offline use.",
    discussion: """
      --radius is 5km unless given, at most 50km. The area is stored as a circle, with its \
      streets for `coffee-finder map`; `coffee-finder areas` lists, updates and removes it. \
      Nothing is stored unless the whole download arrived.

      Examples:
        coffee-finder download --around 48.8566,2.3522 --radius 5km --area Paris
        coffee-finder download --near "Kallio, Helsinki" --radius 2km
      """
  )

  @Option(
    parsing: .unconditional,
    help: "The middle of the area, as LAT,LON such as -33.8688,151.2093 (or give --near NAME).")
  var around: String?
  /// `--near`, `--at` (the same as `--around`, not in the help), `--radius` and
  /// `--overpass-url`: the top-level command takes them anywhere and parses them first;
  /// argument-parser hands its groups on by type, so these are the groups it declares.
  @OptionGroup var placeName: PlaceNameOption
  @OptionGroup(visibility: .hidden) var fixedPosition: FixedPositionOption
  @Option(help: "What to call the area (default: the coordinates).") var area: String?
  @OptionGroup var radiusOption: RadiusOption
  @OptionGroup var overpassURLOption: OverpassURLOption
  @OptionGroup var data: DataOptions
  @OptionGroup var output: OutputOptions

  /// A download's radius: at most 50 km, for the public instances are shared.
  static let radiusRange = DistanceSetting(minimum: 50, maximum: 50_000)

  func validate() throws {
    let given = [around != nil, fixedPosition.at != nil, placeName.near != nil].filter { $0 }.count
    guard given == 1 else {
      throw ValidationError("give the middle of the area: --around LAT,LON or --near NAME")
    }
    if let around { _ = try LocationOptions.parseCoordinate(around, option: "--around") }
    try DataOptions.checkAreaName(area)
    _ = try Self.metres(radiusOption.radius)
  }

  func run() async throws {
    output.bootstrapLogging()
    let metres = try Self.metres(radiusOption.radius)
    let center: Coordinate
    var name = area
    if let near = placeName.near {
      let place = try await PlaceNameResolver.resolve(near, data: data)
      Console.note(
        "near \"\(TerminalText.escape(near))\": \(TerminalText.escape(place.name))")
      center = place.coordinate
      name = name ?? near
    } else {
      center = try LocationOptions.parseCoordinate(
        around ?? fixedPosition.at ?? "", option: around != nil ? "--around" : "--at")
    }
    let areaName = name ?? String(format: "%.4f,%.4f", center.latitude, center.longitude)
    try await Self.download(
      around: center, radius: metres, name: areaName, overpassURL: overpassURLOption.overpassURL,
      data: data)
  }

  /// Downloads, then stores in one transaction (an ``AreaDownload`` store), saying what happens
  /// on stderr as it goes.
  @MainActor
  static func download(
    around center: Coordinate, radius: Double, name: String, overpassURL: String?,
    data: DataOptions
  ) async throws {
    let settings = try SearchOptions.load(SettingsOverrides(overpassURL: overpassURL)).settings
    let host = settings.overpassURL.host ?? settings.overpassURL.absoluteString
    Console.note(
      "downloading the cafés within \(DistanceText.format(radius)) of "
        + String(format: "%.5f,%.5f", center.latitude, center.longitude)
        + " from \(TerminalText.escape(host))…")
    let progress = DownloadProgress()
    let store = Store(
      initialState: AreaDownload.State(
        name: name, center: center, radius: radius, endpoint: settings.overpassURL)
    ) {
      AreaDownload()
    } withDependencies: {
      $0.overpass = .live(userAgent: CoffeeFinderCommand.userAgent, progress: progress.update)
      $0.offlineAreas = data.offlineAreas
    }
    await store.send(.download).finish()
    progress.finish()
    if let failure = store.state.failure { throw CLIError(failure) }
    guard let downloaded = store.state.downloaded else { return }
    let (places, streets) = (downloaded.places, downloaded.streets)
    Console.note(
      "received \(DownloadProgress.size(downloaded.bytes)): \(Counted.cafes(places.count))"
        + (streets.isEmpty ? "" : ", \(streets.count) street lines") + "; storing…")
    await store.send(.store).finish()
    if let failure = store.state.failure { throw CLIError(failure) }
    guard let stored = store.state.stored else { return }
    Console.out(
      "Stored \(Counted.places(stored.placeCount)) as the area \"\(TerminalText.escape(stored.name))\" "
        + "in \(data.placeStoreURL.path).")
    if !streets.isEmpty { Console.out("Stored \(Counted.streetLines(streets.count)) for maps.") }
  }

  /// The radius in metres (5 km when not given), or a usage error when it is out of
  /// ``radiusRange``.
  static func metres(_ radius: DistanceArgument?) throws -> Double {
    let metres = radius?.metres ?? 5_000
    if let problem = radiusRange.problem(with: metres, option: SettingKey.searchRadius.option) {
      throw ValidationError(problem)
    }
    return metres
  }
}
