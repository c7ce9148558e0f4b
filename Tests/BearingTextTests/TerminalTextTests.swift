import BearingText
import Foundation
import Testing

@Suite struct TerminalTextTests {
  @Test func controlAndBidiCharactersBecomeVisibleEscapes() {
    #expect(TerminalText.escape("Caf\u{1B}[31mé\n") == "Caf\\u{1B}[31mé\\u{A}")
    #expect(TerminalText.escape("a\u{9B}b\u{202E}c\u{7F}") == "a\\u{9B}b\\u{202E}c\\u{7F}")
    #expect(TerminalText.escape("Kahvila Sävy ☕") == "Kahvila Sävy ☕")
  }

  @Test func fitTruncatesWithAnEllipsisAndPads() {
    #expect(TerminalText.fit("Café Ekberg", width: 6) == "Café …")
    #expect(TerminalText.fit("Ekberg", width: 8) == "Ekberg  ")
    #expect(TerminalText.fit("x", width: 0) == "")
    #expect(TerminalText.truncate("\u{1B}", width: 3) == "\\u…")
  }

  @Test func wideCharactersTakeTwoColumns() {
    #expect(TerminalText.columns(of: "Café") == 4)
    #expect(TerminalText.columns(of: "Cafe\u{301}") == 4)  // e and a combining accent
    #expect(TerminalText.columns(of: "珈琲館") == 6)
    #expect(TerminalText.columns(of: "카페") == 4)
    #expect(TerminalText.columns(of: "☕ bar") == 6)
    #expect(TerminalText.columns(of: "ｃａｆｅ") == 8)  // fullwidth Latin
    // Cut and padded by columns, so a table of mixed names stays aligned.
    #expect(TerminalText.fit("珈琲館 本店", width: 6) == "珈琲… ")
    #expect(TerminalText.fit("珈琲館", width: 8) == "珈琲館  ")
    #expect(TerminalText.fit("珈琲館", width: 5) == "珈琲…")
    #expect(TerminalText.truncate("珈琲館", width: 1) == "…")
    for width in 1...12 {
      #expect(TerminalText.columns(of: TerminalText.fit("星巴克 ☕ Café 咖啡", width: width)) == width)
    }
  }
}

@Suite struct JSONLinesTests {
  struct Named: Codable, Equatable {
    var name: String
  }

  @Test func controlsBidiAndDELAreEscapedAndDecodeToTheSameString() throws {
    let hostile = Named(name: "Caf\u{1B}[2J\u{9B}31m\u{202E}é\u{7F}\u{2028}x")
    let line = try JSONLines.line(hostile)
    #expect(!line.unicodeScalars.contains { TerminalText.isUnsafe($0) })
    #expect(line.contains("\\u009B") && line.contains("\\u202E") && line.contains("\\u007F"))
    let decoded = try JSONDecoder().decode(Named.self, from: Data(line.utf8))
    #expect(decoded == hostile)
  }

  @Test func linesAreOnePerValue() throws {
    let text = try JSONLines.lines([Named(name: "a"), Named(name: "b\nc")])
    #expect(text == #"{"name":"a"}"# + "\n" + #"{"name":"b\nc"}"#)
  }

  @Test func escapeKeepsALimitAndLineJoinsLines() {
    #expect(TerminalText.escape("abcdef", limit: 3) == "abc…")
    #expect(TerminalText.escape("abc", limit: 3) == "abc")
    #expect(TerminalText.line("one\ntwo\r\nthree\u{1B}") == "one two three\\u{1B}")
  }
}
