import BearingText
import Testing

@Suite struct JSONStringTests {
  func read(_ json: String) throws(JSONSyntaxError) -> String {
    let bytes = Array(json.utf8)
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(JSONSyntaxError) -> String in
        let (contents, escaped) = try JSONString.scan(raw, quote: 0)
        #expect(contents.upperBound == raw.count - 1)
        return try JSONString.text(raw, contents, escaped: escaped)
      }
    }
    return try result.get()
  }

  @Test func escapesResolve() throws {
    #expect(try read(#""plain""#) == "plain")
    #expect(try read(#""a\"b\\c\/d\b\f\n\r\t""#) == "a\"b\\c/d\u{8}\u{C}\n\r\t")
    #expect(try read(#""caf\u00e9""#) == "café")
    #expect(try read(#""\ud83d\ude00""#) == "\u{1F600}")
    #expect(try read(#""\ud83d""#) == "\u{FFFD}")
  }

  @Test(arguments: [
    (#""\q""#, "unknown escape"), (#""\u12""#, "cut short"), (#""\u12G4""#, "hexadecimal"),
    (#""open"#, "not closed"), ("\"a\u{1}b\"", "control character"),
  ])
  func badStringsNameTheirFault(json: String, reason: String) {
    #expect(throws: JSONSyntaxError.self) { try read(json) }
    do {
      _ = try read(json)
    } catch {
      #expect(error.reason.contains(reason), "\(error)")
    }
  }
}
