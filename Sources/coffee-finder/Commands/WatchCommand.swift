import ArgumentParser
import Bearing
import BearingLocation
import BearingText
import CoffeeFinder
import CoffeeFinderSettings
import Foundation
import UnixSignals

/// `coffee-finder watch`: follows the location and prints fixes and favourite enter/exit
/// events until interrupted.
struct WatchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Follow the location; print fixes and entering or leaving favourites.",
    discussion: """
      Every favourite is a monitored region of \(Int(FavoriteRegions.radius)) m. Stop with Ctrl-C.

      Examples:
        coffee-finder watch --gpsd 127.0.0.1:2947
        coffee-finder watch --replay walk.nmea --replay-speed 10 --json
        coffee-finder watch --wander
      """
  )

  @OptionGroup var location: LocationOptions
  @OptionGroup var data: DataOptions
  @OptionGroup var output: OutputOptions

  @OptionGroup var unitsOption: UnitsOption
  /// `--units`.
  var units: MeasurementSystem? { unitsOption.units }

  @Flag(help: "Print JSON lines instead of text.") var json = false
  @Flag(help: "Do not print fixes, only region events.") var eventsOnly = false

  func validate() throws {
    try location.check()
    if let refusal = LocationSelection.movingSourceRefusal(
      try location.option(), near: location.near != nil)
    {
      throw ValidationError(refusal)
    }
  }

  @MainActor
  func run() async throws {
    output.bootstrapLogging()
    let loaded = try SearchOptions.load(
      SettingsOverrides(units: units, gpsdAddress: location.gpsd),
      remembered: RememberedSettings(units: SearchOptions.remembered().units))
    let database = try data.openDatabase()
    let center = SearchSetup.builtInCenter
    let choice = try await LocationChoice.choose(
      location, defaultCenter: center, settings: loaded, verbose: output.verbose)
    let (origin, manager) = (choice.origin, choice.manager)
    if case .simulated = origin {
      throw ValidationError(
        "watch needs a moving source (\(choice.chosen.reason ?? "none given")): --gpsd HOST:PORT, "
          + "--geoclue, --replay FILE or --wander")
    }
    if let note = choice.chosen.note(simulatedAt: "") { Console.note(note) }
    // This command is the view: it sends events to the feature and prints what the feature
    // reports; the feature talks to the location source and the database.
    let viewModel = ViewModel(
      // A replayed or simulated track is judged on its own: no inside or outside from earlier
      // runs, none saved for later ones.
      initialState: Watch.State(
        showsFixes: !eventsOnly, remembersRegionStates: origin.rememberedAs != nil),
      reducer: { Watch() },
      viewState: { $0 }, event: { $0 }, viewEffect: \.output
    ) {
      $0.database = database
      $0.locationManager = manager
    }
    let analytics = output.analytics
    let json = json
    let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm)
    let ending = await withTaskGroup(of: Ending?.self) { group in
      group.addTask {
        for await signal in signals { return .signal(signal) }
        return nil
      }
      group.addTask {
        for await output in viewModel.viewEffects() {
          switch output {
          case .started(let regions):
            Console.note(
              "watching \(origin) with \(Counted.favoriteRegions(regions)); Ctrl-C stops")
          case .line(let line):
            Console.out(json ? line.json : line.text(units: loaded.settings.units))
            if let event = Watch.analyticsEvent(for: output) { analytics.track(event) }
          case .warning(let message):
            Console.note(UserMessage.warning(message))
          case .failed(let message):
            return .failed(message)
          case .finished(let fixes):
            Console.note(
              "the replay ended after \(Counted.fixes(fixes)); --loop replays it again")
            return nil
          }
        }
        return nil
      }
      await viewModel.send(.onAppear)
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
    await viewModel.send(.onDisappear).finish()
    if let note = choice.closingNote { Console.note(note) }
    switch ending {
    case .failed(let message): throw CLIError(message)
    // Ctrl-C is the way to end a watch: exit 0. SIGTERM from elsewhere: 128 + 15.
    case .signal(let signal) where signal != .sigint: throw ExitCode(SignalExit.report(signal))
    case .signal, nil: break
    }
  }

  /// Why the watch ended.
  enum Ending: Sendable {
    case failed(String)
    case signal(UnixSignal)
  }
}
