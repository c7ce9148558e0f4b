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
    #expect(garbled.summary == "hours: see OSM")
    #expect(garbled.raw == "Mo-Fr 8ish till late")
  }

  @Test func theNextChangeIsAnInstantInTheZoneAsked() throws {
    let hours = PlaceHours(
      Self.place("Mo-Fr 08:00-20:00"), at: Self.at(30, 10), clock: Self.clock)
    #expect(hours.nextChange == Self.at(30, 20))
    #expect(
      PlaceHours.isoText(try #require(hours.nextChange), in: Self.helsinki)
        == "2026-11-30T20:00:00+02:00")
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
    let limited = OpenNowFilter.apply(places, at: Self.at(30, 10), clock: Self.clock, limit: 1)
    #expect(limited.places.map(\.id) == ["osm:node/0"])
  }
}
