import Foundation
import Testing

@testable import BearingPlaces

@Suite("JSONParser")
struct JSONParserTests {
  func parse(_ text: String) throws(JSONParser.Failure) -> JSONValue {
    let outcome = Data(text.utf8).withUnsafeBytes { bytes in
      Result { () throws(JSONParser.Failure) in
        var parser = JSONParser(bytes)
        let value = try parser.value()
        try parser.finish()
        return value
      }
    }
    return try outcome.get()
  }

  @Test(
    "the same values as JSONDecoder",
    arguments: [
      #"{"a": [1, -2.5, 3e2, 0, -0.0, 1E-3], "b": {"c": null, "d": true, "e": false}}"#,
      #"  ["tab\there", "quote \" slash \/ back \\", "\u00e9\u20ac", "\ud83d\ude00", ""]  "#,
      #"{"nested": [[[[]]], {}], "name": "Kahvila Ö ☕"}"#,
      "123456789012345678",
    ])
  func sameAsJSONDecoder(text: String) throws {
    let expected = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    #expect(try parse(text) == expected)
  }

  @Test("a UTF-8 byte-order mark before the text is allowed")
  func byteOrderMark() throws {
    #expect(try parse("\u{FEFF}{\"bom\": 1}") == .object(["bom": .number(1)]))
  }

  @Test("a lone surrogate becomes U+FFFD, never a trap")
  func loneSurrogate() throws {
    #expect(try parse(#""a\ud800b""#) == .string("a\u{FFFD}b"))
  }

  @Test(
    "what is not JSON fails at its byte",
    arguments: [
      ("{not json", 1, "expected a member's name"),
      (#"{"a" 1}"#, 5, "expected \":\""),
      ("[1, 2", 5, "expected"),
      ("[01]", 1, "leading zero"),
      ("[1.]", 3, "digits after"),
      ("[1e400]", 1, "out of range"),
      (#"["abc"#, 1, "not closed"),
      ("\"a\u{01}\"", 2, "control character"),
      (#""\x""#, 1, "unknown escape"),
      (#""\u12g4""#, 3, "not hexadecimal"),
      ("[1] 2", 4, "after the JSON document"),
      ("tru", 0, "expected true"),
      ("", 0, "ends where a value should be"),
    ])
  func failures(text: String, offset: Int, reason: String) {
    #expect {
      try parse(text)
    } throws: { error in
      guard let failure = error as? JSONParser.Failure else { return false }
      return failure.offset == offset && failure.reason.contains(reason)
    }
  }

  @Test("deep nesting is refused, not a stack overflow")
  func deepNesting() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect {
      try parse(deep)
    } throws: { error in
      (error as? JSONParser.Failure)?.reason.contains("deeper than 512") == true
    }
    #expect(throws: Never.self) {
      try parse(String(repeating: "[", count: 500) + String(repeating: "]", count: 500))
    }
  }
}
