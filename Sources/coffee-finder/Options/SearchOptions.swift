import ArgumentParser
import Bearing
import BearingHTTP
import BearingPlaceStore
import BearingPlaces
import BearingTelemetry
import BearingText
import CoffeeFinder
import CoffeeFinderSettings
import Foundation

/// What to search: radius, limit and provider; defaults come from the settings (config file
/// and environment).
struct SearchOptions: ParsableArguments {
  @OptionGroup var radiusOption: RadiusOption
  /// `--radius`.
  var radius: DistanceArgument? {
    get { radiusOption.radius }
    set { radiusOption.radius = newValue }
  }

  @Option(
    name: .setting(.resultLimit),
    parsing: .unconditional,
    help: ArgumentHelp(
      "At most this many results, \(AppSettings.resultLimits.lowerBound)…"
        + "\(AppSettings.resultLimits.upperBound) (default \(AppSettings.defaults.resultLimit))."))
  var limit: Int?

  @Option(
    name: .setting(.provider),
    help: ArgumentHelp(
      "Where to search: auto, foursquare, offline or overpass (default "
        + "\(AppSettings.defaults.displayValue(of: .provider))).",
      discussion: "auto: Foursquare when a key is set; else the offline data where it covers "
        + "the position, and OpenStreetMap's Overpass API elsewhere."))
  var provider: PlaceProvider?

  @OptionGroup var overpassURLOption: OverpassURLOption
  /// `--overpass-url`.
  var overpassURL: String? {
    get { overpassURLOption.overpassURL }
    set { overpassURLOption.overpassURL = newValue }
  }

  @OptionGroup var unitsOption: UnitsOption
  /// `--units`.
  var units: MeasurementSystem? {
    get { unitsOption.units }
    set { unitsOption.units = newValue }
  }

  @Option(
    name: .setting(.foursquareAPIKey),
    help: ArgumentHelp(
      "The Foursquare Places API key.",
      discussion: "Other users can see command lines (ps): prefer FOURSQUARE_API_KEY or the "
        + "config file."))
  var apiKey: String?

  /// Throws a usage error for an out-of-range radius or limit.
  func check() throws {
    if let radius = radius?.metres,
      let problem = DistanceSetting.searchRadius.problem(
        with: radius, option: SettingKey.searchRadius.option)
    {
      throw ValidationError(problem)
    }
    let limits = AppSettings.resultLimits
    if let limit, !limits.contains(limit) {
      throw ValidationError(
        "\(SettingKey.resultLimit.option) must be \(limits.lowerBound)…\(limits.upperBound); "
          + "got \(limit)")
    }
    do {
      try SettingsOverrides(
        foursquareAPIKey: apiKey.map(FoursquareAPIKey.init(verbatim:)), overpassURL: overpassURL
      ).validate()
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// The settings with these options (and `--gpsd`, given as `gpsd`) applied; the API key, from
  /// wherever it came, is registered as a secret so that no log line can show it. A remembered
  /// choice used is said when the command uses it (`uses`).
  @MainActor
  func settings(
    gpsd: String? = nil, uses: Set<SettingKey> = Set(SettingKey.allCases)
  ) throws -> LoadedSettings {
    try Self.load(overrides(gpsd: gpsd), remembered: Self.remembered(), saying: uses)
  }

  /// The settings these options (and `--gpsd`, given as `gpsd`) give.
  func overrides(gpsd: String? = nil) -> SettingsOverrides {
    SettingsOverrides(
      searchRadius: radius?.metres, resultLimit: limit, units: units, provider: provider,
      gpsdAddress: gpsd, foursquareAPIKey: apiKey.map(FoursquareAPIKey.init(verbatim:)),
      overpassURL: overpassURL)
  }

  /// Loads the settings with `overrides` over `remembered`, printing the loader's warnings and,
  /// in one line, the remembered choices it used among `saying` (those the command uses).
  static func load(
    _ overrides: SettingsOverrides, remembered: RememberedSettings = RememberedSettings(),
    saying: Set<SettingKey> = Set(SettingKey.allCases)
  ) throws -> LoadedSettings {
    let loaded = try SettingsLoader().load(overrides: overrides, remembered: remembered)
    SecretRedactor.register(loaded.settings.foursquareAPIKey?.secret)
    for warning in loaded.warnings { Console.note(UserMessage.warning(warning)) }
    // A remembered choice that is the default changes nothing, so it is not said.
    let used = SettingKey.allCases.filter {
      saying.contains($0) && loaded.source(of: $0) == .remembered
        && loaded.settings.displayValue(of: $0) != AppSettings.defaults.displayValue(of: $0)
    }
    if !used.isEmpty {
      let choices = used.map { "\($0.option) \(loaded.settings.displayValue(of: $0))" }
      Console.note(
        "using your last choice of \(choices.joined(separator: ", ")) (an option, the "
          + "environment or the config file overrides it)")
    }
    return loaded
  }

  /// The choices remembered from the user's last runs (app storage), recalled by a
  /// ``Remembering`` store. A store that cannot be read is reported and treated as empty.
  @MainActor
  static func remembered() -> RememberedSettings {
    let store = Store(initialState: Remembering.State()) { Remembering() }
    store.send(.recallChoices)
    for warning in store.state.warnings { Console.note(warning) }
    return store.state.choices ?? RememberedSettings()
  }

  /// What the user chose on this command line that the app remembers for the next runs.
  var choices: RememberedSettings {
    var choices = RememberedSettings(remembering: overrides())
    // `--provider overpass` with an `--overpass-url` of this run's means that server: remembered
    // alone, the next run would send the position to the default one. (A server named in the
    // environment or the config file is there for the next run too.)
    if overpassURL != nil, provider == .overpass { choices.provider = nil }
    return choices
  }

  /// The place client for `settings`, and where its data comes from.
  ///
  /// Offline search uses the areas stored in `data`'s place store where they cover the search,
  /// and the embedded Helsinki extract there. A ``SearchSource`` store chooses, and reads the
  /// offline data.
  @MainActor
  static func places(
    for settings: AppSettings, data: DataOptions
  ) async throws -> (PlacesClient, DataOrigin, OfflineLibrary?) {
    let store = Store(
      initialState: SearchSource.State(
        provider: settings.provider, hasFoursquareKey: settings.foursquareAPIKey != nil)
    ) {
      SearchSource()
    } withDependencies: {
      $0.offlineAreas = data.offlineAreas
    }
    await store.send(.choose).finish()
    if let failure = store.state.failure { throw CLIError(failure) }
    // Without a failure, only a cancelled choice has no source.
    guard let source = store.state.source else { throw CancellationError() }
    let host = settings.overpassURL.host ?? settings.overpassURL.absoluteString
    let overpass = PlacesClient.overpass(
      endpoint: settings.overpassURL, userAgent: CoffeeFinderCommand.userAgent)
    switch source {
    case .foursquare:
      return try foursquare(settings)
    case .overpass:
      return (overpass, .overpass(host: host), nil)
    case .offline(let offline):
      let library = offline.library
      return (.offline(library), .stored(library.coverages, overpassHost: nil), library)
    case .offlineElseOverpass(let offline):
      let library = offline.library
      return (
        .preferring(offline: library, else: overpass),
        .stored(library.coverages, overpassHost: host), library
      )
    }
  }
}

/// `--radius`, a group of its own so that a subcommand can show it without the other search
/// options: a subcommand that declares a group of this type gets the value the top-level command
/// parsed (argument-parser hands on decoded groups by type).
struct RadiusOption: ParsableArguments {
  @Option(
    name: .setting(.searchRadius),
    parsing: .unconditional,
    help: ArgumentHelp(
      "How far around: metres, or with a unit (800m, 2km, 1mi, 500ft); default "
        + "\(AppSettings.defaults.displayValue(of: .searchRadius)) "
        + "(download: 5km)."),
    transform: DistanceArgument.parse)
  var radius: DistanceArgument?
}

/// `--overpass-url`, a group of its own for the same reason as ``RadiusOption``.
struct OverpassURLOption: ParsableArguments {
  @Option(
    name: .setting(.overpassURL),
    help: "The Overpass API interpreter (default \(OverpassPlaces.defaultEndpoint.absoluteString))."
  )
  var overpassURL: String?
}

/// `--units`, a group of its own for the same reason as ``RadiusOption``: `watch` takes it
/// without the search options, and the top-level command parses it wherever it is written.
struct UnitsOption: ParsableArguments {
  @Option(
    name: .setting(.units),
    help: ArgumentHelp(
      "Show distances in metric or imperial units (default "
        + "\(AppSettings.defaults.displayValue(of: .units)))."))
  var units: MeasurementSystem?
}

extension NameSpecification {
  /// A setting's option, as its declaration names it (``Setting/option``): the table, not the
  /// property's name, decides what a command line spells.
  static func setting(_ key: SettingKey) -> Self {
    .customLong(String(key.option.drop { $0 == "-" }))
  }
}
