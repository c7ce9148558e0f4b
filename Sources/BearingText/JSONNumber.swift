/// The one reader of JSON numbers (RFC 8259) in bytes, for the package's JSON reader,
/// ``JSONParser`` (places' documents and gpsd's reports).
///
/// The grammar is JSON's and nothing more: an optional minus, an integer part with no leading
/// zero, then optionally a fraction and an exponent, each with at least one digit (`.5`, `1.`,
/// `01`, `+1` and `1e` are not numbers). A number a `Double` cannot hold (`1e400`) is an error,
/// never infinity.
///
/// ```swift
/// let (value, end) = try JSONNumber.scan(bytes, at: 0)  // "-2.5e3," → (-2500, 6)
/// ```
package enum JSONNumber {
  /// The number starting at `start` and the offset just past it.
  ///
  /// Up to 19 significant digits and a power of ten within ±22 take an exact fast path (an
  /// integer scaled by a power of ten that a `Double` holds exactly rounds once, so it is
  /// correctly rounded without allocating); anything else goes through the standard library's
  /// correctly rounded parser.
  ///
  /// - throws: ``JSONSyntaxError`` naming what is not JSON, at its byte.
  package static func scan(_ bytes: UnsafeRawBufferPointer, at start: Int)
    throws(JSONSyntaxError) -> (value: Double, end: Int)
  {
    var position = start
    func byte() -> UInt8? { position < bytes.count ? bytes[position] : nil }
    func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }

    let negative = byte() == UInt8(ascii: "-")
    if negative { position += 1 }
    guard isDigit(byte()) else {
      throw JSONSyntaxError(offset: start, reason: "expected a value")
    }
    if byte() == UInt8(ascii: "0"), position + 1 < bytes.count, isDigit(bytes[position + 1]) {
      throw JSONSyntaxError(offset: start, reason: "a number has a leading zero")
    }
    var mantissa: UInt64 = 0
    var significant = 0
    var scale = 0
    var truncated = false
    func digit(_ value: UInt8, fraction: Bool) {
      if significant < 19 {
        mantissa = mantissa * 10 + UInt64(value - 0x30)
        if mantissa > 0 { significant += 1 }
        if fraction { scale -= 1 }
      } else {
        truncated = true
        if !fraction { scale += 1 }
      }
    }
    while let next = byte(), isDigit(next) {
      digit(next, fraction: false)
      position += 1
    }
    if byte() == UInt8(ascii: ".") {
      position += 1
      guard isDigit(byte()) else {
        throw JSONSyntaxError(offset: position, reason: "expected digits after \".\"")
      }
      while let next = byte(), isDigit(next) {
        digit(next, fraction: true)
        position += 1
      }
    }
    var exponent = 0
    if let next = byte(), next | 0x20 == UInt8(ascii: "e") {
      position += 1
      let sign = byte()
      let exponentNegative = sign == UInt8(ascii: "-")
      if sign == UInt8(ascii: "+") || exponentNegative { position += 1 }
      guard isDigit(byte()) else {
        throw JSONSyntaxError(offset: position, reason: "expected digits in an exponent")
      }
      while let next = byte(), isDigit(next) {
        if exponent < 10_000 { exponent = exponent * 10 + Int(next - 0x30) }
        position += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    let power = scale + exponent
    if !truncated, mantissa < 1 << 53, abs(power) <= 22 {
      let magnitude = Double(mantissa)
      let value = power < 0 ? magnitude / exactPowers[-power] : magnitude * exactPowers[power]
      return (negative ? -value : value, position)
    }
    let text = String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw JSONSyntaxError(offset: start, reason: "the number \(text) is out of range")
    }
    return (value, position)
  }

  /// Powers of ten that a `Double` holds exactly.
  private static let exactPowers: [Double] = (0...22).map {
    (0..<$0).reduce(1.0) { x, _ in x * 10 }
  }
}
