import BearingText
import Foundation
import Testing

@Suite struct JSONNumberTests {
  /// The number at the start of `json` and where it ends.
  func read(_ json: String) throws(JSONSyntaxError) -> (value: Double, end: Int) {
    let bytes = Array(json.utf8)
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(JSONSyntaxError) -> (value: Double, end: Int) in
        try JSONNumber.scan(raw, at: 0)
      }
    }
    return try result.get()
  }

  @Test(arguments: [
    ("0", 0.0, 1), ("-0", -0.0, 2), ("12,", 12, 2), ("-2.5e3]", -2500, 6), ("1E+2", 100, 4),
    ("0.125", 0.125, 5), ("60.1699}", 60.1699, 7),
    ("12345678901234567890.5", 12345678901234567890.5, 22),
    ("0.000000000000000000000001", 1e-24, 26), ("5e-324", Double.leastNonzeroMagnitude, 6),
  ])
  func numbersAndWhereTheyEnd(json: String, value: Double, end: Int) throws {
    let read = try read(json)
    #expect(read.value == value && read.value.sign == value.sign)
    #expect(read.end == end)
  }

  // What JSON does not call a number, including what one of the two readers used to take
  // (gpsd's scanner read ".5" and "1." and "01" before the two shared this grammar).
  @Test(arguments: [
    (".5", 0, "expected a value"), ("+1", 0, "expected a value"), ("-", 0, "expected a value"),
    ("01", 0, "leading zero"), ("-01", 0, "leading zero"), ("1.", 2, "digits after"),
    ("1.e5", 2, "digits after"), ("1e", 2, "exponent"), ("1e+", 3, "exponent"),
    ("1e400", 0, "out of range"), ("-1e400", 0, "out of range"),
  ])
  func whatIsNotANumberNamesItsFault(json: String, offset: Int, reason: String) {
    #expect {
      try read(json)
    } throws: { error in
      guard let error = error as? JSONSyntaxError else { return false }
      return error.offset == offset && error.reason.contains(reason)
    }
  }

  // The fast path rounds as the standard library's correctly rounded parser does.
  @Test func readsAsTheStandardLibraryDoes() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let digits = Int.random(in: 0...17, using: &generator)
      let exponent = Int.random(in: -30...30, using: &generator)
      let mantissa = Double.random(in: -1e6...1e6, using: &generator)
      let text = String(format: "%.\(digits)fe%d", mantissa, exponent)
      let read = try read(text)
      #expect(read.value == Double(text), "\(text)")
      #expect(read.end == text.utf8.count, "\(text)")
    }
  }
}
