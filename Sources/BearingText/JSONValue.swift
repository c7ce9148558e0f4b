/// Any JSON value: the package's one JSON value type, for documents whose shape varies
/// (GeoJSON properties, the app's config file) and for objects built to be written (a `watch`
/// line).
///
/// ```swift
/// let line = try JSONLines.line(["type": JSONValue.string("fix"), "latitude": .number(60.17)])
/// ```
package enum JSONValue: Hashable, Sendable, Codable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  package subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { object[key] } else { nil }
  }

  package var string: String? { if case .string(let value) = self { value } else { nil } }
  package var number: Double? { if case .number(let value) = self { value } else { nil } }
  package var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
  package var object: [String: JSONValue]? {
    if case .object(let value) = self { value } else { nil }
  }

  /// A short name of the value's kind, for error messages.
  package var kind: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
