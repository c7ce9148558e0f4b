/// Why bytes are not the JSON they should be, at a byte offset.
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where in the bytes the problem is.
  package var offset: Int
  /// What is wrong, in a few words.
  package var reason: String

  package init(offset: Int, reason: String) {
    self.offset = offset
    self.reason = reason
  }

  package var description: String { "\(reason) at byte \(offset)" }
}

/// The one reader of JSON strings (RFC 8259) in bytes: where a string ends, and its text with
/// the escapes resolved, for the package's JSON reader, ``JSONParser``, and for whoever reads a
/// string it hands out as a range (gpsd's reports).
///
/// ```swift
/// let (contents, escaped) = try JSONString.scan(bytes, quote: 0)  // `"caf\u00e9"`
/// let text = try JSONString.text(bytes, contents, escaped: escaped)  // "café"
/// ```
package enum JSONString {
  /// The bytes between the quotes of the string whose opening quote is at `quote`, and whether
  /// they hold an escape; the string ends at `contents.upperBound` (its closing quote).
  ///
  /// - throws: ``JSONSyntaxError`` for a control character or a string that is not closed.
  package static func scan(_ bytes: UnsafeRawBufferPointer, quote: Int)
    throws(JSONSyntaxError) -> (contents: Range<Int>, escaped: Bool)
  {
    let start = quote + 1
    var position = start
    var escaped = false
    while true {
      guard position < bytes.count else {
        throw JSONSyntaxError(offset: quote, reason: "a string is not closed")
      }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") { return (start..<position, escaped) }
      if byte < 0x20 {
        throw JSONSyntaxError(offset: position, reason: "a control character in a string")
      }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        position += 1
      }
      position += 1
    }
  }

  /// The text of the string whose bytes between the quotes are `contents` (as ``scan(_:quote:)``
  /// finds them), escapes resolved when `escaped`. A surrogate pair is one scalar; a lone
  /// surrogate becomes U+FFFD, as invalid UTF-8 does.
  ///
  /// - throws: ``JSONSyntaxError`` for an escape JSON does not have or a bad `\u` escape.
  package static func text(
    _ bytes: UnsafeRawBufferPointer, _ contents: Range<Int>, escaped: Bool
  ) throws(JSONSyntaxError) -> String {
    let raw = UnsafeRawBufferPointer(rebasing: bytes[contents])
    guard escaped else { return String(decoding: raw, as: UTF8.self) }
    let offset = contents.lowerBound
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var i = 0
    func hex4(_ at: Int) throws(JSONSyntaxError) -> UInt32 {
      guard at + 4 <= raw.count else {
        throw JSONSyntaxError(offset: offset + at, reason: "a \\u escape is cut short")
      }
      var value: UInt32 = 0
      for byte in raw[at..<at + 4] {
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default:
          throw JSONSyntaxError(offset: offset + at, reason: "a \\u escape is not hexadecimal")
        }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    while i < raw.count {
      let byte = raw[i]
      guard byte == UInt8(ascii: "\\"), i + 1 < raw.count else {
        out.append(byte)
        i += 1
        continue
      }
      let kind = raw[i + 1]
      i += 2
      switch kind {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(kind)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try hex4(i)
        i += 4
        if (0xD800..<0xDC00).contains(scalar), i + 6 <= raw.count, raw[i] == UInt8(ascii: "\\"),
          raw[i + 1] == UInt8(ascii: "u")
        {
          let low = try hex4(i + 2)
          if (0xDC00..<0xE000).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            i += 6
          }
        }
        out.append(
          contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
      default:
        throw JSONSyntaxError(offset: offset + i - 2, reason: "an unknown escape in a string")
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
