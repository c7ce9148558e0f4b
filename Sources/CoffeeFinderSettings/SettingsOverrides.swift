import BearingText

/// Values given on the command line; each one set overrides the environment and the file.
///
/// The CLI fills this from its parsed options and passes it to
/// ``SettingsLoader/load(overrides:)``, which validates it like any other source:
///
/// ```swift
/// let loaded = try SettingsLoader().load(
///   overrides: SettingsOverrides(searchRadius: options.radius, units: options.units))
/// ```
///
/// Its dump and description show the API key as `<redacted>`.
public struct SettingsOverrides: Hashable, Sendable, CustomReflectable {
  /// The values given, as text in the form the config file and the environment use.
  public var text: [SettingKey: String]

  /// Overrides given as text, by key.
  public init(text: [SettingKey: String]) {
    self.text = text
  }

  /// Overrides given as the CLI's options parse them: a `gpsdAddress` (`host`, `host:port` or
  /// `[v6]:port`) and an `overpassURL` as typed.
  public init(
    searchRadius: Double? = nil,
    resultLimit: Int? = nil,
    units: MeasurementSystem? = nil,
    provider: PlaceProvider? = nil,
    gpsdAddress: String? = nil,
    foursquareAPIKey: FoursquareAPIKey? = nil,
    overpassURL: String? = nil
  ) {
    let given: [SettingKey: String?] = [
      .searchRadius: searchRadius.map { String($0) }, .resultLimit: resultLimit.map { String($0) },
      .units: units?.rawValue, .provider: provider?.rawValue, .gpsdAddress: gpsdAddress,
      .foursquareAPIKey: foursquareAPIKey?.secret, .overpassURL: overpassURL,
    ]
    self.init(text: given.compactMapValues { $0 })
  }

  /// Throws the first override that is not a valid value, as loading would: for a command
  /// line to refuse as bad usage before anything runs.
  public func validate() throws(SettingsError) {
    var scratch = AppSettings.defaults
    for (key, text) in values {
      do {
        try key.setting.apply(text, to: &scratch)
      } catch {
        throw .invalidValue(
          key: key, source: .commandLine(option: key.option), reason: error.message)
      }
    }
  }

  /// The overrides that are set, in the order of ``SettingKey/allCases``.
  var values: [(SettingKey, String)] {
    SettingKey.allCases.compactMap { key in text[key].map { (key, $0) } }
  }

  /// The overrides set, by config file key, with the API key as `<redacted>`.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: values.map { key, text in
        (label: key.rawValue, value: key.isSecret ? "<redacted>" : text)
      },
      displayStyle: .struct)
  }
}
