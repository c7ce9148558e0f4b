import Foundation

/// An OpenStreetMap `opening_hours` value, parsed: ask it whether the place is open at a time
/// and when that next changes.
///
/// ```swift
/// let hours = try OpeningHours("Mo-Fr 08:00-20:00; Sa 09:00-18:00; PH off")
/// hours.state(at: now, in: context)        // .open, .closed or .unknown
/// hours.nextChange(after: now, in: context) // when it opens or closes
/// ```
///
/// Rules combine as the specification says: a `;` rule that matches a day replaces what earlier
/// rules said of that day (a `closed`/`off` rule only closes its own times), a `,` rule adds to
/// it, and a `||` rule applies only to days the earlier rules leave closed. Times past midnight
/// (`22:00-02:00`, `18:00-26:00`) run into the next day.
public struct OpeningHours: Hashable, Sendable {
  /// The value as it was given.
  public let value: String
  let rules: [Rule]
  let usesPublicHolidays: Bool
  let usesSchoolHolidays: Bool
  let usesSun: Bool

  /// Parses `value`; throws when it is not an `opening_hours` value this parser reads.
  public init(_ value: String) throws(OpeningHoursParseError) {
    self.value = value
    let rules = try Parser.parse(value)
    self.rules = rules
    var usesPublic = false
    var usesSchool = false
    for rule in rules {
      for case .holiday(let kind, _) in rule.weekdays {
        if kind == .publicHoliday { usesPublic = true } else { usesSchool = true }
      }
    }
    usesPublicHolidays = usesPublic
    usesSchoolHolidays = usesSchool
    usesSun = rules.contains { $0.usesSun }
  }

  /// Whether both were parsed from the same text; equivalent values spelled differently differ.
  public static func == (lhs: OpeningHours, rhs: OpeningHours) -> Bool { lhs.value == rhs.value }
  /// Hashes the text, as `==` compares it.
  public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// Whether a place is open.
public enum OpeningState: String, Hashable, Sendable {
  /// Open, closed, or not known: the value says `unknown`, or the answer depends on a holiday
  /// calendar that is not known.
  case open, closed, unknown
}

/// What the value says of one moment: the state and the comment of the rule that decided it
/// (`Mo-Fr 08:00-12:00 "by appointment"`).
public struct OpeningStatus: Hashable, Sendable {
  /// Whether the place is open, closed or unknown at that moment.
  public var state: OpeningState
  /// The deciding rule's quoted comment, without the quotes; `nil` when there is none.
  public var comment: String?
  /// Whether the deciding rule is only selectors and a comment (`Mo-Fr "call ahead"`): no
  /// times and no `open`/`closed`/`unknown`, so its "open" is the specification's default for
  /// a rule without times, not something the value says.
  public var isCommentOnly: Bool

  /// Creates a status.
  public init(state: OpeningState, comment: String? = nil, isCommentOnly: Bool = false) {
    self.state = state
    self.comment = comment
    self.isCommentOnly = isCommentOnly
  }
}

/// Which days are public (`PH`) or school (`SH`) holidays.
public enum Holidays: Hashable, Sendable {
  /// No calendar: where the answer depends on whether the day is a holiday, it is unknown
  /// (never a guess either way).
  case unknown
  /// No day is a holiday: `PH` and `SH` rules never apply (what the reference evaluator does
  /// when it is given no country).
  case none
  /// These days are holidays, and no others.
  case calendar(publicHolidays: Set<LocalDate>, schoolHolidays: Set<LocalDate>)
}

/// Where and how a value is evaluated: the place's time zone (its wall-clock is what the value
/// speaks of; DST included), its coordinates for `sunrise`/`sunset`/`dawn`/`dusk` (without them,
/// 07:00, 19:00, 06:00 and 20:00), and its holidays.
public struct OpeningHoursContext: Hashable, Sendable {
  /// The place's time zone, whose wall clock the value's times are read on.
  public var timeZone: TimeZone
  /// Where the place is, for sun events; `nil` uses 07:00, 19:00, 06:00 and 20:00 for sunrise,
  /// sunset, dawn and dusk.
  public var coordinates: Coordinates?
  /// Which days are public and school holidays; by default unknown.
  public var holidays: Holidays

  /// Creates a context; without `coordinates` sun events take fixed times, and without
  /// `holidays`, `PH` and `SH` rules give `unknown`.
  public init(
    timeZone: TimeZone, coordinates: Coordinates? = nil, holidays: Holidays = .unknown
  ) {
    self.timeZone = timeZone
    self.coordinates = coordinates
    self.holidays = holidays
  }
}

extension OpeningHours {
  /// The state at a wall-clock time in the place's time zone.
  public func status(at time: LocalDateTime, in context: OpeningHoursContext) -> OpeningStatus {
    let evaluator = Evaluator(hours: self, context: context)
    let found = evaluator.status(on: time.date, minute: time.minute)
    let rule = found.rule.map { rules[$0] }
    return OpeningStatus(
      state: found.state, comment: rule?.comment,
      isCommentOnly: rule.map { $0.comment != nil && $0.times.isEmpty && !$0.statesKind } ?? false)
  }

  /// The state at a wall-clock time in the place's time zone, without the comment.
  public func state(at time: LocalDateTime, in context: OpeningHoursContext) -> OpeningState {
    Evaluator(hours: self, context: context).status(on: time.date, minute: time.minute).state
  }

  /// The first wall-clock time after `time` at which the state (open, closed, unknown) differs
  /// from the state at `time`; nil when it does not change within `days` days.
  public func nextChange(
    after time: LocalDateTime, in context: OpeningHoursContext, within days: Int = 400
  ) -> LocalDateTime? {
    Evaluator(hours: self, context: context).nextChange(after: time, within: days)
  }

  /// The state at an instant, read on the place's wall-clock.
  public func status(at instant: Date, in context: OpeningHoursContext) -> OpeningStatus {
    status(at: LocalDateTime(instant, in: context.timeZone), in: context)
  }

  /// The state at an instant, read on the place's wall-clock, without the comment.
  public func state(at instant: Date, in context: OpeningHoursContext) -> OpeningState {
    state(at: LocalDateTime(instant, in: context.timeZone), in: context)
  }

  /// The instant of the next change after `instant` (see the wall-clock form): the first
  /// instant after `instant` whose wall clock reads the change's time (the second 03:30 of an
  /// autumn night when asked after the first), or the moment the clocks jumped past it.
  public func nextChange(
    after instant: Date, in context: OpeningHoursContext, within days: Int = 400
  ) -> Date? {
    nextChange(after: LocalDateTime(instant, in: context.timeZone), in: context, within: days)
      .map { $0.instant(in: context.timeZone, after: instant) }
  }
}

extension LocalDateTime {
  /// The wall-clock time in `timeZone` at `instant` (to the minute, rounded down).
  public init(_ instant: Date, in timeZone: TimeZone) {
    let offset = timeZone.secondsFromGMT(for: instant)
    let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + offset
    let minutes = seconds >= 0 ? seconds / 60 : (seconds - 59) / 60
    self.init(date: LocalDate(dayNumber: 0), minute: minutes)
  }

  /// The instant this wall-clock time names in `timeZone`. A time skipped by a DST change
  /// (03:30 on the spring-forward night in Helsinki) names the instant the clocks jumped at
  /// plus its distance past the jump, as the day's clocks would have read without the change.
  public func instant(in timeZone: TimeZone) -> Date {
    let wall = Double((date.dayNumber * 1440 + minute) * 60)
    // The offset before the time is right unless a change falls between; a second look at the
    // offset at the first guess settles it.
    var guess = wall - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall)))
    let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: guess))
    guess = wall - Double(offset)
    return Date(timeIntervalSince1970: guess)
  }

  /// The first instant after `earliest` at which `timeZone`'s wall clock reads this time: of
  /// the two 03:30s of an autumn night, the one still to come; a time the spring change skips
  /// (03:30 when the clocks jump from 03:00 to 04:00) names the instant of the jump, when the
  /// clocks pass it. When every reading is before `earliest`, the last of them.
  public func instant(in timeZone: TimeZone, after earliest: Date) -> Date {
    let wall = Double((date.dayNumber * 1440 + minute) * 60)
    // The offsets the zone has within a day of the time.
    var offsets: Set<Int> = []
    for hours in stride(from: -24, through: 24, by: 3) {
      offsets.insert(
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + Double(hours * 3600))))
    }
    let readings = offsets.map { Date(timeIntervalSince1970: wall - Double($0)) }
      .filter { LocalDateTime($0, in: timeZone) == self }
      .sorted()
    if let next = readings.first(where: { $0 > earliest }) { return next }
    if let last = readings.last { return last }
    // Skipped: the clocks jump past it at the change after the time read at the largest
    // offset (the earliest instant it could name).
    let start = Date(timeIntervalSince1970: wall - Double(offsets.max() ?? 0))
    return timeZone.nextDaylightSavingTimeTransition(after: start.addingTimeInterval(-1))
      ?? instant(in: timeZone)
  }
}

/// A stretch of one day in one state: minutes since the day's midnight, `end` excluded
/// (1440 is the next midnight).
public struct OpeningSpan: Hashable, Sendable {
  /// Minutes since the day's midnight at which the span starts.
  public var start: Int
  /// Minutes since the day's midnight at which the span ends, excluded; 1440 is the next midnight.
  public var end: Int
  /// The state throughout the span.
  public var state: OpeningState
  /// The comment of the rule that decides the span's start.
  public var comment: String?

  /// Creates a span from `start` up to `end`, in minutes since midnight.
  public init(start: Int, end: Int, state: OpeningState, comment: String? = nil) {
    self.start = start
    self.end = end
    self.state = state
    self.comment = comment
  }
}

extension OpeningHours {
  /// The day's states from midnight to midnight, as consecutive spans: what a week's table
  /// shows.
  ///
  /// ```swift
  /// try OpeningHours("Mo-Fr 08:00-20:00").spans(on: monday, in: context)
  /// // closed 0-480, open 480-1200, closed 1200-1440
  /// ```
  public func spans(on date: LocalDate, in context: OpeningHoursContext) -> [OpeningSpan] {
    let evaluator = Evaluator(hours: self, context: context)
    var spans: [OpeningSpan] = []
    var start = 0
    while start < 1440 {
      let found = evaluator.status(on: date, minute: start)
      let next = evaluator.nextChange(
        after: LocalDateTime(date: date, minute: start), within: 1)
      let end = next.map { $0.date == date ? $0.minute : 1440 } ?? 1440
      spans.append(
        OpeningSpan(
          start: start, end: end, state: found.state,
          comment: found.rule.flatMap { rules[$0].comment }))
      start = end
    }
    return spans
  }
}
