// The parsed form of an `opening_hours` value: rule sequences of selectors, as the OSM
// specification (`Key:opening_hours/specification`) names them.

enum RuleOperator: Sendable, Hashable {
  /// `;` (or the first rule): a rule that matches a day replaces what earlier rules said of it.
  case normal
  /// `,`: adds to what earlier rules said of the day.
  case additional
  /// `||`: applies only where the earlier rules said nothing of the day.
  case fallback
}

enum RuleKind: Sendable, Hashable {
  case open, closed, unknown
}

enum SunEvent: Sendable, Hashable {
  case dawn, sunrise, sunset, dusk

  /// Morning events stand in for midnight, evening ones for the end of the day, when the sun
  /// never reaches the event's altitude (polar day or night).
  var isMorning: Bool { self == .dawn || self == .sunrise }
}

/// A time of day: fixed (minutes since midnight, up to 48 h) or a sun event with an offset.
enum TimeOfDay: Sendable, Hashable {
  case fixed(Int)
  case sun(SunEvent, offset: Int)
}

struct TimeSpan: Sendable, Hashable {
  var start: TimeOfDay
  var end: TimeOfDay
  /// `+`: an open end. The state past the end is what the rest of the value says (the
  /// reference evaluator does the same).
  var openEnd: Bool
}

struct YearRange: Sendable, Hashable {
  var start: Int
  /// `Int.max` for `2020+`.
  var end: Int
  var step: Int
}

/// A day of the year, as written in a month-day range.
enum DateSpec: Sendable, Hashable {
  case fixed(year: Int?, month: Int, day: Int)
  /// `Dec Su[-1]`: the nth weekday (0 = Monday) of a month, negative from the month's end.
  case nthWeekday(year: Int?, month: Int, weekday: Int, nth: Int)
  case easter(year: Int?)

  var year: Int? {
    switch self {
    case .fixed(let year, _, _), .nthWeekday(let year, _, _, _), .easter(let year): year
    }
  }
}

/// An offset after a date: to a weekday (`+Su`: the next Sunday on or after... strictly after
/// the date; `-Su` before) and then by days (`+2 days`).
struct DateOffset: Sendable, Hashable {
  /// (weekday 0-6, +1 for the next such weekday, -1 for the previous one)
  var weekday: (day: Int, direction: Int)?
  var days: Int

  static let zero = DateOffset(weekday: nil, days: 0)

  static func == (lhs: DateOffset, rhs: DateOffset) -> Bool {
    lhs.weekday?.day == rhs.weekday?.day && lhs.weekday?.direction == rhs.weekday?.direction
      && lhs.days == rhs.days
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(weekday?.day)
    hasher.combine(weekday?.direction)
    hasher.combine(days)
  }

  func apply(_ date: LocalDate) -> LocalDate {
    var date = date
    if case let (day, direction)? = weekday {
      if direction > 0 {
        var delta = (day - date.weekday + 7) % 7
        if delta == 0 { delta = 7 }
        date = date.adding(days: delta)
      } else {
        var delta = (date.weekday - day + 7) % 7
        if delta == 0 { delta = 7 }
        date = date.adding(days: -delta)
      }
    }
    return date.adding(days: days)
  }
}

enum MonthdayRange: Sendable, Hashable {
  /// Months `start...end` (wrapping through the new year when start > end), of any year or, with
  /// a year, of that year (to the end month of that year or the next).
  case months(year: Int?, start: Int, end: Int)
  /// Dates `start...end` (each with its offset), wrapping through the new year when the end
  /// comes before the start.
  case dates(start: DateSpec, startOffset: DateOffset, end: DateSpec, endOffset: DateOffset)
}

struct WeekRange: Sendable, Hashable {
  var start: Int
  var end: Int
  var step: Int
}

enum HolidayKind: Sendable, Hashable {
  case publicHoliday, schoolHoliday
}

enum WeekdayRange: Sendable, Hashable {
  /// Weekdays `start...end` (0 = Monday; wrapping when start > end). `nth` is a bit set: bits
  /// 0-4 for the 1st-5th such weekday of the month, bits 5-9 for the last to 5th-last; 0 for
  /// every one. `offset` shifts the match by days (`Su[-1] -1 day` is the Saturday before).
  case days(start: Int, end: Int, nth: UInt16, offset: Int)
  case holiday(HolidayKind, offset: Int)
}

struct Rule: Sendable, Hashable {
  var operation: RuleOperator = .normal
  var kind: RuleKind = .open
  var comment: String?
  /// Whether the rule says `open`, `closed`, `off` or `unknown` in words.
  var statesKind: Bool = false
  var years: [YearRange] = []
  var monthdays: [MonthdayRange] = []
  var weeks: [WeekRange] = []
  var weekdays: [WeekdayRange] = []
  /// Empty: the whole day.
  var times: [TimeSpan] = []
  /// Whether a weekday selector names `PH` or `SH`.
  var usesHolidays: Bool = false
  /// Whether a time names a sun event.
  var usesSun: Bool = false
  /// Whether a time may run past midnight into the next day (`22:00-02:00`, `18:00-26:00`, a
  /// sun event).
  var mayCrossMidnight: Bool = false
}
