import ArgumentParser
import BearingGPSD
import BearingLocation
import CoffeeFinder
import CoffeeFinderSettings
import Foundation

/// Where the location comes from: `--at`, `--gpsd`, `--replay`, `--wander` or `--geoclue`. None
/// of them means gpsd at the configured `gpsd_address` (config file or `COFFEE_FINDER_GPSD`)
/// when one is configured; else, automatically, gpsd if it answers at the default address,
/// else GeoClue if it is on the system bus, else a simulated position.
struct LocationOptions: ParsableArguments {
  @OptionGroup var fixedPosition: FixedPositionOption
  /// `--at LAT,LON`.
  var at: String? {
    get { fixedPosition.at }
    set { fixedPosition.at = newValue }
  }

  @Option(name: .setting(.gpsdAddress), help: "Read live fixes from gpsd at HOST:PORT.")
  var gpsd: String?

  @Option(help: "Replay a recorded track (NMEA or GPX file).")
  var replay: String?

  @Option(
    name: .customLong("replay-date"),
    help: "The UTC day a replayed NMEA log starts on (YYYY-MM-DD), for logs with no RMC or ZDA.")
  var replayDate: String?

  @Flag(help: "Start --replay again from the beginning when it ends (default: stop).")
  var loop = false

  @Option(parsing: .unconditional, help: "How many times faster than recorded --replay plays.")
  var replaySpeed: Double = 1

  @OptionGroup var placeName: PlaceNameOption
  /// `--near NAME`.
  var near: String? {
    get { placeName.near }
    set { placeName.near = newValue }
  }

  @Flag(help: "Simulate a walk, at walking pace, among central Helsinki neighbourhoods.")
  var wander = false

  @Flag(
    name: .customLong("geoclue"),
    help:
      "Ask GeoClue, the desktop's location service, on the system bus (desktop id coffee-finder).")
  var geoClue = false

  /// Throws a usage error for contradictory or malformed options.
  func check() throws {
    let chosen = [at != nil, near != nil, gpsd != nil, replay != nil, wander, geoClue]
      .filter { $0 }.count
    guard chosen <= 1 else {
      throw ValidationError(
        "choose one of --at, --near, --gpsd, --replay, --wander and --geoclue")
    }
    if let at { _ = try Self.parseCoordinate(at) }
    if let near, near.allSatisfy(\.isWhitespace) {
      throw ValidationError("--near must name a place; got an empty name")
    }
    if let gpsd {
      do {
        _ = try GPSDEndpoint(validating: gpsd)
      } catch {
        throw ValidationError(
          "\(SettingKey.gpsdAddress.option) must be HOST:PORT: \(error.description)")
      }
    }
    if let replayDate, Self.parseDay(replayDate) == nil {
      throw ValidationError("--replay-date must be a day such as 2026-11-22")
    }
    guard replaySpeed.isFinite, replaySpeed > 0 else {
      throw ValidationError(
        "--replay-speed must be more than 0; got \(String(format: "%g", replaySpeed))")
    }
  }

  /// Parses `LAT,LON`, or throws a usage error that says what is wrong.
  static func parseCoordinate(_ text: String, option: String = "--at") throws -> Coordinate {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let latitude = Double(parts[0].trimmingCharacters(in: .whitespaces)),
      let longitude = Double(parts[1].trimmingCharacters(in: .whitespaces))
    else {
      throw ValidationError("\(option) must be LAT,LON in degrees, such as 60.1699,24.9384")
    }
    do {
      return try Coordinate(validatingLatitude: latitude, longitude: longitude)
    } catch {
      throw ValidationError("\(option): \(error.description)")
    }
  }

  /// What the options ask for, parsed (``check()`` has refused malformed ones);
  /// ``LocationSelection/Request`` adds what the configuration asks for.
  func option() throws -> LocationSelection.Request.Option {
    if let at { return .fixed(try Self.parseCoordinate(at)) }
    if let gpsd { return .gpsd(endpoint: gpsd) }
    if geoClue { return .geoClue }
    if let replay { return .replay(path: replay, startDate: replayDate.flatMap(Self.parseDay)) }
    if wander { return .wander }
    return .automatic
  }

  /// The longest wait between two replayed fixes at speed 1 (at speed N, a tenth of it at 10):
  /// a longer jump in a track (two recordings joined) is shortened to this, and reported.
  static let maximumReplayGap: Duration = .seconds(10)

  /// Midnight UTC of `YYYY-MM-DD`.
  static func parseDay(_ text: String) -> Date? {
    let parts = text.split(separator: "-")
    guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2]), (1980...2999).contains(year), (1...12).contains(month),
      (1...CivilDate.days(inMonth: month, of: year)).contains(day)
    else { return nil }
    return Date(
      timeIntervalSince1970: Double(CivilDate.daysSince1970(year: year, month: month, day: day))
        * 86_400)
  }
}

/// `--at LAT,LON`, a group of its own so that a subcommand can show it or hide it alone: a
/// subcommand that declares a group of this type gets the value the top-level command parsed.
struct FixedPositionOption: ParsableArguments {
  @Option(
    name: .customLong("at"), parsing: .unconditional,
    help: ArgumentHelp(
      "Use this position, as LAT,LON (e.g. 60.1699,24.9384 or -33.8688,151.2093); not for "
        + "watch, which follows a moving source."))
  var at: String?
}

/// `--near NAME`, a group of its own for the same reason as ``FixedPositionOption``.
struct PlaceNameOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Use the place with this name (a stored area or place, else looked up online); not for "
        + "watch, which follows a moving source.",
      discussion: "Names are looked up through OpenStreetMap's Nominatim at most once a second "
        + "and kept in the place store; several places of one name are listed, not guessed."))
  var near: String?
}
