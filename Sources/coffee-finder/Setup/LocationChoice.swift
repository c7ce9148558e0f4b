import Bearing
import BearingGPSD
import BearingGeoClue
import BearingLocation
import CoffeeFinder
import CoffeeFinderSettings
import Foundation

/// The location source a command uses: what a ``LocationSelection`` store chose (and what to
/// tell the user about it), and a client for it.
struct LocationChoice {
  /// What was chosen, why, and what to say when the command ends.
  var chosen: LocationSelection.Choice
  var manager: LocationManager

  var origin: LocationOrigin { chosen.origin }
  /// A replay's summary of the sentences it skipped, for the end of the command.
  var closingNote: String? { chosen.closingNote }

  /// The source `options` ask for (or `option`, what they were made into: `--near` a
  /// position), chosen by a ``LocationSelection`` store (which probes gpsd
  /// and GeoClue, and reads a replayed track), and a client for it; when nothing answers,
  /// `lastPosition` is used if it is recent enough, else `defaultCenter`. A one-shot request
  /// waits up to `requestTimeout` for a fix. With `verbose`, each sentence a replay skipped is
  /// said at once.
  @MainActor
  static func choose(
    _ options: LocationOptions, option: LocationSelection.Request.Option? = nil,
    defaultCenter: Coordinate, settings: LoadedSettings,
    lastPosition: LastPosition? = nil, requestTimeout: Duration = .seconds(10),
    verbose: Bool = false
  ) async throws -> LocationChoice {
    let request = LocationSelection.Request(
      try option ?? options.option(), settings: settings, defaultCenter: defaultCenter,
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
      case .gpsd: .gpsd(LocationSelection.gpsd(settings).endpoint, configuration: configuration)
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
    return LocationChoice(chosen: chosen, manager: manager)
  }
}
