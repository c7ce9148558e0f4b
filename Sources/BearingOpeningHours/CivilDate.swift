import BearingLocation

/// A day of the proleptic Gregorian calendar, held as its number of days since 1970-01-01, the
/// arithmetic the evaluator needs (weekday, day of month, ISO week, Easter) done on integers.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01 (negative before it).
  public let dayNumber: Int

  /// The date `dayNumber` days after 1970-01-01 (before it, when negative).
  public init(dayNumber: Int) { self.dayNumber = dayNumber }

  /// The date of a year, month (1-12) and day (1-31); nil when the day is not in that month.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year)
    else { return nil }
    self.dayNumber = Self.dayNumber(year: year, month: month, day: day)
  }

  /// Days since 1970-01-01 of a civil date: the package's one formula (`CivilDate`).
  static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    CivilDate.daysSince1970(year: year, month: month, day: day)
  }

  /// Year, month and day.
  public var components: (year: Int, month: Int, day: Int) {
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The year, such as 2026.
  public var year: Int { components.year }
  /// The month, 1-12.
  public var month: Int { components.month }
  /// The day of the month, 1-31.
  public var day: Int { components.day }

  /// 0 for Monday ... 6 for Sunday (1970-01-01 was a Thursday).
  public var weekday: Int {
    let r = (dayNumber + 3) % 7
    return r < 0 ? r + 7 : r
  }

  /// The date `days` days later (earlier, when negative).
  public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

  static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The ISO 8601 week number (1-53): the week with the year's first Thursday is week 1.
  var isoWeek: Int {
    let thursday = dayNumber - weekday + 3
    let year = LocalDate(dayNumber: thursday).year
    let january1 = Self.dayNumber(year: year, month: 1, day: 1)
    return (thursday - january1) / 7 + 1
  }

  /// Western Easter Sunday of a year (the anonymous Gregorian computus).
  static func easter(year: Int) -> LocalDate {
    let a = year % 19
    let b = year / 100
    let c = year % 100
    let d = b / 4
    let e = b % 4
    let f = (b + 8) / 25
    let g = (b - f + 1) / 3
    let h = (19 * a + b - d - g + 15) % 30
    let i = c / 4
    let k = c % 4
    let l = (32 + 2 * e + 2 * i - h - k) % 7
    let m = (a + 11 * h + 22 * l) / 451
    let month = (h + l - 7 * m + 114) / 31
    let day = (h + l - 7 * m + 114) % 31 + 1
    return LocalDate(dayNumber: dayNumber(year: year, month: month, day: day))
  }

  /// Whether `lhs` is the earlier day.
  public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

  /// The date as `YYYY-MM-DD`, such as "2026-11-22".
  public var description: String {
    let (y, m, d) = components
    return "\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)"
  }
}

/// A wall-clock time on a date in the place's own time: what `opening_hours` values speak of.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The day.
  public var date: LocalDate
  /// Minutes since the date's midnight, 0..<1440.
  public var minute: Int

  /// The time `minute` minutes after the midnight starting `date`; minutes outside 0..<1440 carry
  /// into earlier or later days.
  public init(date: LocalDate, minute: Int) {
    let carry = minute >= 0 ? minute / 1440 : (minute - 1439) / 1440
    self.date = date.adding(days: carry)
    self.minute = minute - carry * 1440
  }

  /// A wall-clock time from its parts; nil when the date does not exist or the time is not one
  /// of the day's (hour 0-23, minute 0-59).
  public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int) {
    guard let date = LocalDate(year: year, month: month, day: day), (0..<24).contains(hour),
      (0..<60).contains(minute)
    else { return nil }
    self.date = date
    self.minute = hour * 60 + minute
  }

  /// The hour of the day, 0-23.
  public var hour: Int { minute / 60 }

  /// Whether `lhs` is the earlier time, comparing the date first and then the minute.
  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    (lhs.date.dayNumber, lhs.minute) < (rhs.date.dayNumber, rhs.minute)
  }

  /// The time as `YYYY-MM-DDTHH:MM`, such as "2026-11-22T08:30".
  public var description: String {
    let h = minute / 60
    let m = minute % 60
    return "\(date)T\(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m)"
  }
}
