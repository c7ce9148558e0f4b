/// A setting's name in the config file, with the environment variable and command-line option
/// that override it. The one table of names; errors and documentation use it.
///
/// | key                  | environment variable     | option        |
/// |----------------------|--------------------------|---------------|
/// | `search_radius`      | `COFFEE_FINDER_RADIUS`   | `--radius`    |
/// | `result_limit`       | `COFFEE_FINDER_LIMIT`    | `--limit`     |
/// | `units`              | `COFFEE_FINDER_UNITS`    | `--units`     |
/// | `provider`           | `COFFEE_FINDER_PROVIDER` | `--provider`  |
/// | `gpsd_address`       | `COFFEE_FINDER_GPSD`     | `--gpsd`      |
/// | `foursquare_api_key` | `FOURSQUARE_API_KEY`     | `--api-key`   |
/// | `overpass_url`       | `COFFEE_FINDER_OVERPASS_URL` | `--overpass-url` |
public enum SettingKey: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  case searchRadius = "search_radius"
  case resultLimit = "result_limit"
  case units
  case provider
  case gpsdAddress = "gpsd_address"
  case foursquareAPIKey = "foursquare_api_key"
  case overpassURL = "overpass_url"

  /// The environment variable that overrides the file.
  public var environmentVariable: String {
    switch self {
    case .searchRadius: "COFFEE_FINDER_RADIUS"
    case .resultLimit: "COFFEE_FINDER_LIMIT"
    case .units: "COFFEE_FINDER_UNITS"
    case .provider: "COFFEE_FINDER_PROVIDER"
    case .gpsdAddress: "COFFEE_FINDER_GPSD"
    case .foursquareAPIKey: "FOURSQUARE_API_KEY"
    case .overpassURL: "COFFEE_FINDER_OVERPASS_URL"
    }
  }

  /// The command-line option that overrides the environment and the file.
  public var option: String {
    switch self {
    case .searchRadius: "--radius"
    case .resultLimit: "--limit"
    case .units: "--units"
    case .provider: "--provider"
    case .gpsdAddress: "--gpsd"
    case .foursquareAPIKey: "--api-key"
    case .overpassURL: "--overpass-url"
    }
  }

  /// Whether the value is a secret that must never be shown.
  public var isSecret: Bool { self == .foursquareAPIKey }

  public var description: String { rawValue }
}

/// Where a setting's value came from.
public enum SettingSource: Hashable, Sendable, CustomStringConvertible {
  case defaultValue
  /// The user's last choice, remembered by the app (``RememberedSettings``).
  case remembered
  case file(path: String)
  case environment(variable: String)
  case commandLine(option: String)

  public var description: String {
    switch self {
    case .defaultValue: "the default"
    case .remembered: "your last choice"
    case .file(let path): path
    case .environment(let variable): "environment variable \(variable)"
    case .commandLine(let option): "option \(option)"
    }
  }
}
