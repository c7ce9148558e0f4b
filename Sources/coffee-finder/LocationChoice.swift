import Bearing
import BearingGPSD
import BearingGeoClue
import BearingLocation
import BearingText
import CoffeeFinder
import CoffeeFinderSettings
import Foundation

/// The location source a command uses: where it comes from, a client for it, and, when no
/// option chose it, why it was chosen (said to the user in one line).
struct LocationChoice {
  var origin: LocationOrigin
  var manager: LocationManager
  /// Why the automatic choice fell where it did ("no gpsd at 127.0.0.1:2947 and no GeoClue on
  /// the system bus"), the start of the user's line; `nil` when an option or the
  /// configuration chose the source.
  var reason: String?
  /// What the user should hear when the command ends: a replay's summary of the sentences it
  /// skipped ("1 of 6 sentences skipped: 1 had bad checksums").
  var closingNote: String?

  init(_ origin: LocationOrigin, _ manager: LocationManager, reason: String? = nil) {
    self.origin = origin
    self.manager = manager
    self.reason = reason
  }

  /// The line that tells the user which source is used and why; `simulatedAt` describes the
  /// simulated position. `nil` when an option chose the source.
  func note(simulatedAt place: String) -> String? {
    guard let reason else { return nil }
    switch origin {
    case .simulated:
      return "\(reason): using a simulated position at \(place); pass --at LAT,LON, --gpsd "
        + "HOST:PORT or --geoclue"
    case .gpsd:
      return "\(reason): using it"
    case .geoClue(let id):
      return "\(reason): using GeoClue on the system bus (desktop id \(id))"
    case .lastKnown(let coordinate, let age, let source):
      // Said plainly, so that an old position is never taken for a fresh fix.
      return "\(reason): using your last known position (\(LocationOrigin.short(coordinate))) "
        + "from \(LocationOrigin.age(age)), via \(TerminalText.escape(source, limit: 80)); pass "
        + "--at LAT,LON, --gpsd HOST:PORT or --geoclue"
    default:
      return "\(reason): using \(origin)"
    }
  }

  /// The source `options` ask for, chosen by a ``LocationSelection`` store (which probes gpsd
  /// and GeoClue, and reads a replayed track), and a client for it; when nothing answers,
  /// `lastPosition` is used if it is recent enough, else `defaultCenter`. A one-shot request
  /// waits up to `requestTimeout` for a fix. With `verbose`, each sentence a replay skipped is
  /// said at once.
  @MainActor
  static func choose(
    _ options: LocationOptions, defaultCenter: Coordinate, settings: LoadedSettings,
    lastPosition: LastPosition? = nil, requestTimeout: Duration = .seconds(10),
    verbose: Bool = false
  ) async throws -> LocationChoice {
    // `--gpsd` reaches the settings as an override, so one parser reads it wherever it came
    // from.
    let configured = options.gpsd != nil || settings.source(of: .gpsdAddress) != .defaultValue
    let gpsd = configured ? settings.settings.gpsdAddress : GPSDEndpoint.fromEnvironment()
    let request = LocationSelection.Request(
      option: try options.option(gpsd: configured ? gpsd.description : nil),
      defaultGPSD: (gpsd.host, gpsd.port, gpsd.description), defaultCenter: defaultCenter,
      lastPosition: lastPosition, verbose: verbose)
    let store = Store(initialState: LocationSelection.State(request: request)) {
      LocationSelection()
    } withDependencies: {
      $0.locationSourceProbe = .live
    }
    await store.send(.choose).finish()
    if let failure = store.state.failure { throw CLIError(failure) }
    guard let chosen = store.state.choice else { throw CLIError(UserMessage.noLocationSource) }
    for note in chosen.notes { Console.note(note) }
    let configuration = LocationEngine.Configuration(requestTimeout: requestTimeout)
    let manager: LocationManager =
      switch chosen.source {
      case .fixed(let location): .fixed(location, configuration: configuration)
      case .gpsd: .gpsd(gpsd, configuration: configuration)
      case .geoClue:
        .geoClue(
          GeoClueOptions(desktopID: LocationSelection.desktopID), configuration: configuration)
      case .replaying(let track):
        .replaying(
          track, speed: options.replaySpeed, repeats: options.loop,
          maximumGap: LocationOptions.maximumReplayGap / options.replaySpeed,
          configuration: configuration)
      case .wandering:
        .wandering(
          among: LocationManager.demoRegions, seed: 2026,
          stepDistance: LocationManager.walkingSpeed,
          // Stamped from now, as a live walk would be; the seed keeps the path the same.
          startDate: Date(), configuration: configuration)
      }
    var choice = LocationChoice(chosen.origin, manager, reason: chosen.reason)
    choice.closingNote = chosen.closingNote
    return choice
  }
}
