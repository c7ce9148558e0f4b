/// Choices the app remembers from the user's last runs (its app storage), below the config
/// file in precedence: a setting's value is the command line's, else the environment's, else
/// the config file's, else the remembered one, else the default. Which settings are remembered
/// is declared with each ``Setting`` (``Setting/isRemembered``).
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

  /// Remembered choices; `nil` for a setting with no remembered value.
  public init(
    searchRadius: Double? = nil, units: MeasurementSystem? = nil, provider: PlaceProvider? = nil
  ) {
    self.searchRadius = searchRadius
    self.units = units
    self.provider = provider
  }

  /// The values of `settings` for those of `keys` that are remembered; the others are ignored.
  public init(_ keys: some Sequence<SettingKey>, of settings: AppSettings) {
    self.init()
    for key in keys { key.setting.remember?(settings, &self) }
  }

  /// The remembered settings among `overrides` (what a command line chose), read as loading
  /// reads them (``Setting``); one that is not a valid value is left out.
  public init(remembering overrides: SettingsOverrides) {
    self.init()
    var scratch = AppSettings.defaults
    for (key, text) in overrides.values {
      guard let remember = key.setting.remember else { continue }
      do {
        try key.setting.apply(text, to: &scratch)
      } catch {
        continue
      }
      remember(scratch, &self)
    }
  }

  /// The remembered values, as setting text.
  var values: [(SettingKey, String)] {
    SettingKey.allCases.compactMap { key in
      key.setting.rememberedText?(self).map { (key, $0) }
    }
  }
}
