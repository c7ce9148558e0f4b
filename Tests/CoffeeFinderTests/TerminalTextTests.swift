import CoffeeFinder
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

  @Test func distances() {
    #expect(DistanceText.format(84.6) == "85 m")
    #expect(DistanceText.format(999.4) == "999 m")
    #expect(DistanceText.format(1_234) == "1.2 km")
    #expect(DistanceText.format(.nan) == "?")
    #expect(DistanceText.format(nil) == "?")
  }
}
