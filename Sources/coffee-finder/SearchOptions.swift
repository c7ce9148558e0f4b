import ArgumentParser
import BearingHTTP
import BearingPlaces
import BearingTelemetry
import BearingText
import CoffeeFinder
import Foundation
import Settings

/// What to search: radius, limit and provider; defaults come from the settings (config file
/// and environment).
struct SearchOptions: ParsableArguments {
  @Option(help: "Metres around the location to search (default 1000).")
  var radius: Double?

  @Option(help: "At most this many results, 1…50 (default 10).")
  var limit: Int?

  @Option(
    help: ArgumentHelp(
      "Where to search: auto, foursquare, offline or overpass (default auto).",
      discussion: "auto: Foursquare when a key is set; else the offline data where it covers "
        + "the position, and OpenStreetMap's Overpass API elsewhere."))
  var provider: PlaceProvider?

  @Option(
    name: .customLong("overpass-url"),
    help: "The Overpass API interpreter (default https://overpass-api.de/api/interpreter).")
  var overpassURL: String?

  @Option(help: "Show distances in metric or imperial units (default metric).")
  var units: MeasurementSystem?

  @Option(
    name: .customLong("api-key"),
    help: ArgumentHelp(
      "The Foursquare Places API key.",
      discussion: "Other users can see command lines (ps): prefer FOURSQUARE_API_KEY or the "
        + "config file."))
  var apiKey: String?

  /// Throws a usage error for an out-of-range radius or limit.
  func check() throws {
    if let radius, !(radius.isFinite && radius > 0 && radius <= PlaceQuery.maximumRadius) {
      throw ValidationError(
        "--radius must be more than 0 and at most \(Int(PlaceQuery.maximumRadius)) metres")
    }
    if let limit, !(1...PlaceQuery.maximumLimit).contains(limit) {
      throw ValidationError("--limit must be 1…\(PlaceQuery.maximumLimit)")
    }
  }

  /// The settings with these options (and `--gpsd`, given as `gpsd`) applied; the API key, from
  /// wherever it came, is registered as a secret so that no log line can show it.
  func settings(gpsd: String? = nil) throws -> LoadedSettings {
    try Self.load(
      SettingsOverrides(
        searchRadius: radius, resultLimit: limit, units: units, provider: provider,
        gpsdAddress: gpsd, foursquareAPIKey: apiKey.map(APIKey.init), overpassURL: overpassURL))
  }

  /// Loads the settings with `overrides`, printing the loader's warnings.
  static func load(_ overrides: SettingsOverrides) throws -> LoadedSettings {
    let loaded = try SettingsLoader().load(overrides: overrides)
    SecretRedactor.register(loaded.settings.foursquareAPIKey?.value)
    for warning in loaded.warnings { Console.note("warning: \(TerminalText.escape(warning))") }
    return loaded
  }

  /// The place client for `settings`, and where its data comes from.
  ///
  /// Offline search uses the data the user imported into `dataDirectory` if any, the embedded
  /// Helsinki extract otherwise.
  static func places(
    for settings: AppSettings, dataDirectory: URL
  ) throws -> (PlacesClient, DataOrigin, OfflinePlaces?) {
    let wantsFoursquare =
      settings.provider == .foursquare
      || (settings.provider == .auto && settings.foursquareAPIKey != nil)
    if wantsFoursquare {
      guard settings.foursquareAPIKey != nil else {
        throw CLIError(
          "--provider foursquare needs an API key: set FOURSQUARE_API_KEY or foursquare_api_key "
            + "in the config file")
      }
      return try foursquare(settings)
    }
    let host = settings.overpassURL.host ?? settings.overpassURL.absoluteString
    let overpass = PlacesClient.overpass(
      endpoint: settings.overpassURL, userAgent: CoffeeFinderCommand.userAgent)
    if settings.provider == .overpass {
      return (overpass, .overpass(host: host), nil)
    }
    let offline = try offlinePlaces(dataDirectory: dataDirectory)
    if settings.provider == .offline {
      return (.offline(offline), .offline(offline.coverage), offline)
    }
    return (
      .preferring(offline: offline, else: overpass),
      .offlineElseOverpass(offline.coverage, host: host), offline
    )
  }

  static func offlinePlaces(dataDirectory: URL) throws -> OfflinePlaces {
    let imported = DataOptions.importedDatasetURL(in: dataDirectory)
    if FileManager.default.fileExists(atPath: imported.path) {
      do {
        return OfflinePlaces(dataset: try PlaceDataset.read(from: imported))
      } catch {
        throw CLIError(
          "cannot read the imported places in \(imported.path): \(CLIError.describe(error)) "
            + "Import the file again, or remove it to use the built-in data.")
      }
    }
    return try OfflinePlaces.embedded()
  }
}
