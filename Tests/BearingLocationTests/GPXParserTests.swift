import BearingLocation
import BearingLocationTesting
import BearingProcessTesting
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

/// Found by the `gpx` fuzz target; GPX is read by `GPXDocumentReader` since.
@Suite(.offPool) struct GPXParserFuzzRegressionTests {
  /// A track that breaks off with a wrong end tag: Foundation's `XMLParser` leaked the document
  /// it had built (several kilobytes) on every such parse, so the fuzzer ran out of memory.
  static let brokenTrack =
    "<?xml version=\"1.0\"?><gpx><trk><trkseg>"
    + String(
      repeating: "<trkpt lat=\"60.17\" lon=\"24.94\"><ele>12</ele><time>2026-11-22T12:00:00Z"
        + "</time></trkpt>\n", count: 20)
    + "<trkpt lat=\"60.17\" lon=\"24.94\"><time>x</tr></trkpt></trkseg></trk></gpx>"

  @Test func aBrokenTrackIsAnErrorNamingTheLine() {
    #expect(
      throws: LocationError.invalidTrack(
        reason: "the GPX file is not well-formed XML at line 21: </tr> closes <time>")
    ) {
      try GPXParser().parse(Data(Self.brokenTrack.utf8))
    }
  }

  /// The fuzzer's reproducer (Fuzz/Corpus/gpx/leak-unclosed-elements), on which `XMLParser`
  /// leaked 6 kB a parse.
  static let leakReproducer = Data(
    base64Encoded:
      "PD94bWwgdmVyc2lvbj0uPSJVVEYtOCI/Pgo8Z3AaGhoaGhoaGhoaGhoaGhoaGhoaGhp4ICAgPHRya3B0IGxhdD0i"
      + "NjEuMTY5OSIgbG9uPSIyNC45Mzg0Ij48ZWxlPjEyLjM8L2VsZT48dGltZT4yc2U+PHNwZWVkPjEuNDwvc3BlZWQ+"
      + "PC90cmtwdD4yOjIxOjI0WnVyc2U+PHNwZWVkPjEuPjwvdHJrcHQ+CklTTy04dHJrcHQgbGF0PSI2MC4xNzAwIiBs"
      + "b249IjI0LjkzODYiPjx0aW1lPjx0cjYtMTEtMjJUMDI6MjE6MjRadXJzZT48c3BlZWQ+MS40PC9zcGVlZD48L3Ry"
      + "PSI2MS4xNjk5IiBsbz48dGltZW9kaW5nPSJVVEYtOCI/Pgo8Z3AaGhoaGhoaMzwvZWxlPjx0aW1lPjJzZT48c3Bl"
      + "ZWQ+MS40PC9zcGVlZD48L3Rya3B0PjI6MjE6MjRadXJzZT48c3BlZWQ+MS4+PC90cmtwdD4Kbj0iMjQuOTM4NiI+"
      + "PHRpbWU+PHRyNi0xMS0SMlQwMjoyMToyNFp1cnNlPjxzcGVlZD4xLjQ8L3NwZWVkPjwvdHI9IjYxLjE2OTkiIGxv"
      + "bj0iMjQuOTNsZT48dGltZT4yc2U+PHNwZWVkPjEuNDwvc3BlZWQ+PC90cmtwdD4yOjIxOjI0WnVyc2U+PHNwZWVk"
      + "PjEuPjwvdHJrcHQ+CklTTy04dHJrcHQgbGF0PSI2MC4xNzAwIiBsb249IjI0LjkzODYiPjx0aW1lPjx0cjYtMTEt"
      + "MjJUMDI6MjE6MjRadXJzZT48c3BlZWQ+MS40PC9zcGVlZGtwdCBsYXQ9IjYxLjE2OTk1IiBsd249IjIzODQiPjxl"
      + "bGU+MTIuMzwvZWxlPHNwZWVkPjEuPjwvdHJrcHQ+CiAgICA8dHJrcHQgbGF0PWU+PHNwZWVkPjEuPjJzZT48c3Bl"
      + "ZWQ+MS40PC9zcGVlZD48L3Rya3B0PjI6MjE6MjRadXJzZT48c3BlZWQ+MS4+PC90cmtwdD4KSVNPLTh0cmtwdCBs"
      + "YXQ9IjYwLjE3MDAiIGxvbj0iMjQuOTM4NiI+PHRpbWU+PHRyNi0xMS0yMlQwMjoyMToyNFp1cnNlPjxzcGVlZD4x"
      + "LjQ8L3NwZWVkPjwvdHJrcHQ+CiAgICA8dHJrcHQgbGF0PSI2MC4xNjk5NSIgbHduPSIyMzg0Ij48ZWxlPjE6LjM8"
      + "L2VsZTxzcGVlZDsxLj48L3Rya3B0PgogICAgPHRya3B0IGxhdD1lPjxzcGVlZD4xLjQ8L3NwZWVkPjwvdHJrcHR4"
      + "Pgo=")!

  /// Run in a process of its own, so other tests' memory does not count.
  @Test func readingBrokenTracksDoesNotLeak() async {
    await #expect(processExitsWith: .success) {
      func residentBytes() -> Int {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        return (statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 4096
      }
      let data = GPXParserFuzzRegressionTests.leakReproducer
      for _ in 0..<1_000 { _ = try? GPXParser().parse(data) }
      let before = residentBytes()
      for _ in 0..<10_000 { _ = try? GPXParser().parse(data) }
      // Leaking even 2 kB a parse would add 20 MB.
      if residentBytes() - before > 16 << 20 { exit(1) }
    }
  }

  @Test(arguments: [
    ("<!DOCTYPE gpx [<!ENTITY a \"b\">]><gpx/>", "line 1: a DOCTYPE with declarations"),
    ("<gpx><time>&nbsp;</time></gpx>", "line 1: unknown entity &nbsp;"),
    ("<gpx a=\"1\" a=\"2\"/>", "line 1: the attribute a is given twice"),
    ("<gpx/>\n<gpx/>", "line 2: a second root element"),
    ("<gpx>\u{1}</gpx>", "line 1: control character 0x1"),
    ("<gpx><trk>", "it ends inside <trk>"),
    ("", "there is no root element"),
  ])
  func malformedDocumentsAreErrorsNamingTheLine(text: String, reason: String) {
    do {
      _ = try GPXParser().parse(Data(text.utf8))
      Issue.record("accepted")
    } catch {
      #expect(error.description.contains(reason), "\(error.description)")
    }
  }

  @Test func readsWhatGPXFilesUse() throws {
    let gpx = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE gpx SYSTEM "gpx.dtd">
      <!-- recorded on a walk -->
      <gpx xmlns:ext='urn:x'><trk><trkseg>
        <trkpt lat="60&#46;17" lon='24.94'><time><![CDATA[2026-11-22T12:00:00Z]]></time>
          <ext:speed>9</ext:speed><speed>1&#x2E;5</speed><name>A &amp; B &lt;&gt;</name></trkpt>
      </trkseg></trk></gpx>
      """
    let track = try GPXParser().parse(Data(gpx.utf8))
    #expect(track.fixes.count == 1)
    #expect(track.fixes[0].coordinate == Coordinate(latitude: 60.17, longitude: 24.94))
    #expect(track.fixes[0].speed == 1.5)
  }
}
