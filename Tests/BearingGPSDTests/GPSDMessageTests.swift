import BearingLocation
import BearingLocationTesting
import Foundation
import PropertyBased
import Testing

@testable import BearingGPSD

@Suite struct GPSDMessageTests {
  static let tpvLine = """
    {"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2026-11-22T12:00:01.250Z",\
    "ept":0.005,"lat":60.169916667,"lon":24.938400000,"altHAE":30.5000,"altMSL":12.5000,\
    "alt":12.5000,"epv":34.500,"track":45.0000,"magtrack":54.2246,"magvar":9.2,"speed":0.772,\
    "eps":1.5,"epd":3.25,"climb":0.000,"epc":69.00,"geoidSep":18.000,"eph":17.100,"sep":34.200}
    """

  @Test func parsesATPVReportAndMapsItToALocation() throws {
    guard case .tpv(let report) = try GPSDMessage(parsing: Self.tpvLine) else {
      Issue.record("not a TPV")
      return
    }
    #expect(report.device == "/dev/pts/1")
    #expect(report.mode == 3)
    let fix = try #require(try report.location())
    #expect(fix.coordinate == Coordinate(latitude: 60.169916667, longitude: 24.9384))
    #expect(fix.altitude == 12.5)
    #expect(fix.ellipsoidalAltitude == 30.5)
    #expect(fix.horizontalAccuracy == 17.1)
    #expect(fix.verticalAccuracy == 34.5)
    #expect(fix.course == 45)
    #expect(fix.courseAccuracy == 3.25)
    #expect(fix.speed == 0.772)
    #expect(fix.speedAccuracy == 1.5)
    #expect(fix.timestamp == Date(timeIntervalSince1970: 1_795_348_801.25))
  }

  @Test func agreesWithJSONDecoderOnTheSameLine() throws {
    guard case .tpv(let fast) = try GPSDMessage(parsing: Self.tpvLine) else {
      Issue.record("not a TPV")
      return
    }
    let reference = try JSONDecoder().decode(TPVReport.self, from: Data(Self.tpvLine.utf8))
    #expect(fast == reference)
  }

  @Test func numbersMatchTheStandardLibraryParser() async throws {
    await propertyCheck(input: Gen.double(in: -1e6...1e6), Gen.int(in: 0...12)) { value, digits in
      let text = String(format: "%.\(digits)f", value)
      let line = #"{"class":"TPV","mode":2,"lat":\#(text)}"#
      guard case .tpv(let report)? = try? GPSDMessage(parsing: line) else {
        Issue.record("rejected \(line)")
        return
      }
      #expect(report.lat == Double(text), "\(text)")
    }
    for text in ["1e3", "-2.5E-2", "12345678901234567890.5", "0.000000000000000000000001", "-0"] {
      let line = #"{"class":"TPV","mode":2,"lat":\#(text)}"#
      guard case .tpv(let report) = try GPSDMessage(parsing: line) else { continue }
      #expect(report.lat == Double(text), "\(text)")
    }
  }

  @Test func mapsNoFixModesToNoLocation() throws {
    guard case .tpv(let report) = try GPSDMessage(parsing: #"{"class":"TPV","mode":1}"#) else {
      Issue.record("not a TPV")
      return
    }
    #expect(try report.location() == nil)
    // A 2D fix has no valid altitude even if gpsd repeats an old one.
    let line = #"{"class":"TPV","mode":2,"lat":1,"lon":2,"altMSL":5,"epv":3}"#
    guard case .tpv(let twoD) = try GPSDMessage(parsing: line) else { return }
    #expect(try twoD.location()?.verticalAccuracy == -1)
  }

  @Test func parsesTheOtherClasses() throws {
    #expect(
      try GPSDMessage(
        parsing:
          #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#)
        == .version(release: "3.22", protocolMajor: 3, protocolMinor: 14))
    #expect(
      try GPSDMessage(
        parsing:
          #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/1","activated":"2026-11-22T02:21:23.084Z"},{"path":"/dev/ttyUSB0"}]}"#
      )
        == .devices(["/dev/pts/1", "/dev/ttyUSB0"]))
    #expect(
      try GPSDMessage(parsing: #"{"class":"DEVICE","path":"/dev/pts/1","activated":0}"#)
        == .device(path: "/dev/pts/1", activated: false))
    #expect(
      try GPSDMessage(
        parsing: #"{"class":"DEVICE","path":"/dev/pts/1","activated":"2026-11-22T02:21:23.328Z"}"#)
        == .device(path: "/dev/pts/1", activated: true))
    #expect(
      try GPSDMessage(
        parsing: #"{"class":"SKY","nSat":9,"uSat":7,"satellites":[{"PRN":1,"used":true}]}"#)
        == .sky(satellitesSeen: 9, satellitesUsed: 7))
    #expect(
      try GPSDMessage(parsing: #"{"class":"ERROR","message":"Unrecognized request \"?FOO\""}"#)
        == .error(message: #"Unrecognized request "?FOO""#))
    #expect(try GPSDMessage(parsing: #"{"class":"PPS","device":"x"}"#) == .other(className: "PPS"))
  }

  @Test(arguments: [
    "", "not json", "{", #"{"class":"TPV","mode":3,"lat":nan}"#, #"{"mode":3}"#,
    #"{"class":"TPV","mode":"3"}"#, #"{"class":"TPV","mode":3,"lat":1.0,}"#,
    #"{"class":"TPV","mode":3} trailing"#, #"{"class":"TPV","mode":9}"#,
    #"{"class":"TPV","mode":3,"time":"yesterday"}"#, #"{"class":"VERSION"}"#,
    #"{"class":"TPV","mode":3,"lat":1e}"#, #"{"class":"ERR\u00"}"#,
  ])
  func rejectsMalformedLinesWithAnError(line: String) {
    #expect(throws: GPSDParseError.self) { try GPSDMessage(parsing: line) }
  }

  @Test func rejectsLinesOverTheProtocolLimit() {
    let line = #"{"class":"TPV","mode":1,"pad":""# + String(repeating: "x", count: 10_300) + #""}"#
    #expect(throws: GPSDParseError.self) { try GPSDMessage(parsing: line) }
  }

  @Test func outOfRangeCoordinatesAreAnErrorNotAFix() throws {
    let line = #"{"class":"TPV","mode":2,"lat":91.5,"lon":0}"#
    guard case .tpv(let report) = try GPSDMessage(parsing: line) else { return }
    #expect(throws: CoordinateError.latitudeOutOfRange(91.5)) { try report.location() }
  }
}

@Suite struct GPSDSessionTests {
  /// The client's clock in these tests: a fixed date far from the logs' 2026-11-22.
  static let received = Date(timeIntervalSince1970: 1_900_000_000)
  static let greeting = #"{"class":"VERSION","release":"3.22","proto_major":3,"proto_minor":14}"#

  func events(_ lines: [String]) -> [LocationSource.Event] {
    fed(lines).events
  }

  /// A session (on the fixed clock) after `lines`, and the events they produced.
  func fed(_ lines: [String]) -> (session: GPSDSession, events: [LocationSource.Event]) {
    var session = GPSDSession(
      endpoint: GPSDEndpoint(), assumedHorizontalAccuracy: 50, logger: .init(label: "test"),
      now: { Self.received })
    let events = lines.flatMap { line in
      Array(line.utf8).withUnsafeBytes { session.events(for: $0) }
    }
    return (session, events)
  }

  static func fixes(_ events: [LocationSource.Event]) -> [Location] {
    events.compactMap { event -> Location? in
      if case .fix(let fix) = event { return fix }
      return nil
    }
  }

  @Test func aFixWithoutTimeIsDeliveredStampedWithItsTimeOfReceipt() throws {
    let result = events([
      Self.greeting,
      #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"lat":60.1699,"lon":24.9384,"altMSL":12.5,"eph":17.1,"epv":34.5}"#,
      #"{"class":"TPV","mode":3,"time":"2026-11-22T12:00:00.000Z","lat":60.17,"lon":24.94,"eph":9}"#,
    ])
    #expect(result.count == 3)
    #expect(result.first == .available)
    let fixes = Self.fixes(result)
    try #require(fixes.count == 2, "\(result)")
    #expect(fixes[0].coordinate == Coordinate(latitude: 60.1699, longitude: 24.9384))
    #expect(fixes[0].altitude == 12.5)
    #expect(fixes[0].horizontalAccuracy == 17.1)
    #expect(fixes[0].timestamp == Self.received)
    #expect(fixes[0].timestampSource == .receipt)
    #expect(fixes[1].timestamp == NMEALog.date(second: 0))
    #expect(fixes[1].timestampSource == .receiver)
  }

  @Test func aReportsOwnTimeIsTheReceiversAndReceivedAtIsMarkedAsReceipt() throws {
    guard
      case .tpv(let timeless) = try GPSDMessage(
        parsing: #"{"class":"TPV","mode":2,"lat":1,"lon":2}"#),
      case .tpv(let timed) = try GPSDMessage(parsing: GPSDMessageTests.tpvLine)
    else {
      Issue.record("not a TPV")
      return
    }
    let fix = try #require(try timeless.location(receivedAt: Self.received))
    #expect(fix.timestamp == Self.received)
    #expect(fix.timestampSource == .receipt)
    #expect(try timed.location(receivedAt: Self.received)?.timestampSource == .receiver)
  }

  @Test func aLaterReportOfAnEpochAtAnotherPositionIsDelivered() {
    let time = #""time":"2026-11-22T12:00:00.000Z""#
    let result = events([
      #"{"class":"TPV","mode":3,\#(time),"lat":1,"lon":2,"altMSL":3,"eph":9,"epv":4}"#,
      // gpsd's update of the epoch: 1.1 m north, no better estimate.
      #"{"class":"TPV","mode":3,\#(time),"lat":1.00001,"lon":2,"altMSL":3,"eph":9,"epv":4}"#,
      // The same position again, once as good and once worse: repeats.
      #"{"class":"TPV","mode":3,\#(time),"lat":1.00001,"lon":2,"altMSL":3,"eph":9,"epv":4}"#,
      #"{"class":"TPV","mode":2,\#(time),"lat":1.00001,"lon":2,"eph":9}"#,
      // 5 cm from it is the same position.
      #"{"class":"TPV","mode":3,\#(time),"lat":1.0000105,"lon":2,"altMSL":3,"eph":9,"epv":4}"#,
      // Another move, even with a worse estimate, is the latest word on the epoch.
      #"{"class":"TPV","mode":2,\#(time),"lat":1,"lon":2.00002}"#,
    ])
    #expect(
      Self.fixes(result).map(\.coordinate) == [
        Coordinate(latitude: 1, longitude: 2), Coordinate(latitude: 1.00001, longitude: 2),
        Coordinate(latitude: 1, longitude: 2.00002),
      ])
    #expect(result.count == 3)
  }

  @Test func versionsRelayedOrAfterTheGreetingLeaveTheSessionAlone() throws {
    let relayed = """
      {"class":"VERSION","release":"2.96","rev":"2.96","proto_major":2,"proto_minor":5,\
      "remote":"gpsd://10.0.0.2:2947"}
      """
    #expect(
      try GPSDMessage(parsing: relayed)
        == .version(
          release: "2.96", protocolMajor: 2, protocolMinor: 5, remote: "gpsd://10.0.0.2:2947"))
    let tpv = #"{"class":"TPV","mode":2,"time":"2026-11-22T12:00:00.000Z","lat":1,"lon":2}"#
    let after = fed([
      Self.greeting, relayed,
      #"{"class":"VERSION","release":"3.25","proto_major":3,"proto_minor":15}"#,
      #"{"class":"VERSION","release":"9.0","proto_major":4,"proto_minor":0}"#, tpv,
    ])
    #expect(after.events.count == 2, "\(after.events)")
    #expect(after.events.first == .available)
    #expect(Self.fixes(after.events).count == 1)
    #expect(!after.session.isIncompatible)
    #expect(after.session.versionAccepted)
    // A relayed VERSION ahead of the greeting is not the greeting either.
    let before = fed([relayed, Self.greeting, tpv])
    #expect(before.events.count == 2, "\(before.events)")
    #expect(before.events.first == .available)
    #expect(!before.session.isIncompatible)
  }

  @Test func badLinesNeverStopTheStream() throws {
    let good = #"{"class":"TPV","mode":2,"time":"2026-11-22T12:00:00.000Z","lat":1,"lon":2}"#
    let result = events([
      #"{"class":"VERSION","release":"3.22","proto_major":3,"proto_minor":14}"#,
      "garbage",
      #"{"class":"TPV","mode":2,"time":"2026-11-22T12:00:00.000Z","lat":91,"lon":2}"#,
      #"{"class":"NEW"}"#, good,
    ])
    #expect(result.count == 2)
    #expect(result.first == .available)
    guard case .fix(let fix) = result.last else {
      Issue.record("no fix in \(result)")
      return
    }
    #expect(fix.coordinate == Coordinate(latitude: 1, longitude: 2))
    #expect(fix.horizontalAccuracy == 50)
  }

  @Test func repeatedReportsOfAnEpochAreDeliveredOnlyWhenTheyImprove() {
    let time = #""time":"2026-11-22T12:00:00.000Z""#
    let next = #""time":"2026-11-22T12:00:01.000Z""#
    let result = events([
      #"{"class":"TPV","mode":2,\#(time),"lat":1,"lon":2}"#,
      #"{"class":"TPV","mode":3,\#(time),"lat":1,"lon":2,"altMSL":3,"eph":9}"#,
      #"{"class":"TPV","mode":3,\#(time),"lat":1,"lon":2,"altMSL":3,"eph":9,"epv":4}"#,
      #"{"class":"TPV","mode":3,\#(next),"lat":1,"lon":2,"altMSL":3,"eph":9,"epv":4}"#,
      #"{"class":"TPV","mode":3,\#(next),"lat":1,"lon":2,"altMSL":3,"eph":9,"epv":4}"#,
      #"{"class":"TPV","mode":1,\#(next)}"#,
    ])
    let accuracies = result.compactMap { event -> Double? in
      if case .fix(let fix) = event { return fix.horizontalAccuracy }
      return nil
    }
    // The 2D report, the 3D one, the one adding epv, and the next epoch once.
    #expect(accuracies == [50, 9, 9, 9])
    #expect(result.last == .noFix)
  }

  @Test func textFromGPSDIsEscapedBeforeItCanReachATerminal() {
    let result = events([#"{"class":"ERROR","message":"bad \u001b[31mred\u0007"}"#])
    #expect(result == [.failure(.sourceError(message: #"bad \u{1B}[31mred\u{7}"#))])
  }

  @Test func wrongProtocolVersionAndGoneDevicesAreReported() {
    #expect(
      events([#"{"class":"VERSION","release":"9","proto_major":4,"proto_minor":0}"#])
        == [.unavailable(.unsupportedProtocol(major: 4, minor: 0))])
    #expect(
      events([#"{"class":"DEVICE","path":"/dev/ttyUSB0","activated":0}"#])
        == [.failure(.deviceGone(path: "/dev/ttyUSB0"))])
  }

  @Test(arguments: [
    #"{"class":"VERSION","release":"3.25","proto_major":3,"proto_minor":1e300}"#,
    #"{"class":"VERSION","release":"3.25","proto_major":-1e19,"proto_minor":1}"#,
    #"{"class":"TPV","mode":1e300,"lat":60.1,"lon":24.9}"#,
    #"{"class":"SKY","nSat":1e20,"uSat":3}"#,
    #"{"class":"SKY","nSat":12,"uSat":-9.3e18}"#,
    #"{"class":"TPV","mode":2.5}"#,
  ])
  func aNumberThatIsNoIntIsAnErrorNotATrap(line: String) {
    #expect(throws: GPSDParseError.self) { try GPSDMessage(parsing: line) }
  }
}
