import Bearing
import BearingLocation
import BearingPlaceStore
import BearingPlaces
import CoffeeFinder
import CoffeeFinderSettings
import Foundation

/// What a command that searches needs, made from its options in one place: the settings, the
/// place client and where its data comes from, and the location source.
struct SearchSetup {
  var settings: AppSettings
  var places: PlacesClient
  var dataOrigin: DataOrigin
  /// Where a simulated position goes: the middle of the built-in data, central Helsinki.
  var center: Coordinate
  var locationOrigin: LocationOrigin
  var locationManager: LocationManager
  /// Why the location source was chosen, when no option chose it.
  var locationChoice: LocationChoice
  /// Walks over the streets stored in the data directory.
  var walking: WalkingClient

  /// Loads the settings (with the command line's overrides), logging as `output` says, and
  /// makes the clients; a one-shot location request waits up to `requestTimeout`. A remembered
  /// choice is said only among the settings the command `uses`.
  @MainActor
  init(
    location: LocationOptions, search: SearchOptions, data: DataOptions, output: OutputOptions,
    requestTimeout: Duration = .seconds(10), uses: Set<SettingKey> = Set(SettingKey.allCases)
  ) async throws {
    output.bootstrapLogging()
    walking = data.walking
    let loaded = try search.settings(gpsd: location.gpsd, uses: uses)
    settings = loaded.settings
    let offline: OfflineLibrary?
    (places, dataOrigin, offline) = try await SearchOptions.places(for: settings, data: data)
    // Where the built-in data is, whatever areas were stored: a stored area says nothing of
    // where the user is.
    center = offline?.builtIn.coverage.center ?? Self.builtInCenter
    var option = try location.option()
    if let near = location.near {
      let place = try await PlaceNameResolver.resolve(
        near, data: data, offline: settings.provider == .offline)
      let fixed = LocationSelection.near(near, found: place)
      Console.note(fixed.note)
      option = fixed.option
    }
    locationChoice = try await LocationChoice.choose(
      location, option: option, defaultCenter: center, settings: loaded,
      lastPosition: Self.lastPosition(),
      requestTimeout: requestTimeout, verbose: output.verbose)
    locationOrigin = locationChoice.origin
    locationManager = locationChoice.manager
  }

  /// The middle of the built-in data, central Helsinki: where a simulated position goes when
  /// the offline data cannot say.
  static let builtInCenter = Coordinate(latitude: 60.1699, longitude: 24.9384)

  /// The set-up of a command that takes one fix and searches (`nearby`, `map`, `route`), with
  /// the location source said (``announceLocation()``). The engine's own request timeout is a
  /// second longer than `timeout`, so that it does not end the wait before `--timeout` does.
  @MainActor
  static func forOneSearch(
    location: LocationOptions, search: SearchOptions, data: DataOptions, output: OutputOptions,
    timeout: Double, uses: Set<SettingKey> = Set(SettingKey.allCases)
  ) async throws -> SearchSetup {
    let setup = try await SearchSetup(
      location: location, search: search, data: data, output: output,
      requestTimeout: .seconds(timeout + 1), uses: uses)
    setup.announceLocation()
    return setup
  }

  /// The last position a live source gave, remembered across runs (recalled by a
  /// ``Remembering`` store); a file that cannot be read is reported and treated as none.
  @MainActor
  static func lastPosition() -> LastPosition? {
    let store = Store(initialState: Remembering.State()) { Remembering() }
    store.send(.recallLastPosition)
    for warning in store.state.warnings { Console.note(warning) }
    return store.state.lastPosition
  }

  /// Tells the user when what this run chose to remember could not be saved, after writing it
  /// at once (rather than at exit, when no one could say so) with a ``Remembering`` store.
  @MainActor
  static func saveRemembered(_ state: Nearby.State) async {
    let store = Store(initialState: Remembering.State()) { Remembering() }
    // `state` holds the shared last position that the store saves: it must outlive the save.
    defer { withExtendedLifetime(state) {} }
    await store.send(.save(position: Remembering.remembersPosition(of: state))).finish()
    for warning in store.state.warnings { Console.note(warning) }
  }
}
