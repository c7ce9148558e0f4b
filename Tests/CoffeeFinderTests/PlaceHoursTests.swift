import BearingOpeningHours
import BearingPlaces
import CoffeeFinder
import Foundation
import Testing

/// What the app says of a café's opening hours at one moment, in Helsinki's time.
@Suite struct PlaceHoursTests {
  static let helsinki = TimeZone(identifier: "Europe/Helsinki")!
  static let clock = HoursClock(timeZone: helsinki)

  /// The instant of a wall-clock time in Helsinki. 2026-11-30 is a Monday.
  static func at(_ day: Int, _ hour: Int, _ minute: Int = 0, month: Int = 11) -> Date {
    LocalDateTime(year: 2026, month: month, day: day, hour: hour, minute: minute)!
      .instant(in: helsinki)
  }

  static func place(_ hours: String?) -> Place {
    var place = Fixtures.ekberg
    place.openingHours = hours
    return place
  }

  static func summary(_ hours: String?, at instant: Date) -> String {
    PlaceHours(place(hours), at: instant, clock: clock).summary
  }

  @Test func openSaysUntilWhenAndClosedSaysWhenItOpens() {
    let weekdays = "Mo-Fr 08:00-20:00; Sa 09:00-18:00"
    #expect(Self.summary(weekdays, at: Self.at(30, 10)) == "open · until 20:00")
    #expect(Self.summary(weekdays, at: Self.at(30, 6, 30)) == "closed · opens 08:00")
    // Saturday evening: the next opening is Monday's, named by its day.
    #expect(Self.summary(weekdays, at: Self.at(28, 19)) == "closed · opens Mo 08:00")
    // Friday night: tomorrow morning, within half a day, is just its time.
    #expect(Self.summary(weekdays, at: Self.at(27, 22)) == "closed · opens 09:00")
  }

  @Test func timesPastMidnightAndAlwaysOpen() {
    #expect(Self.summary("Mo-Su 11:00-02:00", at: Self.at(28, 23)) == "open · until 02:00")
    #expect(Self.summary("Mo-Su 11:00-02:00", at: Self.at(29, 1, 30)) == "open · until 02:00")
    #expect(Self.summary("24/7", at: Self.at(28, 3)) == "open · 24/7")
    let always = PlaceHours(Self.place("24/7"), at: Self.at(28, 3), clock: Self.clock)
    #expect(always.openNow == true)
    #expect(always.nextChange == nil)
  }

  @Test func notKnownIsBlankAndUnreadableSaysSeeOSM() {
    // No holiday calendar: whether Monday 30 November is a public holiday is not known, so a
    // `PH off` makes the answer unknown rather than a guess.
    let holiday = PlaceHours(
      Self.place("Mo-Fr 08:00-20:00; PH off"), at: Self.at(30, 10), clock: Self.clock)
    #expect(holiday.openNow == nil)
    #expect(holiday.summary == "")
    let none = PlaceHours(Self.place(nil), at: Self.at(30, 10), clock: Self.clock)
    #expect(none.openNow == nil && none.summary == "" && none.raw == nil)
    let garbled = PlaceHours(
      Self.place("Mo-Fr 8ish till late"), at: Self.at(30, 10), clock: Self.clock)
    #expect(garbled.openNow == nil)
    #expect(garbled.summary == "hours: see OSM: Mo-Fr 8ish till late")
    #expect(garbled.raw == "Mo-Fr 8ish till late")
  }

  /// A comment decides nothing: the specification reads `"closed for renovation"` as open all
  /// day (and so does the reference evaluator), the app says what the comment says and
  /// promises nothing.
  @Test func aRuleWithOnlyACommentIsNotReadAsOpen() {
    for value in ["\"closed for renovation\"", "\"by appointment\""] {
      let hours = PlaceHours(Self.place(value), at: Self.at(30, 10), clock: Self.clock)
      #expect(hours.openNow == nil, "\(value)")
      #expect(hours.nextChange == nil, "\(value)")
      #expect(hours.summary == value, "\(value)")
    }
    // Weekdays by the clock, Saturday by appointment: Friday evening promises no opening.
    let mixed = "Mo-Fr 08:00-16:00; Sa \"by appointment\""
    #expect(Self.summary(mixed, at: Self.at(30, 10)) == "open · until 16:00")
    #expect(Self.summary(mixed, at: Self.at(27, 20)) == "closed")
    #expect(Self.summary(mixed, at: Self.at(28, 12)) == "\"by appointment\"")
    // A rule that says open, with a comment, is open.
    #expect(
      Self.summary("Mo-Su 10:00-12:00 open \"ring bell\"", at: Self.at(30, 10, 30))
        == "open · until 12:00")
    #expect(
      Self.summary("Mo-Fr 08:00-12:00 \"lunch\"", at: Self.at(30, 10)) == "open · until 12:00")
    // Spaces only are no hours at all.
    let blank = PlaceHours(Self.place("   "), at: Self.at(30, 10), clock: Self.clock)
    #expect(blank.answer == .none && blank.summary == "")
    #expect(PlaceHours.week(of: Self.place("  "), at: Self.at(30, 10), clock: Self.clock) == nil)
  }

  /// Without a holiday calendar, a time that depends on one is never promised.
  @Test func aChangeToNotKnownIsNotPromised() {
    // Open only on public holidays: on an ordinary Monday morning it is closed, and 10:00
    // may or may not open it.
    let holidays = PlaceHours(
      Self.place("PH 10:00-14:00"), at: Self.at(30, 7), clock: Self.clock)
    #expect(holidays.summary == "closed" && holidays.openNow == false)
    #expect(holidays.nextChange == nil)
    // Sunday is off whatever the day; Monday may be a holiday.
    let sundays = PlaceHours(
      Self.place("Mo-Sa 09:00-17:00; Su,PH off"), at: Self.at(29, 12), clock: Self.clock)
    #expect(sundays.summary == "closed" && sundays.nextChange == nil)
    // Open until the time the value leaves not known.
    let unknownAfter = PlaceHours(
      Self.place("Mo-Fr 08:00-12:00, Mo-Fr 12:00-14:00 unknown"), at: Self.at(30, 10),
      clock: Self.clock)
    #expect(unknownAfter.summary == "open" && unknownAfter.openNow == true)
    #expect(unknownAfter.nextChange == nil)
  }

  @Test func midnightIsSaidSo() {
    #expect(Self.summary("Mo-Su 08:00-24:00", at: Self.at(30, 22)) == "open · until midnight")
    #expect(Self.summary("Mo-Su 00:00-02:00", at: Self.at(30, 22)) == "closed · opens midnight")
  }

  @Test func theNextChangeIsAnInstantInTheZoneAsked() throws {
    let hours = PlaceHours(
      Self.place("Mo-Fr 08:00-20:00"), at: Self.at(30, 10), clock: Self.clock)
    #expect(hours.nextChange == Self.at(30, 20))
    #expect(
      PlaceHours.isoText(try #require(hours.nextChange), in: Self.helsinki)
        == "2026-11-30T20:00:00+02:00")
    // Read from the zone's own offset: Foundation's formatter says +03:00 for EET in November.
    let eet = try #require(TimeZone(identifier: "EET"))
    #expect(PlaceHours.isoText(Self.at(30, 20), in: eet) == "2026-11-30T20:00:00+02:00")
    #expect(
      PlaceHours.isoText(Self.at(30, 20), in: TimeZone(identifier: "America/St_Johns")!)
        == "2026-11-30T14:30:00-03:30")
    #expect(
      PlaceHours.readingLine(Self.at(30, 20), in: Self.helsinki)
        == "Hours at 2026-11-30 20:00 +02:00 (Europe/Helsinki)")
    // The same value on London's clock: 09:00 in Helsinki is 07:00 there.
    let london = HoursClock(timeZone: TimeZone(identifier: "Europe/London")!)
    let there = PlaceHours(Self.place("Mo-Fr 08:00-20:00"), at: Self.at(30, 9), clock: london)
    #expect(there.summary == "closed · opens 08:00")
  }

  @Test func theWeekStartsToday() throws {
    let week = try #require(
      PlaceHours.week(
        of: Self.place("Mo-Fr 08:00-12:00,13:00-20:00; Sa 09:00-18:00; Su off"),
        at: Self.at(28, 12), clock: Self.clock))
    #expect(
      week == [
        "Sa today  09:00–18:00",
        "Su        closed",
        "Mo        08:00–12:00, 13:00–20:00",
        "Tu        08:00–12:00, 13:00–20:00",
        "We        08:00–12:00, 13:00–20:00",
        "Th        08:00–12:00, 13:00–20:00",
        "Fr        08:00–12:00, 13:00–20:00",
      ])
    let always = try #require(
      PlaceHours.week(of: Self.place("24/7"), at: Self.at(28, 12), clock: Self.clock))
    #expect(always.first == "Sa today  all day")
    #expect(PlaceHours.week(of: Self.place("8ish"), at: Self.at(28, 12), clock: Self.clock) == nil)
  }

  @Test func anOpeningPastMidnightIsOneSpanInTheWeek() throws {
    let week = try #require(
      PlaceHours.week(
        of: Self.place("Fr-Sa 18:00-02:00"), at: Self.at(27, 12), clock: Self.clock))
    #expect(
      week == [
        "Fr today  18:00–02:00",
        "Sa        18:00–02:00",
        "Su        closed",
        "Mo        closed",
        "Tu        closed",
        "We        closed",
        "Th        closed",
      ])
  }

  /// Helsinki's clocks go forward at 03:00 on 29 March 2026 (to 04:00) and back at 04:00 on
  /// 25 October (to 03:00).
  @Test func theNextChangeAcrossADaylightSavingChangeIsTheInstantTheClockReadsIt() throws {
    let hours = Self.place("Mo-Su 01:00-03:30")
    // Spring: 03:30 never comes; the café closes when the clocks jump, 04:00 EEST.
    let spring = LocalDateTime(year: 2026, month: 3, day: 29, hour: 2, minute: 30)!
      .instant(in: Self.helsinki)
    let springHours = PlaceHours(hours, at: spring, clock: Self.clock)
    let closes = try #require(springHours.nextChange)
    #expect(PlaceHours.isoText(closes, in: Self.helsinki) == "2026-03-29T04:00:00+03:00")
    // The list says the time the clock shows then, as the JSON does.
    #expect(springHours.summary == "open · until 04:00")
    // Autumn, at the first 03:10 (EEST): it closes at the first 03:30, twenty minutes on.
    let firstPass = Date(timeIntervalSince1970: 1_792_887_000)  // 2026-10-25T00:10:00Z
    #expect(PlaceHours.isoText(firstPass, in: Self.helsinki) == "2026-10-25T03:10:00+03:00")
    let autumn = try #require(PlaceHours(hours, at: firstPass, clock: Self.clock).nextChange)
    #expect(autumn.timeIntervalSince(firstPass) == 20 * 60)
    // At the second 03:10 (EET) it is open again (01:00-03:30 reads the clock), closing at
    // the second 03:30, not the first, which has passed.
    let secondPass = firstPass.addingTimeInterval(3600)
    let again = try #require(PlaceHours(hours, at: secondPass, clock: Self.clock).nextChange)
    #expect(again.timeIntervalSince(secondPass) == 20 * 60)
  }

  @Test func openNowKeepsTheOpenOnesAndCountsTheRest() {
    let places = [
      Self.place("Mo-Fr 08:00-20:00"), Self.place("Sa-Su 10:00-16:00"), Self.place(nil),
      Self.place("24/7"), Self.place("rubbish"),
    ].enumerated().map { index, place in
      var place = place
      place.id = "osm:node/\(index)"
      return place
    }
    let (open, leftOut) = OpenNowFilter.apply(places, at: Self.at(30, 10), clock: Self.clock)
    #expect(open.map(\.id) == ["osm:node/0", "osm:node/3"])
    #expect(leftOut == OpenNowFilter.LeftOut(closed: 1, unknown: 2))
    #expect(
      leftOut.footer(shown: 2) == "Open now: 2 shown; left out: 1 closed, 2 with hours not known")
    // With a limit, those left out are counted among the nearest, up to the last one kept.
    let limited = OpenNowFilter.apply(places, at: Self.at(30, 10), clock: Self.clock, limit: 1)
    #expect(limited.places.map(\.id) == ["osm:node/0"])
    #expect(limited.leftOut == OpenNowFilter.LeftOut())
    let two = OpenNowFilter.apply(places, at: Self.at(30, 10), clock: Self.clock, limit: 2)
    #expect(two.places.map(\.id) == ["osm:node/0", "osm:node/3"])
    #expect(two.leftOut == OpenNowFilter.LeftOut(closed: 1, unknown: 1))
  }
}
