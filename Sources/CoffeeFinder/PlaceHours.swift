import BearingOpeningHours
import BearingPlaces
import Foundation

/// When and where opening hours are read: the time zone whose wall clock a place's
/// `opening_hours` speaks of (the machine's, or `--time-zone`), and a fixed moment to ask about
/// instead of now (`--at-time`).
///
/// ```swift
/// let clock = HoursClock(timeZone: .current)
/// PlaceHours(place, at: clock.instant(now: Date()), clock: clock).summary  // "open · until 20:00"
/// ```
package struct HoursClock: Equatable, Sendable {
  /// The zone of the places' wall clocks.
  package var timeZone: TimeZone
  /// The moment asked about; nil for now.
  package var fixedTime: Date?

  /// Creates a clock.
  package init(timeZone: TimeZone = .current, fixedTime: Date? = nil) {
    self.timeZone = timeZone
    self.fixedTime = fixedTime
  }

  /// The moment hours are read at: the fixed time, else `now`.
  package func instant(now: Date) -> Date { fixedTime ?? now }

  /// What the evaluator needs for `place`: this zone, the place's coordinates (for sunrise and
  /// sunset) and no holiday calendar, so that a day's `PH` rule makes its answer unknown rather
  /// than a guess.
  func context(for place: Place) -> OpeningHoursContext {
    OpeningHoursContext(
      timeZone: timeZone,
      coordinates: Coordinates(
        latitude: place.coordinate.latitude, longitude: place.coordinate.longitude))
  }
}

/// What a place's opening hours say of one moment, ready to show: open until, closed until, or
/// not known (no hours, a state the value leaves open, or a value that cannot be read).
///
/// ```swift
/// let hours = PlaceHours(place, at: now, clock: HoursClock())
/// hours.openNow   // true, false or nil
/// hours.summary   // "open · until 20:00", "closed · opens Mo 08:00", "", "hours: see OSM"
/// ```
package struct PlaceHours: Equatable, Sendable {
  /// The answer.
  package enum Answer: Equatable, Sendable {
    /// The place has no `opening_hours`.
    case none
    /// The value could not be read; the raw text is the place's.
    case unreadable
    /// Open now, until the next change (nil: it does not change within a year, as `24/7`).
    case open(until: LocalDateTime?)
    /// Closed now, until it opens (nil: not within a year).
    case closed(opens: LocalDateTime?)
    /// The value leaves this moment open: a public holiday rule, `unknown`, a comment only.
    case unknown(comment: String?)
  }

  /// The raw value, as OpenStreetMap has it.
  package var raw: String?
  /// The answer at ``time``.
  package var answer: Answer
  /// The moment asked about, on the place's wall clock.
  package var time: LocalDateTime
  /// The instant of the next change, when there is one.
  package var nextChange: Date?

  /// Reads `place`'s hours at `instant`.
  package init(_ place: Place, at instant: Date, clock: HoursClock) {
    raw = place.openingHours
    time = LocalDateTime(instant, in: clock.timeZone)
    nextChange = nil
    guard let value = place.openingHours, !value.isEmpty else {
      answer = .none
      return
    }
    guard let hours = try? OpeningHours(value) else {
      answer = .unreadable
      return
    }
    let context = clock.context(for: place)
    let status = hours.status(at: time, in: context)
    let next = hours.nextChange(after: time, in: context)
    nextChange = next.map { $0.instant(in: clock.timeZone) }
    switch status.state {
    case .open: answer = .open(until: next)
    case .closed: answer = .closed(opens: next)
    case .unknown: answer = .unknown(comment: status.comment)
    }
  }

  /// True when open, false when closed, nil when not known.
  package var openNow: Bool? {
    switch answer {
    case .open: true
    case .closed: false
    case .none, .unreadable, .unknown: nil
    }
  }

  /// One short phrase for a list: "open · until 20:00", "open · 24/7", "closed · opens 08:00",
  /// "closed · opens Mo 08:00"; "hours: see OSM" for a value that cannot be read; empty when
  /// not known.
  package var summary: String {
    switch answer {
    case .none, .unknown: return ""
    case .unreadable: return "hours: see OSM"
    case .open(let until):
      guard let until else { return "open · 24/7" }
      return "open · until " + Self.when(until, from: time)
    case .closed(let opens):
      guard let opens else { return "closed" }
      return "closed · opens " + Self.when(opens, from: time)
    }
  }

  /// The spec's two-letter weekday names, Monday first.
  package static let weekdayNames = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

  /// "08:00" when `moment` is within a day of `from` (later today, or tonight past midnight),
  /// "Mo 08:00" within a week, "2027-01-07 08:00" beyond.
  static func when(_ moment: LocalDateTime, from: LocalDateTime) -> String {
    let minutesAhead =
      (moment.date.dayNumber - from.date.dayNumber) * 1440 + moment.minute - from.minute
    let clock = clockText(moment.minute)
    if moment.date == from.date || minutesAhead < 12 * 60 { return clock }
    if moment.date.dayNumber - from.date.dayNumber < 7 {
      return weekdayNames[moment.date.weekday] + " " + clock
    }
    return "\(moment.date) " + clock
  }

  /// "08:05" of minutes since midnight.
  static func clockText(_ minute: Int) -> String {
    let hour = minute / 60
    let rest = minute % 60
    return (hour < 10 ? "0" : "") + "\(hour):" + (rest < 10 ? "0" : "") + "\(rest)"
  }
}

extension PlaceHours {
  /// "2026-12-01 08:30" on `timeZone`'s wall clock.
  package static func localText(_ instant: Date, in timeZone: TimeZone) -> String {
    let time = LocalDateTime(instant, in: timeZone)
    return "\(time.date) " + clockText(time.minute)
  }

  /// ISO 8601 with `timeZone`'s offset: "2026-12-01T20:00:00+02:00" ("Z" for UTC).
  package static func isoText(_ instant: Date, in timeZone: TimeZone) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = timeZone
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: instant)
  }

  /// The week from the day asked about, today first: a line a day with its open times
  /// ("Sa today  09:00–18:00", "Su        closed"), times not known marked "(unknown)".
  /// Nil when the place has no hours or they cannot be read.
  package static func week(of place: Place, at instant: Date, clock: HoursClock) -> [String]? {
    guard let value = place.openingHours, let hours = try? OpeningHours(value) else {
      return nil
    }
    let context = clock.context(for: place)
    let today = LocalDateTime(instant, in: clock.timeZone).date
    return (0..<7).map { offset in
      let date = today.adding(days: offset)
      let spans = hours.spans(on: date, in: context)
      let parts = spans.filter { $0.state != .closed }.map { span -> String in
        let times =
          span.start == 0 && span.end == 1440
          ? "all day" : clockText(span.start) + "–" + clockText(span.end)
        return span.state == .unknown ? times + " (unknown)" : times
      }
      let day = weekdayNames[date.weekday] + (offset == 0 ? " today" : "      ")
      return day + "  " + (parts.isEmpty ? "closed" : parts.joined(separator: ", "))
    }
  }
}

/// `--open-now` and the UI's `o`: only the places open at the moment asked about; closed ones
/// and those whose hours are not known are left out, and counted.
package enum OpenNowFilter {
  /// How many places were left out, and why.
  package struct LeftOut: Equatable, Sendable {
    /// Closed at the moment asked about.
    package var closed: Int
    /// No hours, hours that cannot be read, or hours that leave the moment open.
    package var unknown: Int

    package init(closed: Int = 0, unknown: Int = 0) {
      self.closed = closed
      self.unknown = unknown
    }

    /// "Open now: 4 shown; left out: 3 closed, 2 with hours not known".
    package func footer(shown: Int) -> String {
      var left: [String] = []
      if closed > 0 { left.append("\(closed) closed") }
      if unknown > 0 { left.append("\(unknown) with hours not known") }
      return "Open now: \(shown) shown"
        + (left.isEmpty ? "" : "; left out: " + left.joined(separator: ", "))
    }
  }

  /// The places of `places` open at `instant`, at most `limit` of them, in their order.
  package static func apply(
    _ places: [Place], at instant: Date, clock: HoursClock, limit: Int = .max
  ) -> (places: [Place], leftOut: LeftOut) {
    var kept: [Place] = []
    var leftOut = LeftOut()
    for place in places {
      switch PlaceHours(place, at: instant, clock: clock).openNow {
      case true?: if kept.count < limit { kept.append(place) }
      case false?: leftOut.closed += 1
      case nil: leftOut.unknown += 1
      }
    }
    return (kept, leftOut)
  }
}
