import BearingLocation
import BearingLocationTesting
import Foundation
import Testing

@Suite struct NMEAParserTests {
  @Test func mergesRMCAndGGAIntoOneFixPerEpoch() throws {
    let lines =
      NMEALog.epoch(second: 0, latitude: 60.1699, longitude: 24.9384)
      + NMEALog.epoch(second: 1, latitude: 60.1701, longitude: -24.9390, altitude: 20, hdop: 2)
    let track = try NMEAParser().parse(lines.joined(separator: "\r\n"))
    #expect(track.issues.isEmpty)
    #expect(track.fixes.count == 2)
    let first = try #require(track.fixes.first)
    #expect(abs(first.coordinate.latitude - 60.1699) < 1e-6)
    #expect(abs(first.coordinate.longitude - 24.9384) < 1e-6)
    #expect(first.timestamp == NMEALog.date(second: 0))
    #expect(first.altitude == 12.5)
    #expect(first.ellipsoidalAltitude == 30.5)
    #expect(abs(first.horizontalAccuracy - 4.5) < 1e-9)
    #expect(abs(first.speed - 1.5 * 1852 / 3600) < 1e-9)
    #expect(first.course == 45)
    let second = track.fixes[1]
    #expect(abs(second.coordinate.longitude + 24.9390) < 1e-6)
    #expect(second.altitude == 20)
    #expect(second.horizontalAccuracy == 10)
  }

  @Test func sameSecondSentencesAtDifferentPositionsAreTwoFixesAsGpsdSendsThem() throws {
    // The RMC of each second at one position, its GGA about 33 m north (gpsd's bundg_zeus_9).
    let rmcs = [0, 1].map { NMEALog.epoch(second: $0, latitude: 60.1699, longitude: 24.9384)[0] }
    let ggas = [0, 1].map { NMEALog.epoch(second: $0, latitude: 60.1702, longitude: 24.9384)[1] }
    let track = try NMEAParser().parse(
      [rmcs[0], ggas[0], rmcs[1], ggas[1]].joined(separator: "\n"))
    #expect(track.issues.isEmpty)
    #expect(
      track.fixes.map(\.timestamp) == [0, 0, 1, 1].map { NMEALog.date(second: $0) })
    #expect(
      track.fixes.map { ($0.coordinate.latitude * 10_000).rounded() }
        == [601_699, 601_702, 601_699, 601_702])
    // The second report of a second keeps what the first said and it does not (speed, course).
    #expect(track.fixes[1].course == 45)
    #expect(track.fixes[1].altitude == 12.5)
    #expect(track.fixes[0].verticalAccuracy < 0)
  }

  @Test func rejectsBadChecksumsAndReportsTheLine() throws {
    var lines = NMEALog.epoch(second: 0, latitude: 60, longitude: 25)
    let good = NMEALog.epoch(second: 1, latitude: 60.001, longitude: 25)
    // Corrupt one digit of the position but keep the old checksum.
    lines[0] = lines[0].replacingOccurrences(of: "6000.0000", with: "6100.0000")
    let track = try NMEAParser().parse((lines + good).joined(separator: "\n"))
    #expect(track.issues.count == 1)
    #expect(track.issues.first?.line == 1)
    #expect(track.issues.first?.reason.contains("checksum") == true)
    // The GGA of epoch 0 still gives a fix there, with the date of the RMC that follows.
    #expect(track.fixes.map(\.timestamp) == [NMEALog.date(second: 0), NMEALog.date(second: 1)])
    #expect(abs(track.fixes[0].coordinate.latitude - 60) < 1e-9)
  }

  @Test func skipsNoFixEpochsAndGarbage() throws {
    let lines =
      NMEALog.epoch(second: 0, latitude: 60, longitude: 25, fix: false)
      + ["garbage", NMEALog.sentence("GPGSA,A,3,01,02,,,,,,,,,,,1.8,0.9,1.5")]
      + NMEALog.epoch(second: 1, latitude: 60, longitude: 25)
    let track = try NMEAParser().parse(lines.joined(separator: "\n"))
    #expect(track.fixes.count == 1)
    #expect(track.fixes[0].timestamp == NMEALog.date(second: 1))
    let reasons = track.issues.map(\.reason).joined(separator: "; ")
    #expect(reasons.contains("status V"))
    #expect(reasons.contains("quality 0"))
    #expect(reasons.contains("does not start with $"))
  }

  @Test func rejectsOutOfRangeCoordinates() throws {
    let bad = NMEALog.sentence("GPRMC,120000.00,A,9500.0000,N,02500.0000,E,0,0,221126,,,A")
    let good = NMEALog.epoch(second: 1, latitude: 60, longitude: 25)
    let track = try NMEAParser().parse(([bad] + good).joined(separator: "\n"))
    #expect(track.fixes.count == 1)
    #expect(track.issues.first?.reason.contains("latitude 95.0") == true)
  }

  @Test func aLogWithoutFixesIsAnError() {
    #expect(throws: LocationError.self) { try NMEAParser().parse("hello\nworld") }
    do {
      _ = try NMEAParser().parse(
        NMEALog.epoch(second: 0, latitude: 1, longitude: 1, fix: false)
          .joined(separator: "\n"))
    } catch {
      #expect(error.description.contains("no fix (2 of 3 sentences skipped: 2 reported no fix)"))
    }
  }

  static func s(_ body: String) -> String { NMEALog.sentence(body) }

  /// A receiver that sends no RMC: GNS and GLL positions, the date from ZDA, any talker.
  @Test func gnsGllAndZdaWithoutRMC() throws {
    let log = [
      "# recorded by a receiver that sends no RMC",
      "",
      Self.s("GNZDA,120000.00,22,11,2026,00,00"),
      Self.s("GNGNS,120000.00,6010.0000,N,02456.0000,E,AAN,12,0.8,20.0,18.0,,,V"),
      Self.s("PUBX,00,120000.00,6010.0000,N,02456.0000,E"),
      "$" + Self.s("BDGLL,6010.0100,N,02456.0000,E,120001.00,A,A"),
      Self.s("GAGLL,6010.0200,N,02456.0000,E,120002.00,V,N"),
    ].joined(separator: "\n")
    let track = try NMEAParser().parse(log)
    #expect(track.fixes.count == 2)
    #expect(track.fixes[0].timestamp == Date(timeIntervalSince1970: 1_795_305_600 + 43_200))
    #expect(abs(track.fixes[0].coordinate.latitude - (60 + 10 / 60.0)) < 1e-9)
    #expect(track.fixes[0].altitude == 20)
    #expect(track.fixes[1].timestamp == track.fixes[0].timestamp.addingTimeInterval(1))
    // The comment, the blank line and the proprietary sentence are not problems.
    #expect(track.issues.map(\.reason) == ["GLL reports no fix (status V)"])
    #expect(track.issueSummary == "1 of 5 sentences skipped: 1 reported no fix")
  }

  @Test func aGGAOnlyLogNeedsADateAndSaysWhere() throws {
    let log = [
      "# no RMC, no ZDA",
      Self.s("GPGGA,120000.00,6010.0000,N,02456.0000,E,1,08,0.9,20.0,M,18.0,M,,"),
    ].joined(separator: "\n")
    do {
      _ = try NMEAParser().parse(log)
      Issue.record("accepted without a date")
    } catch {
      #expect(
        error.description.contains(
          "no sentence with a date (RMC or ZDA): add ZDA or pass --replay-date"))
    }
    let start = Date(timeIntervalSince1970: 1_795_305_600 + 3_600)  // 2026-11-22, 01:00
    let track = try NMEAParser(startDate: start).parse(log)
    #expect(track.fixes.map(\.timestamp) == [Date(timeIntervalSince1970: 1_795_305_600 + 43_200)])
  }

  @Test func simulatedFixesAreNotFixes() throws {
    let log = [
      Self.s("GPGGA,120000.00,6010.0000,N,02456.0000,E,8,08,0.9,20.0,M,18.0,M,,"),
      Self.s("GPRMC,120001.00,A,6010.0000,N,02456.0000,E,0.0,0.0,221126,,,S"),
      Self.s("GNGNS,120002.00,6010.0000,N,02456.0000,E,SS,12,0.8,20.0,18.0,,,V"),
      Self.s("GPRMC,120003.00,A,6010.0000,N,02456.0000,E,0.0,0.0,221126,,,A"),
      "$GPRMC,120004.00,A,6010.0000,N,02456.0000,E,0.0,0.0,221126,,,A*00",
    ].joined(separator: "\n")
    let track = try NMEAParser().parse(log)
    #expect(track.fixes.count == 1)
    #expect(
      track.issueSummary
        == "4 of 5 sentences skipped: 3 reported a simulated fix, 1 had bad checksums")
  }
}
