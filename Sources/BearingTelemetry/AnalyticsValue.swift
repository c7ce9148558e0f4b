import BearingLocation
import Foundation

/// A property value of an ``AnalyticsEvent``.
public enum AnalyticsValue: Hashable, Sendable, Codable {
  /// Text, encoded as a JSON string.
  case string(String)
  /// A whole number, encoded as a JSON number.
  case int(Int)
  /// A floating-point number, encoded as a JSON number.
  case double(Double)
  /// A flag, encoded as JSON `true` or `false`.
  case bool(Bool)
  /// A position. ``AnalyticsEvent`` rounds it to ``AnalyticsEvent/coordinatePrecision``
  /// decimal places before anything can see it.
  case coordinate(Coordinate)

  /// Decodes a bare JSON value, trying a Bool, an Int, a Double, a String, then a coordinate
  /// object, in that order.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let int = try? container.decode(Int.self) {
      self = .int(int)
    } else if let double = try? container.decode(Double.self) {
      self = .double(double)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else {
      self = .coordinate(try container.decode(Coordinate.self))
    }
  }

  /// Encodes the bare value (a coordinate as its `latitude`/`longitude` object), without a case
  /// name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .bool(let value): try container.encode(value)
    case .coordinate(let value): try container.encode(value)
    }
  }
}

extension AnalyticsValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
  /// A string literal is a `.string` value.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An integer literal is an `.int` value.
  public init(integerLiteral value: Int) { self = .int(value) }
  /// A floating-point literal is a `.double` value.
  public init(floatLiteral value: Double) { self = .double(value) }
  /// A Boolean literal is a `.bool` value.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}
