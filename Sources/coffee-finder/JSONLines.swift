import Foundation

/// Encodes values as JSON for command output: one compact object per line.
enum JSONLines {
  static func encode<Value: Encodable>(_ values: [Value]) throws -> String {
    try values.map(line).joined(separator: "\n")
  }

  static func line<Value: Encodable>(_ value: Value) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
