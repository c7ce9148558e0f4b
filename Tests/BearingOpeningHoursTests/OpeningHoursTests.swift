import BearingOpeningHours
import Foundation
import Testing

/// Examples from the OSM wiki's `Key:opening_hours/specification`, each answer checked
/// against the reference evaluator (the Rust crate `opening-hours`). 2026-11-30 is a Monday.
@Suite struct OpeningHoursTests {
  static let helsinki = TimeZone(identifier: "Europe/Helsinki")!
  static let context = OpeningHoursContext(timeZone: helsinki, holidays: .none)

  /// `2026-12-01 10:30` in the place's wall-clock.
  static func at(_ text: String) -> LocalDateTime {
    let parts = text.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
    return LocalDateTime(
      year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])!
  }

  /// The states at each time, one letter a time: o(pen), c(losed), u(nknown).
  static func states(
    _ value: String, _ times: [String], in context: OpeningHoursContext = Self.context
  ) throws -> String {
    let hours = try OpeningHours(value)
    return times.map { time in
      switch hours.state(at: at(time), in: context) {
      case .open: "o"
      case .closed: "c"
      case .unknown: "u"
      }
    }.joined()
  }

  @Test func weekdayRangesAndTimes() throws {
    let value = "Mo-Fr 08:00-20:00; Sa 09:00-18:00"
    #expect(
      try Self.states(
        value,
        [
          "2026-12-01 07:59", "2026-12-01 08:00", "2026-12-01 19:59", "2026-12-01 20:00",
          "2026-12-05 10:00", "2026-12-05 18:00", "2026-12-06 10:00",
        ]) == "coococc")
  }

  @Test func weekdayListsAndWrappingRanges() throws {
    #expect(
      try Self.states(
        "Mo,We 10:00-12:00", ["2026-11-30 11:00", "2026-12-01 11:00", "2026-12-02 11:00"])
        == "oco")
    // Th-Tu runs through the weekend: Wednesday is the only day off.
    #expect(
      try Self.states(
        "Th-Tu 11:00-23:00",
        ["2026-12-02 12:00", "2026-12-03 12:00", "2026-12-06 12:00", "2026-12-01 12:00"])
        == "cooo")
  }

  @Test func timesPastMidnightRunIntoTheNextDay() throws {
    #expect(
      try Self.states(
        "Mo-Fr 22:00-02:00",
        ["2026-12-04 23:00", "2026-12-05 01:59", "2026-12-05 02:00", "2026-11-30 01:00"])
        == "oocc")
    #expect(try Self.states("Mo 10:00-26:00", ["2026-12-01 01:30", "2026-12-01 02:00"]) == "oc")
    #expect(
      try Self.states("Mo-Su 22:00-24:00", ["2026-12-01 23:59", "2026-12-02 00:00"]) == "oc")
  }

  @Test func aLaterRuleForADayReplacesWhatRanIntoIt() throws {
    #expect(try Self.states("Mo 22:00-02:00; Tu 10:00-12:00", ["2026-12-01 01:00"]) == "c")
    #expect(try Self.states("Mo 22:00-02:00", ["2026-12-01 01:00"]) == "o")
  }

  @Test func openEndsCloseAtTheirEndOrAtMidnight() throws {
    #expect(try Self.states("10:00+", ["2026-12-01 09:59", "2026-12-01 23:30"]) == "co")
    #expect(
      try Self.states("10:00-14:00+", ["2026-12-01 13:00", "2026-12-01 15:30"]) == "oc")
  }

  @Test func offRulesCloseOnlyTheirTimes() throws {
    let value = "Mo-Fr 08:00-18:00; We 12:00-14:00 off"
    #expect(
      try Self.states(value, ["2026-12-02 10:00", "2026-12-02 13:00", "2026-12-02 15:00"])
        == "oco")
    #expect(try Self.states("Mo-Fr 08:00-18:00; We off", ["2026-12-02 10:00"]) == "c")
    #expect(try Self.states("Mo-Fr 08:00-18:00; We closed", ["2026-12-01 10:00"]) == "o")
  }

  @Test func additionalRulesAddAndNormalRulesReplace() throws {
    let times = ["2026-12-02 10:00", "2026-12-02 15:00"]
    #expect(try Self.states("Mo-Fr 08:00-12:00, We 14:00-18:00", times) == "oo")
    #expect(try Self.states("Mo-Fr 08:00-12:00; We 14:00-18:00", times) == "co")
  }

  @Test func fallbackRulesApplyWhereTheOthersSayNothing() throws {
    let value = "Mo-Fr 08:00-12:00 || unknown"
    #expect(
      try Self.states(value, ["2026-12-05 10:30", "2026-12-01 13:30", "2026-12-01 10:30"])
        == "uco")
    #expect(
      try Self.states("Mo-Fr 08:00-12:00 || Sa 10:00-11:00", ["2026-12-05 10:30"]) == "o")
  }

  @Test func modifiersAndComments() throws {
    let hours = try OpeningHours(#"Mo-Fr 08:00-12:00 open "by appointment"; Sa unknown"#)
    let weekday = hours.status(at: Self.at("2026-12-01 10:00"), in: Self.context)
    #expect(weekday == OpeningStatus(state: .open, comment: "by appointment"))
    #expect(hours.state(at: Self.at("2026-12-05 10:00"), in: Self.context) == .unknown)
    #expect(hours.state(at: Self.at("2026-12-06 10:00"), in: Self.context) == .closed)
    #expect(try Self.states(#""call us""#, ["2026-12-01 03:00"]) == "o")
    #expect(
      try Self.states(
        "Mo-Fr 08:00-18:00; Tu 10:00-12:00 unknown", ["2026-12-01 09:00", "2026-12-01 11:00"])
        == "cu")
    #expect(try Self.states("24/7", ["2026-12-01 03:00"]) == "o")
    #expect(try Self.states("off", ["2026-12-01 03:00"]) == "c")
  }

  @Test func withoutACalendarAHolidayRuleMakesOnlyTheAnswersItCouldChangeUnknown() throws {
    let value = "Mo-Fr 08:00-12:00; PH off"
    let times = ["2026-12-25 10:30", "2026-12-25 13:00", "2026-12-26 10:30"]
    let unknown = OpeningHoursContext(timeZone: Self.helsinki, holidays: .unknown)
    #expect(try Self.states(value, times, in: unknown) == "ucc")
    #expect(try Self.states(value, times, in: Self.context) == "occ")
    let christmas = try #require(LocalDate(year: 2026, month: 12, day: 25))
    let calendar = OpeningHoursContext(
      timeZone: Self.helsinki, holidays: .calendar(publicHolidays: [christmas], schoolHolidays: []))
    #expect(try Self.states(value, times + ["2026-12-24 10:30"], in: calendar) == "ccco")
  }

  @Test func nthWeekdaysOfTheMonth() throws {
    #expect(
      try Self.states("Mo[1] 08:00-09:00", ["2026-12-07 08:30", "2026-12-14 08:30"]) == "oc")
    #expect(
      try Self.states("Su[-1] 08:00-09:00", ["2026-12-27 08:30", "2026-12-20 08:30"]) == "oc")
    #expect(
      try Self.states(
        "We[1,3] 14:00-18:00", ["2026-12-02 15:00", "2026-12-09 15:00", "2026-12-16 15:00"])
        == "oco")
  }

  @Test func monthsDatesWeeksAndYears() throws {
    #expect(
      try Self.states(
        "24/7; Dec 24-26 off", ["2026-12-23 12:00", "2026-12-25 12:00", "2026-12-27 12:00"])
        == "oco")
    #expect(
      try Self.states(
        "24/7; Dec 25-Jan 06 off", ["2027-01-03 12:00", "2027-01-07 12:00", "2026-12-24 12:00"])
        == "coo")
    #expect(
      try Self.states(
        "24/7; Jul-Aug off", ["2026-07-01 12:00", "2026-08-31 12:00", "2026-09-01 12:00"])
        == "cco")
    // 2026-01-05 is the Monday of ISO week 2; 2026-11-30 of week 49.
    #expect(
      try Self.states(
        "week 01-10 Mo 08:00-09:00", ["2026-01-05 08:30", "2026-11-30 08:30"]) == "oc")
    #expect(
      try Self.states("2027 Mo-Su 08:00-09:00", ["2026-12-01 08:30", "2027-01-04 08:30"])
        == "co")
    // Easter Sunday 2026 is 5 April.
    #expect(
      try Self.states("24/7; easter off", ["2026-04-05 12:00", "2026-04-06 12:00"]) == "co")
  }

  @Test func sunEventsAtThePlacesCoordinates() throws {
    let hours = try OpeningHours("sunrise-sunset")
    let place = OpeningHoursContext(
      timeZone: Self.helsinki, coordinates: Coordinates(latitude: 60.17, longitude: 24.94),
      holidays: .none)
    // The reference puts sunset at 15:22 in Helsinki on 1 December 2026.
    let change = try #require(hours.nextChange(after: Self.at("2026-12-01 10:30"), in: place))
    #expect(change.date == Self.at("2026-12-01 00:00").date)
    #expect(abs(change.minute - (15 * 60 + 22)) <= 1, "sunset at \(change)")
    // Midsummer: the sun is up before 04:00 and sets after 22:30 (EEST).
    #expect(hours.state(at: Self.at("2026-06-21 04:00"), in: place) == .open)
    #expect(hours.state(at: Self.at("2026-06-21 22:30"), in: place) == .open)
    #expect(hours.state(at: Self.at("2026-06-21 23:30"), in: place) == .closed)
    // Without coordinates, sunrise is 07:00 and sunset 19:00.
    #expect(
      hours.nextChange(after: Self.at("2026-06-21 12:00"), in: Self.context)
        == Self.at("2026-06-21 19:00"))
    #expect(
      try Self.states("(sunrise+01:00)-(sunset-01:00)", ["2026-06-21 07:30", "2026-06-21 08:30"])
        == "co")
  }

  @Test func nextChangeIsWhenItOpensOrCloses() throws {
    let hours = try OpeningHours("Mo-Fr 08:00-20:00; Sa 09:00-18:00")
    #expect(
      hours.nextChange(after: Self.at("2026-12-04 21:00"), in: Self.context)
        == Self.at("2026-12-05 09:00"))
    #expect(
      hours.nextChange(after: Self.at("2026-12-05 10:00"), in: Self.context)
        == Self.at("2026-12-05 18:00"))
    #expect(
      hours.nextChange(after: Self.at("2026-12-05 18:00"), in: Self.context)
        == Self.at("2026-12-07 08:00"))
    let late = try OpeningHours("Mo-Fr 22:00-02:00")
    #expect(
      late.nextChange(after: Self.at("2026-12-04 23:00"), in: Self.context)
        == Self.at("2026-12-05 02:00"))
    #expect(
      try OpeningHours("24/7").nextChange(after: Self.at("2026-12-01 00:00"), in: Self.context)
        == nil)
  }

  @Test func instantsAreReadOnThePlacesClockAcrossDST() throws {
    let hours = try OpeningHours("Mo-Su 08:00-20:00")
    // 2026-03-28 19:00 UTC is 21:00 in Helsinki (EET); on 29 March the clocks go to EEST, so
    // 08:00 there is 05:00 UTC.
    let evening = Date(timeIntervalSince1970: 1_774_724_400)
    #expect(hours.state(at: evening, in: Self.context) == .closed)
    let opens = try #require(hours.nextChange(after: evening, in: Self.context))
    #expect(opens == Date(timeIntervalSince1970: 1_774_760_400))
    #expect(hours.state(at: opens, in: Self.context) == .open)
    // 2026-10-25 05:59 UTC is 07:59 EET, after the clocks went back.
    let autumn = Date(timeIntervalSince1970: 1_792_907_940)
    #expect(LocalDateTime(autumn, in: Self.helsinki) == Self.at("2026-10-25 07:59"))
  }

  @Test func theSlipsTheReferenceAcceptsAreRead() throws {
    #expect(try Self.states("8:00-9:00", ["2026-12-01 08:30"]) == "o")
    #expect(try Self.states("Mo-su 08:00 - 09:00", ["2026-12-01 08:30"]) == "o")
    #expect(try Self.states("mo-fr 08:00-09:00 ; sa 10:00-11:00", ["2026-12-05 10:30"]) == "o")
    #expect(try Self.states("Mo-Fr 08:00-12:00, 13:00-17:00", ["2026-12-01 14:00"]) == "o")
  }

  @Test(arguments: [
    "", "Mo-Fr 08:00-20:00;", "Mon-Fri 8-5", "Mo-Fr 25:00-26:00", "Mo-Fr 08:00", "\"unclosed",
    "Mo-Fr 08:00-20:00 Sa", "ma-pe 8-16",
  ])
  func valuesTheReferenceRefusesAreParseErrors(_ value: String) {
    #expect(throws: OpeningHoursParseError.self) { try OpeningHours(value) }
  }

  @Test func calendarArithmetic() throws {
    let newYear = try #require(LocalDate(year: 2026, month: 1, day: 1))
    #expect(newYear.weekday == 3)  // Thursday
    #expect(newYear.description == "2026-01-01")
    #expect(LocalDate(year: 2026, month: 2, day: 29) == nil)
    #expect(
      try #require(LocalDate(year: 2024, month: 2, day: 29)).adding(days: 1).description
        == "2024-03-01")
    #expect(LocalDate(dayNumber: 0).description == "1970-01-01")
  }
}

/// The Helsinki fixture's 379 distinct values: every one the reference parses, Bearing parses.
@Suite struct FixtureValuesTests {
  /// The 12 values of the fixture that the reference evaluator refuses.
  static let refusedByTheReference: Set<String> = [
    "Seasonal, only summer time", "We-Fr 13:00-18:00 Sa 12:00-18:00",
    "Mo-Th 11:00-23:00; Fr11:00-24:00; Sa 12:00-24:00; Su 12:00-21:00",
    "Mo-Fr 08:00-19:00 Sa 09:00-19:00 Su 12:00-18:00", "Mo-Fr 8-02;Sa 8-02 Su 8",
    "Mo-Fr 9-20;Sa 9-20 Su 9", "Mo-Fr 16:00-, Sa 14:00-", "Mo-Fr 7:00-21; Sa-Su 12:00-18:00",
    "Mon - Fri 11am - 11pm, Sat 12am - 11pm, Sun 2pm - 10pm",
    "Mo-Fr 09:30 - 15:00. Lunch Mo-Fr 11:00 - 13:30", "Su-Th 15-00; Fr-Sa 15-02",
    "Mo-Fr 10:00-20:00, Sa 10-18, Su 12-18",
  ]

  static func values() throws -> [String] {
    let url = try #require(
      Bundle.module.url(
        forResource: "helsinki-opening-hours", withExtension: "json", subdirectory: "Fixtures"))
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    let document = try #require(object as? [String: Any])
    return try #require(document["values"] as? [String])
  }

  @Test func parsesExactlyTheValuesTheReferenceParses() throws {
    let values = try Self.values()
    #expect(values.count == 379)
    let refused = Set(values.filter { (try? OpeningHours($0)) == nil })
    #expect(refused == Self.refusedByTheReference)
  }
}
