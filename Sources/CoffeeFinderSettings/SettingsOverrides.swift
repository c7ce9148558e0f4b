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
public struct SettingsOverrides: Hashable, Sendable {
  public var searchRadius: Double?
  public var resultLimit: Int?
  public var units: MeasurementSystem?
  public var provider: PlaceProvider?
  /// `host`, `host:port` or `[v6]:port`, as typed.
  public var gpsdAddress: String?
  public var foursquareAPIKey: FoursquareAPIKey?
  /// An http(s) URL, as typed.
  public var overpassURL: String?

  public init(
    searchRadius: Double? = nil,
    resultLimit: Int? = nil,
    units: MeasurementSystem? = nil,
    provider: PlaceProvider? = nil,
    gpsdAddress: String? = nil,
    foursquareAPIKey: FoursquareAPIKey? = nil,
    overpassURL: String? = nil
  ) {
    self.searchRadius = searchRadius
    self.resultLimit = resultLimit
    self.units = units
    self.provider = provider
    self.gpsdAddress = gpsdAddress
    self.foursquareAPIKey = foursquareAPIKey
    self.overpassURL = overpassURL
  }

  /// Throws the first override that is not a valid value, as loading would: for a command
  /// line to refuse as bad usage before anything runs.
  public func validate() throws(SettingsError) {
    var scratch = AppSettings.defaults
    for (key, text) in values {
      do {
        try SettingParser.apply(key, text: text, to: &scratch)
      } catch {
        throw .invalidValue(
          key: key, source: .commandLine(option: key.option), reason: error.message)
      }
    }
  }

  /// The overrides that are set, as text in the form the config file and environment use.
  var values: [(SettingKey, String)] {
    var values: [(SettingKey, String)] = []
    if let searchRadius { values.append((.searchRadius, String(searchRadius))) }
    if let resultLimit { values.append((.resultLimit, String(resultLimit))) }
    if let units { values.append((.units, units.rawValue)) }
    if let provider { values.append((.provider, provider.rawValue)) }
    if let gpsdAddress { values.append((.gpsdAddress, gpsdAddress)) }
    if let foursquareAPIKey { values.append((.foursquareAPIKey, foursquareAPIKey.secret)) }
    if let overpassURL { values.append((.overpassURL, overpassURL)) }
    return values
  }
}
