import BearingLocation
import BearingLocationTesting
import Foundation
import Testing

@Suite struct GPXParserTests {
  static let document = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
      <wpt lat="60.1700" lon="24.9400"><time>2026-11-22T12:00:30Z</time><name>cafe</name></wpt>
      <trk><trkseg>
        <trkpt lat="60.1600" lon="24.9300"><ele>11.5</ele><time>2026-11-22T12:00:00Z</time></trkpt>
        <trkpt lat="60.1610" lon="24.9310"><time>2026-11-22T12:00:10.500Z</time></trkpt>
        <trkpt lat="60.1620" lon="24.9320"></trkpt>
        <trkpt lat="95" lon="24.9320"><time>2026-11-22T12:00:20Z</time></trkpt>
      </trkseg></trk>
    </gpx>
    """

  @Test func readsTimedPointsInTimeOrder() throws {
    let track = try GPXParser().parse(Data(Self.document.utf8))
    #expect(
      track.fixes.map(\.timestamp) == [
        NMEALog.date(second: 0), NMEALog.date(second: 0).addingTimeInterval(10.5),
        NMEALog.date(second: 30),
      ])
    #expect(track.fixes[0].altitude == 11.5)
    #expect(track.fixes[0].verticalAccuracy > 0)
    #expect(track.fixes[1].verticalAccuracy < 0)
    #expect(track.fixes[2].coordinate == Coordinate(latitude: 60.17, longitude: 24.94))
    #expect(track.issues.count == 2)
    #expect(track.issues.contains { $0.reason.contains("no valid <time>") })
    #expect(track.issues.contains { $0.reason.contains("latitude 95") })
  }

  @Test func malformedXMLIsAClearError() {
    do {
      _ = try GPXParser().parse(Data("<gpx><trk><trkpt lat=\"1\"".utf8))
      Issue.record("malformed XML accepted")
    } catch {
      #expect(error.description.contains("not well-formed"))
    }
  }

  static func bytes(_ parts: [String], inserting raw: [UInt8]) -> [UInt8] {
    Array(parts[0].utf8) + raw + Array(parts[1].utf8)
  }

  static let crashers: [([UInt8], String)] = [
    (bytes(["<?xml version=\"1.0\"?><gpx><x", "/></gpx>"], inserting: [0xFF, 0xFE]), "UTF-8"),
    (bytes(["<gpx a", "=\"1\"/>"], inserting: [0xC3]), "UTF-8"),
    (bytes(["<gpx><!-- ", " --></gpx>"], inserting: [0xE2, 0x82]), "UTF-8"),
    (Array("<?xml version=\"1.0\"?>\n<gpx><?x?></gpx>".utf8), "processing instruction at line 2"),
    (Array("<?x?><gpx/>".utf8), "processing instruction at line 1"),
    (Array("<gpx/>\n<?xml version=\"1.0\"?>".utf8), "processing instruction"),
  ]

  /// Bytes that crash Foundation's XMLParser on Linux (by SIGILL or SIGSEGV) never reach it.
  @Test(arguments: crashers)
  func bytesThatCrashXMLParserAreRefused(bytes: [UInt8], reason: String) {
    do {
      _ = try GPXParser().parse(Data(bytes))
      Issue.record("accepted")
    } catch {
      #expect(error.description.contains(reason), "\(error.description)")
    }
  }

  @Test func aDeclarationAfterAByteOrderMarkIsFine() throws {
    let gpx =
      [0xEF, 0xBB, 0xBF]
      + Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx><trk><trkseg><trkpt lat="60.17" lon="24.94"><time>2026-11-22T12:00:00Z</time>
        </trkpt></trkseg></trk></gpx>
        """.utf8)
    #expect(try GPXParser().parse(Data(gpx)).fixes.count == 1)
  }
}
