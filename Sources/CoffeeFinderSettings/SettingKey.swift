/// A setting's name in the config file. Everything else about a setting (its environment
/// variable, its option, whether it is remembered, how its value is read and shown) is declared
/// once, in its ``Setting`` (``setting``).
public enum SettingKey: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  case searchRadius = "search_radius"
  case resultLimit = "result_limit"
  case units
  case provider
  case gpsdAddress = "gpsd_address"
  case foursquareAPIKey = "foursquare_api_key"
  case overpassURL = "overpass_url"

  /// The environment variable that overrides the file.
  public var environmentVariable: String { setting.environmentVariable }

  /// The command-line option that overrides the environment and the file.
  public var option: String { setting.option }

  /// Whether the value is a secret that must never be shown.
  public var isSecret: Bool { setting.isSecret }

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
