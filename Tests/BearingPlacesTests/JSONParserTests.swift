import BearingProcessTesting
import BearingText
import Foundation
import Testing

@testable import BearingPlaces

@Suite("JSONParser", .offPool)
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

  /// The values at the ranges `elementRanges()` finds in `text`, and what follows the array.
  func elements(_ text: String) throws -> (values: [JSONValue], rest: String)? {
    try Data(text.utf8).withUnsafeBytes { bytes in
      var parser = JSONParser(bytes)
      guard let ranges = parser.elementRanges() else { return nil }
      let values = try ranges.map { range in
        var element = JSONParser(UnsafeRawBufferPointer(rebasing: bytes[range]), document: false)
        let value = try element.value()
        try element.finish()
        return value
      }
      let rest = String(decoding: bytes[parser.position...], as: UTF8.self)
      return (values, rest)
    }
  }

  @Test("an array's elements are found by the quick scan, past strings that look like syntax")
  func elementRangesOfAnArray() throws {
    let text = #" [ {"a": "x, ]}"}, [1, [2]], "q\",\"" , 3 ] ,tail"#
    let found = try #require(try elements(text))
    let array = #"[{"a": "x, ]}"}, [1, [2]], "q\",\"", 3]"#
    #expect(found.values == (try parse(array)).array)
    #expect(found.rest == " ,tail")
    #expect(try elements("[]")?.values == [])
    #expect(try elements(" [ \n ] ")?.values == [])
  }

  @Test(
    "the quick scan gives up where the array has no end, or ends with the wrong bracket",
    arguments: ["[1}", #"["abc"#, "[[1]", "{}", #"["\"]"#])
  func elementRangesWithoutAnEnd(text: String) throws {
    #expect(try elements(text) == nil)
  }

  @Test("an empty element is a candidate that does not parse: `[1, ]` and `[,]` are not JSON")
  func emptyElementsDoNotParse() throws {
    #expect(throws: JSONParser.Failure.self) { try elements("[1, ]") }
    #expect(throws: JSONParser.Failure.self) { try elements("[,]") }
  }

  @Test("a byte-order mark opens a document, never a slice of one")
  func byteOrderMarkOnlyAtTheStart() throws {
    #expect(throws: JSONParser.Failure.self) { try elements("[1, \u{FEFF}2]") }
  }
}
