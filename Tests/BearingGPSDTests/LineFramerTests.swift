import Testing

@testable import BearingGPSD

@Suite struct LineFramerTests {
  @Test func joinsChunksAndSplitsOnNewlines() {
    var framer = LineFramer(limit: 100)
    #expect(framer.append(Array("{\"a\":".utf8)) == [])
    #expect(
      framer.append(Array("1}\r\n{\"b\":2}\n\n{\"c\"".utf8))
        == [.line(Array("{\"a\":1}".utf8)), .line(Array("{\"b\":2}".utf8))])
    #expect(framer.append(Array(":3}\n".utf8)) == [.line(Array("{\"c\":3}".utf8))])
  }

  @Test func dropsAnOverlongLineButKeepsTheNext() {
    var framer = LineFramer(limit: 8)
    let frames = framer.append(Array("0123456789ABC\nok\n".utf8))
    #expect(frames == [.overlong(byteCount: 13), .line(Array("ok".utf8))])
  }
}
