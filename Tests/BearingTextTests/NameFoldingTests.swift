import BearingText
import Foundation
import Testing

@Suite struct NameFoldingTests {
  @Test func caseAccentsAndWidthFoldAway() {
    #expect(NameFolding.fold("Café") == "cafe")
    #expect(NameFolding.fold("CAFÉ") == "cafe")
    #expect(NameFolding.fold("Cafe\u{301}") == "cafe")  // e and a combining accent
    #expect(NameFolding.fold("Straße") == "strasse")
    #expect(NameFolding.fold("ＣＯＦＦＥＥ") == "coffee")  // fullwidth Latin
    #expect(NameFolding.fold("Kahvila Sävy") == "kahvila savy")
    #expect(NameFolding.fold("珈琲館") == "珈琲館")
    #expect(NameFolding.same("CAFÉ EKBERG", "cafe ekberg"))
    #expect(!NameFolding.same("Café Ekberg", "Café Regatta"))
  }

  @Test func aSearchFoldsBothSides() {
    // A search folds the query once and each candidate, then looks for one in the other.
    let query = NameFolding.fold("Cafe")
    for name in ["Café Regatta", "CAFÉ REGATTA", "café regatta", "ｃａｆé"] {
      #expect(NameFolding.fold(name).contains(query), "\(name)")
    }
    #expect(NameFolding.fold("Kaffee Straße").contains(NameFolding.fold("STRASSE")))
    #expect(!NameFolding.fold("Kaffee").contains(query))
  }

  @Test func asciiFoldsAsFoundationFoldsIt() {
    // The fast path for ASCII text gives what Foundation's folding gives.
    let every = String(decoding: (0...127).map { UInt8($0) }, as: UTF8.self)
    let options: String.CompareOptions = [
      .caseInsensitive, .diacriticInsensitive, .widthInsensitive,
    ]
    #expect(NameFolding.fold(every) == every.folding(options: options, locale: nil))
    #expect(NameFolding.fold("") == "")
  }
}
