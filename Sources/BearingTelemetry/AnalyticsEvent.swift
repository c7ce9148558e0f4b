import BearingLocation
import Foundation

/// Something that happened, for analytics: a name and a few properties, already made safe.
///
/// The initializer is the only way in, and it sanitizes:
/// - a property whose key names a secret (`api_key`, `token`, …) gets the value `<redacted>`;
/// - string values go through ``SecretRedactor``;
/// - coordinates (``AnalyticsValue/coordinate(_:)``, and doubles under keys such as
///   `latitude`, `lat`, `lng`) are rounded to ``coordinatePrecision`` decimal places:
///   0.01° is at most about 1.1 km, enough to tell a neighbourhood, not a home.
///
/// ```swift
/// AnalyticsEvent("search", ["results": 12, "near": .coordinate(here)])
/// ```
public struct AnalyticsEvent: Hashable, Sendable, Codable {
  /// Decimal places kept of a coordinate's latitude and longitude.
  public static let coordinatePrecision = 2

  /// What happened, such as "search", with any secret in it redacted.
  public let name: String
  /// The event's properties, sanitized: secret keys' values redacted, strings scrubbed and
  /// coordinates rounded.
  public let properties: [String: AnalyticsValue]

  /// Creates an event, sanitizing `name` and `properties` as the type's overview describes.
  public init(_ name: String, _ properties: [String: AnalyticsValue] = [:]) {
    self.name = SecretRedactor.redact(name)
    var safe: [String: AnalyticsValue] = [:]
    for (key, value) in properties {
      safe[key] = Self.sanitized(value, key: key)
    }
    self.properties = safe
  }

  /// Decodes an event and sanitizes it again, so that a decoded event is as safe as a made one.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      try container.decode(String.self, forKey: .name),
      try container.decode([String: AnalyticsValue].self, forKey: .properties))
  }

  static func sanitized(_ value: AnalyticsValue, key: String) -> AnalyticsValue {
    if SecretRedactor.isSecretKey(key) { return .string(SecretRedactor.placeholder) }
    switch value {
    case .string(let string):
      return .string(SecretRedactor.redact(string))
    case .coordinate(let coordinate):
      return .coordinate(
        Coordinate(latitude: round(coordinate.latitude), longitude: round(coordinate.longitude)))
    case .double(let double) where coordinateKeys.contains(key.lowercased()):
      return .double(round(double))
    case .int, .double, .bool:
      return value
    }
  }

  static let coordinateKeys: Set<String> = ["latitude", "longitude", "lat", "lon", "lng", "long"]

  static func round(_ degrees: Double) -> Double {
    guard degrees.isFinite else { return degrees }
    let scale = pow(10, Double(coordinatePrecision))
    return (degrees * scale).rounded() / scale
  }
}
