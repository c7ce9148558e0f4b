import Foundation

/// Evaluates a parsed value at wall-clock times: the day's rules in order, each read at one
/// minute (no schedule is built, so a state costs no allocation).
struct Evaluator {
  let hours: OpeningHours
  let context: OpeningHoursContext

  /// How one evaluation reads `PH` or `SH`.
  enum HolidayReading {
    case never, always
    case days(Set<LocalDate>)

    func contains(_ date: LocalDate) -> Bool {
      switch self {
      case .never: false
      case .always: true
      case .days(let days): days.contains(date)
      }
    }
  }

  struct World {
    var publicHolidays: HolidayReading
    var schoolHolidays: HolidayReading
  }

  struct Found {
    var state: OpeningState
    /// The rule that decided the state, for its comment.
    var rule: Int?
  }

  /// What the rules so far say of the minute, and of the whole day whether they say only
  /// "closed" (without a comment): a `||` rule, and a `;` rule that does not match the day, look
  /// at that.
  struct Cover {
    var kind: RuleKind?
    var rule: Int?
    var alwaysClosed: Bool
  }

  func status(on date: LocalDate, minute: Int) -> Found {
    switch context.holidays {
    case .none:
      return evaluate(
        on: date, minute: minute, World(publicHolidays: .never, schoolHolidays: .never))
    case .calendar(let publicHolidays, let schoolHolidays):
      return evaluate(
        on: date, minute: minute,
        World(publicHolidays: .days(publicHolidays), schoolHolidays: .days(schoolHolidays)))
    case .unknown:
      let base = evaluate(
        on: date, minute: minute, World(publicHolidays: .never, schoolHolidays: .never))
      guard hours.usesPublicHolidays || hours.usesSchoolHolidays else { return base }
      // Without a calendar the day may or may not be a holiday: the state is known only when
      // every reading gives the same one.
      let publicReadings: [HolidayReading] =
        hours.usesPublicHolidays ? [.never, .always] : [.never]
      let schoolReadings: [HolidayReading] =
        hours.usesSchoolHolidays ? [.never, .always] : [.never]
      for p in publicReadings {
        for s in schoolReadings {
          if case .never = p, case .never = s { continue }
          let other = evaluate(
            on: date, minute: minute, World(publicHolidays: p, schoolHolidays: s))
          if other.state != base.state { return Found(state: .unknown, rule: nil) }
        }
      }
      return base
    }
  }

  func evaluate(on date: LocalDate, minute: Int, _ world: World) -> Found {
    let today = DayInfo(date)
    var yesterday: DayInfo?
    var matchedSoFar = false
    var cover = Cover(kind: nil, rule: nil, alwaysClosed: true)
    for index in hours.rules.indices {
      let rule = hours.rules[index]
      let matchesToday = matches(rule, today, world)
      var matchesYesterday = false
      if rule.mayCrossMidnight {
        let info = yesterday ?? DayInfo(date.adding(days: -1))
        yesterday = info
        matchesYesterday = matches(rule, info, world)
      }
      var covered = false
      var nonEmpty = false
      if matchesToday {
        if rule.times.isEmpty {
          covered = true
          nonEmpty = true
        } else {
          for span in rule.times {
            guard case let (start, end)? = resolve(span, on: date) else { continue }
            let low = max(start, 0)
            let high = min(end, 1440)
            if low < high {
              nonEmpty = true
              if low <= minute && minute < high { covered = true }
            }
          }
        }
      }
      if matchesYesterday {
        for span in rule.times {
          guard case let (start, end)? = resolve(span, on: date.adding(days: -1)) else { continue }
          let low = max(start, 1440) - 1440
          let high = min(end, 2880) - 1440
          if low < high {
            nonEmpty = true
            if low <= minute && minute < high { covered = true }
          }
        }
      }
      let current = Cover(
        kind: covered ? rule.kind : nil, rule: covered ? index : nil,
        alwaysClosed: !nonEmpty || (rule.kind == .closed && rule.comment == nil))
      switch (rule.operation, rule.kind) {
      case (.normal, .open), (.normal, .unknown):
        if matchesToday || cover.alwaysClosed { cover = current }
        matchedSoFar = matchedSoFar || matchesToday
      case (.additional, _), (.normal, .closed):
        if current.kind != nil {
          cover.kind = current.kind
          cover.rule = current.rule
        }
        cover.alwaysClosed = cover.alwaysClosed && current.alwaysClosed
        matchedSoFar = matchedSoFar || matchesToday
      case (.fallback, _):
        if !(matchedSoFar && !cover.alwaysClosed) {
          matchedSoFar = matchesToday
          cover = current
        }
      }
    }
    switch cover.kind {
    case .open: return Found(state: .open, rule: cover.rule)
    case .unknown: return Found(state: .unknown, rule: cover.rule)
    case .closed:
      let commented = cover.rule.map { hours.rules[$0].comment != nil } ?? false
      return Found(state: .closed, rule: commented ? cover.rule : nil)
    case nil: return Found(state: .closed, rule: nil)
    }
  }

  // MARK: Times

  /// A span on a date, in minutes from the date's midnight: the end after the start (a span
  /// whose end is not after its start runs into the next day); nil when a sun event does not
  /// happen that day and the span cannot stand for the whole day.
  func resolve(_ span: TimeSpan, on date: LocalDate) -> (Int, Int)? {
    let start = minutes(span.start, on: date)
    let end = minutes(span.end, on: date)
    var low: Int
    var high: Int
    switch (start, end) {
    case (let s?, let e?):
      low = s
      high = e
    case (nil, let e?):
      // Polar day or night: a morning event stands for midnight in summer, an evening one in
      // winter.
      guard case .sun(let event, _) = span.start, event.isMorning == Self.isSummer(date) else {
        return nil
      }
      low = 0
      high = e
    case (let s?, nil):
      guard case .sun(let event, _) = span.end, event.isMorning != Self.isSummer(date) else {
        return nil
      }
      low = s
      high = 1440
    case (nil, nil):
      guard (Self.order(span.start) <= Self.order(span.end)) == Self.isSummer(date) else {
        return nil
      }
      low = 0
      high = 1440
    }
    if high <= low { high += 1440 }
    return (low, high)
  }

  static func isSummer(_ date: LocalDate) -> Bool {
    let (_, month, day) = date.components
    let monthDay = month * 100 + day
    return monthDay >= 320 && monthDay < 922
  }

  static func order(_ time: TimeOfDay) -> Int {
    switch time {
    case .fixed(let minutes): minutes
    case .sun(.dawn, let offset): 6 * 60 + offset
    case .sun(.sunrise, let offset): 7 * 60 + offset
    case .sun(.sunset, let offset): 19 * 60 + offset
    case .sun(.dusk, let offset): 20 * 60 + offset
    }
  }

  func minutes(_ time: TimeOfDay, on date: LocalDate) -> Int? {
    switch time {
    case .fixed(let minutes):
      return minutes
    case .sun(let event, let offset):
      guard
        let base = Sun.minutes(
          event, on: date, at: context.coordinates, in: context.timeZone)
      else { return nil }
      return base + offset
    }
  }

  // MARK: Days

  /// A date's parts, worked out once per evaluation.
  struct DayInfo {
    let date: LocalDate
    let year: Int
    let month: Int
    let day: Int
    let weekday: Int
    let daysInMonth: Int

    init(_ date: LocalDate) {
      self.date = date
      let components = date.components
      year = components.year
      month = components.month
      day = components.day
      weekday = date.weekday
      daysInMonth = LocalDate.daysIn(month: month, year: year)
    }
  }

  func matches(_ rule: Rule, _ info: DayInfo, _ world: World) -> Bool {
    if !rule.years.isEmpty
      && !rule.years.contains(where: { range in
        info.year >= range.start && info.year <= range.end
          && (info.year - range.start) % range.step == 0
      })
    {
      return false
    }
    if !rule.monthdays.isEmpty && !rule.monthdays.contains(where: { Self.contains($0, info) }) {
      return false
    }
    if !rule.weeks.isEmpty {
      let week = info.date.isoWeek
      if !rule.weeks.contains(where: { range in
        week >= range.start && week <= range.end && (week - range.start) % range.step == 0
      }) {
        return false
      }
    }
    if !rule.weekdays.isEmpty
      && !rule.weekdays.contains(where: { Self.contains($0, info, world) })
    {
      return false
    }
    return true
  }

  static func contains(_ range: WeekdayRange, _ info: DayInfo, _ world: World) -> Bool {
    switch range {
    case .days(let start, let end, let nth, let offset):
      let shifted = offset == 0 ? info : DayInfo(info.date.adding(days: -offset))
      let weekday = shifted.weekday
      let inRange =
        start <= end ? (weekday >= start && weekday <= end) : (weekday >= start || weekday <= end)
      guard inRange else { return false }
      if nth == 0 { return true }
      let fromStart = (shifted.day - 1) / 7
      let fromEnd = (shifted.daysInMonth - shifted.day) / 7
      return nth & (1 << fromStart) != 0 || nth & (1 << (5 + fromEnd)) != 0
    case .holiday(.publicHoliday, let offset):
      return world.publicHolidays.contains(info.date.adding(days: -offset))
    case .holiday(.schoolHoliday, let offset):
      return world.schoolHolidays.contains(info.date.adding(days: -offset))
    }
  }

  static func contains(_ range: MonthdayRange, _ info: DayInfo) -> Bool {
    switch range {
    case .months(nil, let start, let end):
      return start <= end
        ? (info.month >= start && info.month <= end) : (info.month >= start || info.month <= end)
    case .months(let year?, let start, let end):
      let endYear = end >= start ? year : year + 1
      return (info.year, info.month) >= (year, start) && (info.year, info.month) <= (endYear, end)
    case .dates(let start, let startOffset, let end, let endOffset):
      if let year = start.year ?? end.year {
        for (startYear, endYear) in [(year, year), (year - 1, year), (year, year + 1)] {
          guard
            let from = resolve(start, year: start.year ?? startYear, after: true).map(
              startOffset.apply),
            let to = resolve(end, year: end.year ?? endYear, after: false).map(endOffset.apply),
            from <= to
          else { continue }
          return from <= info.date && info.date <= to
        }
        return false
      }
      if case .fixed(_, 2, 29) = start, case .fixed(_, 2, 29) = end {
        return info.month == 2 && info.day == 29
      }
      for year in [info.year - 1, info.year] {
        guard let from = resolve(start, year: year, after: true).map(startOffset.apply) else {
          continue
        }
        guard var to = resolve(end, year: year, after: false).map(endOffset.apply) else {
          continue
        }
        if to < from {
          guard let next = resolve(end, year: year + 1, after: false).map(endOffset.apply) else {
            continue
          }
          to = next
        }
        if from <= info.date && info.date <= to { return true }
      }
      return false
    }
  }

  /// A month-day on a year; a day past the month's end is the next month's first day for a
  /// range's start (`after`) and the month's last day for its end.
  static func resolve(_ spec: DateSpec, year: Int, after: Bool) -> LocalDate? {
    switch spec {
    case .fixed(_, let month, let day):
      let last = LocalDate.daysIn(month: month, year: year)
      if day <= last {
        return LocalDate(dayNumber: LocalDate.dayNumber(year: year, month: month, day: day))
      }
      let end = LocalDate(dayNumber: LocalDate.dayNumber(year: year, month: month, day: last))
      return after ? end.adding(days: 1) : end
    case .nthWeekday(_, let month, let weekday, let nth):
      let last = LocalDate.daysIn(month: month, year: year)
      if nth > 0 {
        let first = LocalDate(dayNumber: LocalDate.dayNumber(year: year, month: month, day: 1))
        let day = 1 + (weekday - first.weekday + 7) % 7 + 7 * (nth - 1)
        guard day <= last else { return nil }
        return first.adding(days: day - 1)
      }
      let end = LocalDate(dayNumber: LocalDate.dayNumber(year: year, month: month, day: last))
      let day = last - (end.weekday - weekday + 7) % 7 - 7 * (-nth - 1)
      guard day >= 1 else { return nil }
      return end.adding(days: day - last)
    case .easter:
      return LocalDate.easter(year: year)
    }
  }

  // MARK: Next change

  func nextChange(after time: LocalDateTime, within days: Int) -> LocalDateTime? {
    let base = status(on: time.date, minute: time.minute).state
    var candidates: [Int] = []
    for offset in 0...max(days, 0) {
      let date = time.date.adding(days: offset)
      candidates.removeAll(keepingCapacity: true)
      boundaries(on: date, into: &candidates)
      for minute in candidates where offset > 0 || minute > time.minute {
        if status(on: date, minute: minute).state != base {
          return LocalDateTime(date: date, minute: minute)
        }
      }
    }
    return nil
  }

  /// Every minute of a day at which a rule's time starts or ends (and midnight), sorted.
  func boundaries(on date: LocalDate, into minutes: inout [Int]) {
    minutes.append(0)
    let yesterday = date.adding(days: -1)
    for rule in hours.rules {
      for span in rule.times {
        if case let (start, end)? = resolve(span, on: date) {
          if start > 0 && start < 1440 { minutes.append(start) }
          if end > 0 && end < 1440 { minutes.append(end) }
        }
        if rule.mayCrossMidnight, case let (start, end)? = resolve(span, on: yesterday) {
          if start > 1440 && start < 2880 { minutes.append(start - 1440) }
          if end > 1440 && end < 2880 { minutes.append(end - 1440) }
        }
      }
    }
    minutes.sort()
  }
}
