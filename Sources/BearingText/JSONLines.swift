import Foundation

/// The one JSON encoder for output: compact objects, one per line, keys sorted, dates in
/// ISO 8601, and every scalar a terminal would act on escaped.
///
/// `JSONEncoder` escapes C0 controls but leaves DEL, C1 controls (such as U+009B, a one-byte
/// CSI) and bidirectional overrides raw; here they become `\uXXXX`, which decodes to the same
/// string, so `--json` output is safe to print even unparsed.
///
/// ```swift
/// print(try JSONLines.lines(favorites))   // one object per favourite
/// ```
public enum JSONLines {
  /// `value` as one line of JSON (no newline at the end).
  ///
  /// - Throws: `EncodingError` when `value` cannot be encoded (a non-finite number, say).
  public static func line(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return escapeUnsafeScalars(String(decoding: try encoder.encode(value), as: UTF8.self))
  }

  /// Each of `values` as a line of JSON, joined by newlines (no newline at the end).
  public static func lines<Value: Encodable>(_ values: some Sequence<Value>) throws -> String {
    // A loop, not `values.map(line)`: passing the generic `line` as a function value captures
    // the non-Sendable metatype `Value.Type` in the closure.
    var lines: [String] = []
    for value in values { lines.append(try line(value)) }
    return lines.joined(separator: "\n")
  }

  /// `json` with the scalars `JSONEncoder` leaves raw but a terminal would act on written as
  /// `\uXXXX` escapes: still the same JSON strings.
  public static func escapeUnsafeScalars(_ json: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
    for scalar in json.unicodeScalars {
      if TerminalText.isUnsafe(scalar) {
        // Outside strings JSON has no controls at all, so every one met is inside a string.
        result += "\\u" + hex4(scalar.value)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
