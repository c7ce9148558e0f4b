/// A setting's name in the config file. Everything else about a setting (its environment
/// variable, its option, whether it is remembered, how its value is read and shown) is declared
/// once, in its ``Setting`` (``setting``).
public enum SettingKey: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// How far around the search centre to look, in metres (`--radius`).
  case searchRadius = "search_radius"
  /// How many places a search returns (`--limit`).
  case resultLimit = "result_limit"
  /// Metric or imperial distances (`--units`).
  case units
  /// Where places come from: auto, foursquare, offline or overpass (`--provider`).
  case provider
  /// The gpsd daemon's `host:port` (`--gpsd`).
  case gpsdAddress = "gpsd_address"
  /// The Foursquare API key, a secret (`--api-key`).
  case foursquareAPIKey = "foursquare_api_key"
  /// The Overpass API interpreter's URL (`--overpass-url`).
  case overpassURL = "overpass_url"

  /// The environment variable that overrides the file.
  public var environmentVariable: String { setting.environmentVariable }

  /// The command-line option that overrides the environment and the file.
  public var option: String { setting.option }

  /// Whether the value is a secret that must never be shown.
  public var isSecret: Bool { setting.isSecret }

  /// The config file key, such as "search_radius".
  public var description: String { rawValue }
}

/// Where a setting's value came from.
public enum SettingSource: Hashable, Sendable, CustomStringConvertible {
  /// Nothing set it: the setting's default.
  case defaultValue
  /// The user's last choice, remembered by the app (``RememberedSettings``).
  case remembered
  /// The config file at `path`.
  case file(path: String)
  /// The environment variable named `variable`.
  case environment(variable: String)
  /// The command-line option named `option`, such as `--radius`.
  case commandLine(option: String)

  /// The source as a message names it: "the default", a path, "option --radius", ….
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
