import BearingLocation
import BearingText
import Foundation

/// The app's settings after the config file, environment and command line were applied.
///
/// Its description lists every setting with the API key redacted, so it is safe to print or
/// log:
///
/// ```swift
/// let loaded = try SettingsLoader().load(overrides: SettingsOverrides(searchRadius: 500))
/// print(loaded.settings)
/// // search_radius = 500 m, result_limit = 10, units = metric, provider = auto,
/// // gpsd_address = 127.0.0.1:2947, foursquare_api_key = (not set),
/// // overpass_url = https://overpass-api.de/api/interpreter
/// ```
public struct AppSettings: Hashable, Sendable, CustomStringConvertible {
  /// Metres around the search centre, within ``DistanceSetting/searchRadius``.
  public var searchRadius: Double = 1000
  /// Results per search, within ``resultLimits``.
  public var resultLimit = 10
  /// The units distances are shown in: metric unless chosen otherwise.
  public var units = MeasurementSystem.metric
  /// Where searches look for places: `auto` unless chosen otherwise.
  public var provider = PlaceProvider.auto
  /// The gpsd daemon to read fixes from; 127.0.0.1:2947 by default.
  public var gpsdAddress = GPSDEndpoint()
  /// The key for Foursquare's Places API; `nil` when none is configured.
  public var foursquareAPIKey: FoursquareAPIKey?
  /// The Overpass API interpreter searched without a key (`--provider overpass`, or `auto`
  /// outside the offline data).
  public var overpassURL = OverpassEndpoint.publicInterpreter

  /// The results a search may ask for: 1 to 50 (Foursquare's limit), wherever a limit is given.
  public static let resultLimits = 1...50

  /// The settings used when nothing is configured: each field's default, written with it.
  public static let defaults = AppSettings()

  /// The defaults; a source changes a field through its ``Setting``.
  public init() {}

  /// Every setting as `key = value`, comma-separated, with the API key redacted.
  public var description: String {
    SettingKey.allCases.map { "\($0) = \(displayValue(of: $0))" }.joined(separator: ", ")
  }

  /// A setting's value as shown to people: the API key as `<redacted>` or `(not set)`.
  public func displayValue(of key: SettingKey) -> String {
    key.setting.display(self)
  }
}

extension Double {
  /// `500` rather than `500.0`; `12.5` stays; at most `digits` after the point.
  func formatted(maximumFractionDigits digits: Int) -> String {
    guard isFinite else { return String(self) }
    // Rounded to the digits asked (321.8688 km, not 321.86879999999996 km), then written as the
    // shortest text that reads back as that value; a value the rounding would lose (1e-20, or
    // beyond a Double's 15 significant digits) is written as it is.
    let scale = pow(10, Double(max(0, digits)))
    let rounded = (self * scale).rounded() / scale
    let value = digits >= 15 || !rounded.isFinite || (rounded == 0 && self != 0) ? self : rounded
    if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }

}
