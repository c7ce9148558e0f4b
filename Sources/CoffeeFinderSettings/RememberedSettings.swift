/// Choices the app remembers from the user's last runs (its app storage), below the config
/// file in precedence: a setting's value is the command line's, else the environment's, else
/// the config file's, else the remembered one, else the default.
///
/// ```swift
/// let loaded = try SettingsLoader().load(
///   overrides: SettingsOverrides(units: options.units),
///   remembered: RememberedSettings(searchRadius: 800))
/// loaded.source(of: .searchRadius)  // .remembered, unless the file or environment set it
/// ```
///
/// A remembered value that is not valid (a hand-edited store, say) is skipped with a warning:
/// it never stops the app.
public struct RememberedSettings: Hashable, Sendable {
  /// The last `--radius` the user chose, in metres.
  public var searchRadius: Double?
  /// The last `--units` the user chose.
  public var units: MeasurementSystem?
  /// The last `--provider` the user chose.
  public var provider: PlaceProvider?

  public init(
    searchRadius: Double? = nil, units: MeasurementSystem? = nil, provider: PlaceProvider? = nil
  ) {
    self.searchRadius = searchRadius
    self.units = units
    self.provider = provider
  }

  /// The remembered values, as setting text.
  var values: [(SettingKey, String)] {
    var values: [(SettingKey, String)] = []
    if let searchRadius { values.append((.searchRadius, String(searchRadius))) }
    if let units { values.append((.units, units.rawValue)) }
    if let provider { values.append((.provider, provider.rawValue)) }
    return values
  }
}
