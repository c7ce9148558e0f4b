import BearingOpeningHours
import BearingPlaces
import BearingText
import Foundation
import Synchronization

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
    /// The place has no `opening_hours` (or only spaces).
    case none
    /// The value could not be read; the raw text is the place's.
    case unreadable
    /// Open now, until it closes (nil: it does not change within a year, as `24/7`).
    case open(until: LocalDateTime?)
    /// Open now, until a time from which the value leaves it not known (a holiday rule, say):
    /// no closing time is promised.
    case openThenNotKnown(from: LocalDateTime)
    /// Closed now, until it opens (nil: not within a year, or what follows is not known, so no
    /// opening is promised).
    case closed(opens: LocalDateTime?)
    /// The value leaves this moment open: a day that may be a public holiday, `unknown`, or a
    /// rule that only has a comment (`"by appointment"`, `"closed for renovation"`), which the
    /// app does not read as open or closed.
    case unknown(comment: String?)
  }

  /// The raw value, as OpenStreetMap has it.
  package var raw: String?
  /// The answer at ``time``.
  package var answer: Answer
  /// The moment asked about, on the place's wall clock.
  package var time: LocalDateTime
  /// The instant it next opens (when closed) or closes (when open); nil when not known.
  package var nextChange: Date?

  /// How far ahead the next change is looked for: a week and a day, what a list says ("opens
  /// Mo 08:00"); no change within it is "open all week" or "closed".
  static let lookahead = 8

  /// Reads `place`'s hours at `instant`.
  package init(_ place: Place, at instant: Date, clock: HoursClock) {
    raw = place.openingHours
    time = LocalDateTime(instant, in: clock.timeZone)
    nextChange = nil
    guard let value = place.openingHours, !Self.isBlank(value) else {
      answer = .none
      return
    }
    guard let hours = Self.parsed(value) else {
      answer = .unreadable
      return
    }
    let context = clock.context(for: place)
    let now = Self.known(hours.status(at: time, in: context))
    guard now.state != .unknown else {
      answer = .unknown(comment: now.comment)
      return
    }
    let next = hours.nextChange(after: time, in: context, within: Self.lookahead)
    // What comes after the change, read the same way: only a change to the other known
    // state is promised.
    let after = next.map { Self.known(hours.status(at: $0, in: context)).state }
    // A change is shown at the wall time the zone's clock reads at its instant: a change at
    // 03:00 on the spring night the clocks jump from 03:00 to 04:00 is shown at 04:00.
    func shown(_ next: LocalDateTime) -> (LocalDateTime, Date) {
      let moment = next.instant(in: clock.timeZone, after: instant)
      return (LocalDateTime(moment, in: clock.timeZone), moment)
    }
    switch (now.state, next, after) {
    case (.open, let next?, .closed?):
      let (wall, moment) = shown(next)
      answer = .open(until: wall)
      nextChange = moment
    case (.open, let next?, _): answer = .openThenNotKnown(from: next)
    case (.open, nil, _): answer = .open(until: nil)
    case (_, let next?, .open?):
      let (wall, moment) = shown(next)
      answer = .closed(opens: wall)
      nextChange = moment
    default: answer = .closed(opens: nil)
    }
  }

  /// Whether `place` is open at `instant` (nil: not known), without looking for the next
  /// change: what a filter needs, for every place on every frame.
  package static func isOpen(_ place: Place, at instant: Date, clock: HoursClock) -> Bool? {
    guard let value = place.openingHours, !isBlank(value), let hours = parsed(value) else {
      return nil
    }
    let status = known(
      hours.status(at: LocalDateTime(instant, in: clock.timeZone), in: clock.context(for: place)))
    switch status.state {
    case .open: return true
    case .closed: return false
    case .unknown: return nil
    }
  }

  static func isBlank(_ value: String) -> Bool {
    value.allSatisfy { $0.isWhitespace }
  }

  /// Values parsed so far: a screen reads the same few dozen every second. Cleared when it
  /// holds more than ``parsedLimit``.
  private static let parsedValues = Mutex<[String: OpeningHours?]>([:])
  static let parsedLimit = 2_048

  /// `value` parsed, or nil when it cannot be read; each distinct value is parsed once.
  static func parsed(_ value: String) -> OpeningHours? {
    if let known = parsedValues.withLock({ $0[value] }) { return known }
    let hours = try? OpeningHours(value)
    parsedValues.withLock {
      if $0.count >= parsedLimit { $0.removeAll(keepingCapacity: true) }
      $0[value] = .some(hours)
    }
    return hours
  }

  /// A state as the app reads it: an "open" decided by a rule that is only a comment is not
  /// known, for the comment may say anything ("closed for renovation" is, to the
  /// specification, open all day); `Mo-Su 10:00-12:00 open "ring bell"` is open.
  static func known(_ status: OpeningStatus) -> OpeningStatus {
    guard status.isCommentOnly, status.state == .open else { return status }
    return OpeningStatus(state: .unknown, comment: status.comment)
  }

  /// True when open, false when closed, nil when not known.
  package var openNow: Bool? {
    switch answer {
    case .open, .openThenNotKnown: true
    case .closed: false
    case .none, .unreadable, .unknown: nil
    }
  }

  /// One short phrase for a list: "open · until 20:00", "open · 24/7", "open · all week" (no
  /// change within ``lookahead`` days), "open" (until a time not known), "closed · opens 08:00",
  /// "closed · opens Mo 08:00", "closed"; a rule's comment in quotes when it decides
  /// ("\"by appointment\""); "hours: see OSM: " and the value when it cannot be read (both
  /// escaped, whole: a renderer cuts them to its column); empty when there are no hours or they
  /// leave the moment open.
  package var summary: String {
    switch answer {
    case .none: return ""
    case .unknown(let comment):
      guard let comment, !comment.isEmpty else { return "" }
      return "\"" + TerminalText.escape(comment) + "\""
    case .unreadable: return "hours: see OSM: " + TerminalText.escape(raw ?? "")
    case .open(let until):
      guard let until else {
        return raw?.trimmingCharacters(in: .whitespaces) == "24/7"
          ? "open · 24/7" : "open · all week"
      }
      return "open · until " + Self.when(until, from: time)
    case .openThenNotKnown: return "open"
    case .closed(let opens):
      guard let opens else { return "closed" }
      return "closed · opens " + Self.when(opens, from: time)
    }
  }

  /// One word for a narrow list: "open", "closed", "see OSM", or the summary's comment; empty
  /// when not known.
  package var short: String {
    switch answer {
    case .none: ""
    case .unknown: summary.isEmpty ? "" : "?"
    case .unreadable: "see OSM"
    case .open, .openThenNotKnown: "open"
    case .closed: "closed"
    }
  }

  /// The spec's two-letter weekday names, Monday first.
  package static let weekdayNames = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

  /// "08:00" when `moment` is later the same day or within half a day of `from` ("midnight"
  /// within a day), "Mo 08:00" within eight days, "2027-01-07" beyond.
  static func when(_ moment: LocalDateTime, from: LocalDateTime) -> String {
    let minutesAhead =
      (moment.date.dayNumber - from.date.dayNumber) * 1440 + moment.minute - from.minute
    // Midnight within a day is said so: "until midnight", not "until 00:00".
    if moment.minute == 0, minutesAhead <= 24 * 60 { return "midnight" }
    let clock = clockText(moment.minute)
    if moment.date == from.date || minutesAhead < 12 * 60 { return clock }
    if moment.date.dayNumber - from.date.dayNumber < 8 {
      return weekdayNames[moment.date.weekday] + " " + clock
    }
    return "\(moment.date)"
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

  /// "+02:00", `timeZone`'s offset from UTC at `instant`.
  static func offsetText(_ instant: Date, in timeZone: TimeZone) -> String {
    let seconds = timeZone.secondsFromGMT(for: instant)
    let minutes = abs(seconds) / 60
    return (seconds < 0 ? "-" : "+") + clockText(minutes)
  }

  /// ISO 8601 with `timeZone`'s offset at that instant: "2026-12-01T20:00:00+02:00". Read from
  /// the zone's own offset, as the table's times are (Foundation's formatter gives some zones,
  /// `EET`, the wrong one).
  package static func isoText(_ instant: Date, in timeZone: TimeZone) -> String {
    let time = LocalDateTime(instant, in: timeZone)
    return "\(time.date)T" + clockText(time.minute) + ":00" + offsetText(instant, in: timeZone)
  }

  /// The line that says which moment and zone hours are read at:
  /// "Hours at 2026-11-30 10:00 +02:00 (Europe/Helsinki)".
  package static func readingLine(_ instant: Date, in timeZone: TimeZone) -> String {
    "Hours at " + localText(instant, in: timeZone) + " " + offsetText(instant, in: timeZone)
      + " (" + timeZone.identifier + ")"
  }

  /// The week from the day asked about, today first: a line a day with its open times
  /// ("Sa today  09:00–18:00", "Su        closed"), times not known marked "(not known)", a
  /// rule's comment shown in quotes. Nil when the place has no hours or they cannot be read.
  package static func week(of place: Place, at instant: Date, clock: HoursClock) -> [String]? {
    guard let value = place.openingHours, !isBlank(value), let hours = parsed(value) else {
      return nil
    }
    let context = clock.context(for: place)
    let today = LocalDateTime(instant, in: clock.timeZone).date
    // The spans that are not closed, from the day before the week to the day after it.
    let days = (-1...7).map { offset in
      hours.spans(on: today.adding(days: offset), in: context).filter { $0.state != .closed }
    }
    return (1...7).map { index in
      var spans = days[index]
      // A span that runs past midnight is shown on the day it starts, to its end the next
      // morning (22:00–02:00), not as two pieces.
      if let first = spans.first, first.start == 0, first.end < 1440,
        days[index - 1].last.map({ $0.end == 1440 && $0.start > 0 }) == true
      {
        spans.removeFirst()
      }
      let parts = spans.enumerated().map { position, span -> String in
        var end = span.end
        if position == spans.count - 1, end == 1440, span.start > 0, index < 8,
          let next = days[index + 1].first, next.start == 0, next.end < 1440,
          next.state == span.state
        {
          end = next.end
        }
        let times =
          span.start == 0 && end == 1440
          ? "all day" : clockText(span.start) + "–" + clockText(end)
        // A comment is shown, not read as open (see ``known(_:)``).
        if let comment = span.comment, !comment.isEmpty {
          return times + " \"" + TerminalText.truncate(comment, width: 30) + "\""
        }
        return span.state == .unknown ? times + " (not known)" : times
      }
      let day =
        weekdayNames[today.adding(days: index - 1).weekday] + (index == 1 ? " today" : "      ")
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

  /// The places of `places` open at `instant`, at most `limit` of them, in their order, and
  /// those left out before the last one kept (all of them when fewer than `limit` are open).
  package static func apply(
    _ places: [Place], at instant: Date, clock: HoursClock, limit: Int = .max
  ) -> (places: [Place], leftOut: LeftOut) {
    var kept: [Place] = []
    var leftOut = LeftOut()
    // Counted up to the last place kept, once the limit is reached: those left out from among
    // the nearest, not from farther than any shown.
    for place in places {
      if kept.count == limit { break }
      switch PlaceHours.isOpen(place, at: instant, clock: clock) {
      case true?: kept.append(place)
      case false?: leftOut.closed += 1
      case nil: leftOut.unknown += 1
      }
    }
    return (kept, leftOut)
  }
}
