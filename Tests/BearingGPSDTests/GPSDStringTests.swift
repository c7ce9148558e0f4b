import Testing

@testable import BearingGPSD

/// gpsd's strings are read by the package's one JSON string reader (`JSONString`): a surrogate
/// pair is one scalar, and an escape JSON does not have makes the line bad.
@Suite struct GPSDStringTests {
  @Test func aSurrogatePairIsOneScalar() throws {
    #expect(
      try GPSDMessage(parsing: #"{"class":"ERROR","message":"gps \ud83d\udef0 lost"}"#)
        == .error(message: "gps \u{1F6F0} lost"))
  }

  @Test func aLoneSurrogateIsTheReplacementCharacter() throws {
    #expect(
      try GPSDMessage(parsing: #"{"class":"ERROR","message":"a\ud83db"}"#)
        == .error(message: "a\u{FFFD}b"))
  }

  @Test(arguments: [
    #"{"class":"ERROR","message":"bad \q escape"}"#,
    #"{"class":"ERROR","message":"bad \x41 escape"}"#,
    #"{"class":"ERROR","message":"bad \u12G4 escape"}"#,
  ])
  func anUnknownEscapeIsAnError(line: String) {
    #expect(throws: GPSDParseError.self) { try GPSDMessage(parsing: line) }
  }
}
