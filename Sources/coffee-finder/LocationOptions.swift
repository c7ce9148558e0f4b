import ArgumentParser
import BearingGPSD
import BearingGeoClue
import BearingLocation
import BearingText
import CoffeeFinder
import Foundation
import Settings

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

  @Option(help: "Read live fixes from gpsd at HOST:PORT.")
  var gpsd: String?

  @Option(help: "Replay a recorded track (NMEA or GPX file).")
  var replay: String?

  @Option(
    name: .customLong("replay-date"),
    help: "The UTC day a replayed NMEA log starts on (YYYY-MM-DD), for logs with no RMC or ZDA.")
  var replayDate: String?

  @Flag(help: "Start --replay again from the beginning when it ends (default: stop).")
  var loop = false

  @Option(help: "Replay speed-up factor for --replay.")
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

  /// The desktop id the app gives GeoClue: what its configuration or agent must allow.
  static let desktopID = "coffee-finder"

  /// Throws a usage error for contradictory or malformed options.
  func check() throws {
    let chosen = [at != nil, near != nil, gpsd != nil, replay != nil, wander, geoClue]
      .filter { $0 }.count
    guard chosen <= 1 else {
      throw ValidationError(
        "choose one of --at, --near, --gpsd, --replay, --wander and --geoclue")
    }
    if let at { _ = try Self.parseCoordinate(at) }
    if let gpsd {
      do {
        _ = try GPSDEndpoint(validating: gpsd)
      } catch {
        throw ValidationError("--gpsd must be HOST:PORT: \(error.description)")
      }
    }
    if let replayDate, Self.parseDay(replayDate) == nil {
      throw ValidationError("--replay-date must be a day such as 2026-11-22")
    }
    guard replaySpeed.isFinite, replaySpeed > 0 else {
      throw ValidationError("--replay-speed must be more than 0")
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

  /// The location source and a client for it, and, when no option chose it, why it was
  /// chosen. When nothing answers, `lastPosition` is used if it is recent enough
  /// (``LastPosition/usableAge(at:)``), else `defaultCenter`. A one-shot request waits up to
  /// `requestTimeout` for a fix.
  func makeSource(
    defaultCenter: Coordinate, settings: LoadedSettings, lastPosition: LastPosition? = nil,
    requestTimeout: Duration = .seconds(10), verbose: Bool = false
  ) async throws -> LocationChoice {
    let configuration = LocationEngine.Configuration(requestTimeout: requestTimeout)
    if let at {
      let coordinate = try Self.parseCoordinate(at)
      return LocationChoice(
        .manual(coordinate), .fixed(Location(coordinate: coordinate), configuration: configuration))
    }
    // `--gpsd` reaches the settings as an override, so one parser reads it wherever it came from.
    // A configured address is used as it is, reachable or not: gpsd may start later.
    if gpsd != nil || settings.source(of: .gpsdAddress) != .defaultValue {
      let endpoint = settings.settings.gpsdAddress
      return LocationChoice(
        .gpsd(endpoint: endpoint.description), .gpsd(endpoint, configuration: configuration))
    }
    if geoClue { return Self.geoClueChoice(configuration: configuration) }
    if let replay {
      let url = URL(fileURLWithPath: replay)
      let data: Data
      do {
        data = try Data(contentsOf: url)
      } catch {
        throw CLIError(UserMessage.cannotReadTrack(replay, error))
      }
      let track: Track
      do {
        let text = String(decoding: data, as: UTF8.self)
        track =
          text.contains("<gpx")
          ? try GPXParser().parse(data)
          : try NMEAParser(startDate: replayDate.flatMap(Self.parseDay)).parse(text)
      } catch {
        throw CLIError(UserMessage.unreadableTrack(replay, error))
      }
      guard !track.fixes.isEmpty else {
        throw CLIError("the track \(replay) holds no usable fixes")
      }
      if verbose {
        for issue in track.issues { Console.note("\(TerminalText.escape(replay)): \(issue)") }
      }
      var choice = LocationChoice(
        .replay(file: replay),
        .replaying(
          track, speed: replaySpeed, repeats: loop, maximumGap: Self.maximumReplayGap,
          configuration: configuration))
      // Said when the command ends, where the user reads the last lines.
      choice.closingNote = track.issueSummary.map {
        "replay of \(TerminalText.escape(replay)): \($0)"
      }
      return choice
    }
    if wander {
      return LocationChoice(
        .wander,
        .wandering(
          among: LocationManager.demoRegions, seed: 2026,
          stepDistance: LocationManager.walkingSpeed, configuration: configuration))
    }
    return await Self.automaticChoice(
      defaultCenter: defaultCenter, lastPosition: lastPosition, configuration: configuration)
  }

  /// No option chose a source: gpsd if it answers at the default address (`BEARING_GPSD`, else
  /// `GPSD_HOST`/`GPSD_PORT`, else 127.0.0.1:2947), else GeoClue if it is on the system bus,
  /// else `lastPosition` when it is recent enough, else a fixed position at `defaultCenter`.
  static func automaticChoice(
    defaultCenter: Coordinate, lastPosition: LastPosition? = nil,
    configuration: LocationEngine.Configuration, now: Date = Date()
  ) async -> LocationChoice {
    let endpoint = GPSDEndpoint.fromEnvironment()
    if await SourceProbe.listens(host: endpoint.host, port: endpoint.port) {
      return LocationChoice(
        .gpsd(endpoint: endpoint.description), .gpsd(endpoint, configuration: configuration),
        reason: "no location option and gpsd answers at \(endpoint)")
    }
    if await GeoClue.isPresent() {
      var choice = geoClueChoice(configuration: configuration)
      choice.reason = "no location option and no gpsd at \(endpoint)"
      return choice
    }
    var reason =
      "no gpsd at \(endpoint) and no GeoClue on the system bus"
      + (GeoClue.libdbusProblem.map { " (\($0))" } ?? "")
    if let lastPosition, let coordinate = lastPosition.coordinate {
      if let age = lastPosition.usableAge(at: now) {
        let accuracy = lastPosition.horizontalAccuracy
        return LocationChoice(
          .lastKnown(coordinate, age: age, source: lastPosition.source),
          .fixed(
            Location(
              coordinate: coordinate, horizontalAccuracy: accuracy.isFinite ? accuracy : -1,
              timestamp: lastPosition.receivedAt),
            configuration: configuration),
          reason: reason)
      }
      reason +=
        now < lastPosition.receivedAt
        ? "; your last known position is dated in the future, so it is not used"
        : "; your last known position, \(Screen.age(now.timeIntervalSince(lastPosition.receivedAt))), "
          + "is more than \(Int(LastPosition.maximumAge / 3600)) h old, so it is not used"
    }
    return LocationChoice(
      .simulated(defaultCenter),
      .fixed(Location(coordinate: defaultCenter), configuration: configuration),
      reason: reason)
  }

  static func geoClueChoice(configuration: LocationEngine.Configuration) -> LocationChoice {
    LocationChoice(
      .geoClue(desktopID: desktopID),
      .geoClue(GeoClueOptions(desktopID: desktopID), configuration: configuration))
  }

  /// The longest wait between two replayed fixes: a longer jump in a track (two recordings
  /// joined) is shortened to this, and reported.
  static let maximumReplayGap: Duration = .seconds(10)

  /// Midnight UTC of `YYYY-MM-DD`.
  static func parseDay(_ text: String) -> Date? {
    let parts = text.split(separator: "-")
    guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2]), (1980...2999).contains(year), (1...12).contains(month),
      (1...31).contains(day)
    else { return nil }
    return Date(
      timeIntervalSince1970: Double(CivilDate.daysSince1970(year: year, month: month, day: day))
        * 86_400)
  }
}

/// `--at LAT,LON`, a group of its own so that a subcommand can show it or hide it alone: a
/// subcommand that declares a group of this type gets the value the top-level command parsed.
struct FixedPositionOption: ParsableArguments {
  @Option(name: .customLong("at"), help: "Use this position, as LAT,LON (e.g. 60.1699,24.9384).")
  var at: String?
}

/// `--near NAME`, a group of its own for the same reason as ``FixedPositionOption``.
struct PlaceNameOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Use the place with this name (a stored area or place, else looked up online).",
      discussion: "Names are looked up through OpenStreetMap's Nominatim at most once a second "
        + "and kept in the place store; several places of one name are listed, not guessed."))
  var near: String?
}
