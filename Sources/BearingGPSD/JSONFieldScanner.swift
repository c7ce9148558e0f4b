import BearingText
import Foundation

/// A one-pass reader of the top-level fields of one flat JSON object, as gpsd sends them.
///
/// It decodes numbers, strings, booleans and null, skips nested objects and arrays (checking
/// their brackets), and never allocates for a number. It exists because TPV reports arrive
/// several times a second and `JSONDecoder` spends most of its time building containers that a
/// flat report does not need.
struct JSONFieldScanner {
  /// One field's value. Strings are byte ranges into the line, decoded on demand.
  enum Value {
    case number(Double)
    case string(Range<Int>, escaped: Bool)
    case bool(Bool)
    case null
    case nested(Range<Int>)
  }

  /// Why a line is not a JSON object.
  typealias Failure = JSONSyntaxError

  let bytes: UnsafeRawBufferPointer
  private var index = 0

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// Calls `body` with each top-level key (as raw bytes) and value, in order.
  mutating func forEachField(
    _ body: (UnsafeRawBufferPointer, Value) throws(Failure) -> Void
  ) throws(Failure) {
    skipSpace()
    try expect(UInt8(ascii: "{"))
    skipSpace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      return try expectEnd()
    }
    while true {
      skipSpace()
      let (keyRange, _) = try scanString()
      skipSpace()
      try expect(UInt8(ascii: ":"))
      skipSpace()
      let value = try scanValue()
      try body(UnsafeRawBufferPointer(rebasing: bytes[keyRange]), value)
      skipSpace()
      guard let next = peek() else { throw failure("unterminated object") }
      index += 1
      if next == UInt8(ascii: ",") { continue }
      if next == UInt8(ascii: "}") { return try expectEnd() }
      throw failure("expected , or }")
    }
  }

  /// The text of a string value, with JSON escapes resolved (``JSONString``, the package's one
  /// reader of JSON strings).
  static func string(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>, escaped: Bool)
    throws(Failure) -> String
  {
    try JSONString.text(bytes, range, escaped: escaped)
  }

  // MARK: Scanning

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private func failure(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func expect(_ byte: UInt8) throws(Failure) {
    guard peek() == byte else {
      throw failure("expected \(Character(Unicode.Scalar(byte)))")
    }
    index += 1
  }

  private mutating func expectEnd() throws(Failure) {
    skipSpace()
    guard index == bytes.count else { throw failure("text after the object") }
  }

  private mutating func scanString() throws(Failure) -> (Range<Int>, escaped: Bool) {
    guard peek() == UInt8(ascii: "\"") else { throw failure("expected \"") }
    let (contents, escaped) = try JSONString.scan(bytes, quote: index)
    index = contents.upperBound + 1
    return (contents, escaped)
  }

  private mutating func scanValue() throws(Failure) -> Value {
    guard let byte = peek() else { throw failure("missing value") }
    switch byte {
    case UInt8(ascii: "\""):
      let (range, escaped) = try scanString()
      return .string(range, escaped: escaped)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      return .nested(try skipNested())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    default:
      return .number(try scanNumber())
    }
  }

  private mutating func literal(_ word: StaticString) throws(Failure) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw failure("truncated literal") }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw failure("unknown literal")
    }
    index += count
  }

  private mutating func skipNested() throws(Failure) -> Range<Int> {
    let start = index
    var depth = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        index += 1
        if depth == 0 { return start..<index }
      case UInt8(ascii: "\""):
        _ = try scanString()
      default:
        index += 1
      }
    }
    throw failure("unterminated nested value")
  }

  /// A number, read by ``JSONNumber`` (the package's one number grammar): no allocation on
  /// its fast path.
  private mutating func scanNumber() throws(Failure) -> Double {
    let (value, end) = try JSONNumber.scan(bytes, at: index)
    index = end
    return value
  }
}
