// A recursive-descent parser of `opening_hours` values. It follows the OSM specification's
// grammar, with the same relaxations the reference evaluator accepts (single-digit hours and
// days, case-insensitive names, spaces around `-` in times and around `;`), and as a PEG does:
// alternatives are tried in order and the first that matches is kept.

/// Why a value could not be parsed: the byte offset in its UTF-8 text where the parser stopped
/// and what it expected there.
public struct OpeningHoursParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The byte offset in the value's UTF-8 text where parsing stopped.
  public let offset: Int
  /// What the parser expected at `offset`, such as "a rule".
  public let expected: String

  /// "opening_hours: expected WHAT at offset N".
  public var description: String { "opening_hours: expected \(expected) at offset \(offset)" }
}

struct Parser {
  let text: [UInt8]
  var position = 0
  /// The furthest position a failed match reached, and what it expected: the error to report.
  var furthest = 0
  var expected = "a rule"

  init(_ value: String) { text = Array(value.utf8) }

  static func parse(_ value: String) throws(OpeningHoursParseError) -> [Rule] {
    var parser = Parser(value)
    guard let rules = parser.openingHours() else {
      throw OpeningHoursParseError(offset: parser.furthest, expected: parser.expected)
    }
    return rules
  }

  // MARK: Primitives

  var atEnd: Bool { position >= text.count }

  func peek(_ offset: Int = 0) -> UInt8? {
    position + offset < text.count ? text[position + offset] : nil
  }

  mutating func fail<T>(_ what: String) -> T? {
    if position >= furthest {
      furthest = position
      expected = what
    }
    return nil
  }

  /// Consumes `literal` exactly.
  mutating func literal(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= text.count else { return false }
    let bytes = literal.utf8Start
    for i in 0..<count where text[position + i] != bytes[i] { return false }
    position += count
    return true
  }

  /// Consumes `literal` (lowercase ASCII) in any case.
  mutating func keyword(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= text.count else { return false }
    let bytes = literal.utf8Start
    for i in 0..<count {
      var c = text[position + i]
      if c >= 65 && c <= 90 { c += 32 }
      if c != bytes[i] { return false }
    }
    position += count
    return true
  }

  mutating func byte(_ c: UInt8) -> Bool {
    guard peek() == c else { return false }
    position += 1
    return true
  }

  mutating func space() -> Bool { byte(0x20) }

  static func isDigit(_ c: UInt8?) -> Bool { c.map { $0 >= 48 && $0 <= 57 } ?? false }

  func digit(_ offset: Int = 0) -> Int? {
    guard let c = peek(offset), Self.isDigit(c) else { return nil }
    return Int(c - 48)
  }

  /// Runs `body`; when it fails, puts the position back.
  mutating func attempt<T>(_ body: (inout Parser) -> T?) -> T? {
    let saved = position
    if let value = body(&self) { return value }
    position = saved
    return nil
  }

  // MARK: Time domain

  mutating func openingHours() -> [Rule]? {
    guard !atEnd else { return fail("a rule") }
    var rules: [Rule] = []
    guard let first = ruleSequence(.normal) else { return nil }
    rules.append(first)
    while !atEnd {
      guard let separator = attempt({ $0.ruleSeparator() }) else {
        return fail("`;`, `,`, `||` or the end")
      }
      guard let rule = ruleSequence(separator) else { return nil }
      rules.append(rule)
    }
    return rules
  }

  mutating func ruleSeparator() -> RuleOperator? {
    if let normal = attempt({ p -> RuleOperator? in
      _ = p.space()
      guard p.byte(UInt8(ascii: ";")) else { return nil }
      _ = p.space()
      return .normal
    }) {
      return normal
    }
    if let additional = attempt({ p -> RuleOperator? in
      _ = p.space()
      guard p.byte(UInt8(ascii: ",")), p.space() else { return nil }
      return .additional
    }) {
      return additional
    }
    return attempt { p -> RuleOperator? in
      _ = p.space()
      guard p.literal("||"), p.space() else { return nil }
      return .fallback
    }
  }

  mutating func ruleSequence(_ operation: RuleOperator) -> Rule? {
    // Not an empty rule: a separator or the end right here is an error.
    let saved = position
    _ = space()
    if atEnd || attempt({ $0.ruleSeparator() }) != nil {
      position = saved
      return fail("a rule")
    }
    position = saved
    var rule = Rule()
    rule.operation = operation
    guard selectorSequence(&rule) else { return nil }
    let beforeModifier = position
    _ = space()
    if !rulesModifier(&rule) { position = beforeModifier }
    return rule
  }

  mutating func rulesModifier(_ rule: inout Rule) -> Bool {
    if let text = comment() {
      rule.comment = text
      return true
    }
    let kind: RuleKind
    if keyword("closed") || keyword("off") {
      kind = .closed
    } else if keyword("open") {
      kind = .open
    } else if keyword("unknown") {
      kind = .unknown
    } else {
      return fail("`open`, `closed`, `off`, `unknown` or a comment") ?? false
    }
    rule.kind = kind
    rule.statesKind = true
    let afterKind = position
    if space(), let text = comment() {
      rule.comment = text
    } else {
      position = afterKind
    }
    return true
  }

  mutating func comment() -> String? {
    attempt { p -> String? in
      guard p.byte(UInt8(ascii: "\"")) else { return nil }
      let start = p.position
      while let c = p.peek(), c != UInt8(ascii: "\"") { p.position += 1 }
      guard p.position > start, p.byte(UInt8(ascii: "\"")) else {
        return p.fail("a closing `\"`")
      }
      return String(decoding: p.text[start..<(p.position - 1)], as: UTF8.self)
    }
  }

  // MARK: Selectors

  mutating func selectorSequence(_ rule: inout Rule) -> Bool {
    if literal("24/7") { return true }
    guard wideRangeSelectors(&rule) else { return false }
    smallRangeSelectors(&rule)
    return true
  }

  mutating func wideRangeSelectors(_ rule: inout Rule) -> Bool {
    // A comment followed by `:` (a comment that names the selectors' scope).
    if let text = attempt({ p -> String? in
      guard let text = p.comment(), p.byte(UInt8(ascii: ":")) else { return nil }
      return text
    }) {
      rule.comment = text
      return true
    }
    // Month-days first: a lone year is a month-day range's year when one follows.
    if case let (monthdays, weeks)? = attempt({ p -> ([MonthdayRange], [WeekRange])? in
      guard let monthdays = p.monthdaySelector() else { return nil }
      let weeks = p.attempt { $0.weekSelector() } ?? []
      p.separatorForReadability()
      return (monthdays, weeks)
    }) {
      rule.monthdays = monthdays
      rule.weeks = weeks
      return true
    }
    if let years = attempt({ $0.yearSelector() }) { rule.years = years }
    _ = space()
    if let monthdays = attempt({ $0.monthdaySelector() }) { rule.monthdays = monthdays }
    _ = space()
    if let weeks = attempt({ $0.weekSelector() }) { rule.weeks = weeks }
    separatorForReadability()
    return true
  }

  mutating func separatorForReadability() {
    if space() { return }
    if literal(": ") { return }
    _ = byte(UInt8(ascii: ":"))
  }

  mutating func smallRangeSelectors(_ rule: inout Rule) {
    if case let (weekdays, usesHolidays)? = attempt({ $0.weekdaySelector() }) {
      rule.weekdays = weekdays
      rule.usesHolidays = usesHolidays
      if let times = attempt({ p -> [TimeSpan]? in
        guard p.space() else { return nil }
        return p.timeSelector()
      }) {
        rule.times = times
      }
    } else if let times = attempt({ $0.timeSelector() }) {
      rule.times = times
    }
    rule.usesSun = rule.times.contains { span in
      if case .sun = span.start { return true }
      if case .sun = span.end { return true }
      return false
    }
    rule.mayCrossMidnight = rule.times.contains { span in
      guard case .fixed(let start) = span.start, case .fixed(let end) = span.end else {
        return true
      }
      return end <= start || end > 24 * 60
    }
  }

  // MARK: Times

  mutating func timeSelector() -> [TimeSpan]? {
    guard let first = attempt({ $0.timespan() }) else { return nil }
    var spans = [first]
    while let next = attempt({ p -> TimeSpan? in
      guard p.byte(UInt8(ascii: ",")) else { return nil }
      _ = p.space()
      return p.timespan()
    }) {
      spans.append(next)
    }
    return spans
  }

  mutating func timespan() -> TimeSpan? {
    guard let start = time() else { return fail("a time") }
    let afterStart = position
    // `time - extended_time` with an optional repetition (`/01:30` or `/90`, whose points in
    // time are read as the whole span) or an open end.
    if let span = attempt({ p -> TimeSpan? in
      _ = p.space()
      guard p.byte(UInt8(ascii: "-")) else { return nil }
      let beforeEnd = p.position
      if let end = p.extendedTime(),
        p.attempt({ q -> Bool? in
          _ = q.space()
          guard q.byte(UInt8(ascii: "/")) else { return nil }
          _ = q.space()
          if q.attempt({ $0.hourMinutes() }) != nil { return true }
          return q.attempt({ $0.minute() }) != nil ? true : nil
        }) != nil
      {
        return TimeSpan(start: start, end: end, openEnd: false)
      }
      p.position = beforeEnd
      _ = p.space()
      guard let end = p.extendedTime() else { return p.fail("a time") }
      let openEnd = p.byte(UInt8(ascii: "+"))
      return TimeSpan(start: start, end: end, openEnd: openEnd)
    }) {
      return span
    }
    position = afterStart
    if byte(UInt8(ascii: "+")) {
      return TimeSpan(start: start, end: .fixed(24 * 60), openEnd: true)
    }
    return fail("`-` or `+` after a time")
  }

  /// A time of day (not `24:00`) or a sun event.
  mutating func time() -> TimeOfDay? {
    let saved = position
    if literal("24:00") {
      position = saved
    } else if let minutes = attempt({ $0.hourMinutes() }) {
      return .fixed(minutes)
    }
    return variableTime()
  }

  mutating func extendedTime() -> TimeOfDay? {
    if let minutes = attempt({ p -> Int? in
      guard let hour = p.extendedHour(), p.byte(UInt8(ascii: ":")), let minute = p.minute()
      else { return nil }
      return hour * 60 + minute
    }) {
      return .fixed(minutes)
    }
    return variableTime()
  }

  mutating func variableTime() -> TimeOfDay? {
    if let time = attempt({ p -> TimeOfDay? in
      guard p.byte(UInt8(ascii: "(")), let event = p.event() else { return nil }
      let sign: Int
      if p.byte(UInt8(ascii: "+")) {
        sign = 1
      } else if p.byte(UInt8(ascii: "-")) {
        sign = -1
      } else {
        return nil
      }
      guard let offset = p.hourMinutes(), p.byte(UInt8(ascii: ")")) else { return nil }
      return .sun(event, offset: sign * offset)
    }) {
      return time
    }
    return event().map { .sun($0, offset: 0) }
  }

  mutating func event() -> SunEvent? {
    if keyword("dawn") { return .dawn }
    if keyword("sunrise") { return .sunrise }
    if keyword("sunset") { return .sunset }
    if keyword("dusk") { return .dusk }
    return fail("a time or a sun event")
  }

  /// `HH:MM` (a single-digit hour too) or `24:00`, in minutes.
  mutating func hourMinutes() -> Int? {
    if let minutes = attempt({ p -> Int? in
      guard let hour = p.hour(), p.byte(UInt8(ascii: ":")), let minute = p.minute() else {
        return nil
      }
      return hour * 60 + minute
    }) {
      return minutes
    }
    return literal("24:00") ? 24 * 60 : fail("a time")
  }

  mutating func hour() -> Int? {
    guard let d0 = digit() else { return nil }
    if let d1 = digit(1), d0 <= 1 || (d0 == 2 && d1 <= 3) {
      position += 2
      return d0 * 10 + d1
    }
    guard digit(1) == nil else { return nil }
    position += 1
    return d0
  }

  mutating func extendedHour() -> Int? {
    guard let d0 = digit() else { return nil }
    if let d1 = digit(1), d0 <= 3 || (d0 == 4 && d1 <= 8) {
      position += 2
      return d0 * 10 + d1
    }
    guard digit(1) == nil else { return nil }
    position += 1
    return d0
  }

  mutating func minute() -> Int? {
    guard let d0 = digit(), d0 <= 5, let d1 = digit(1) else { return nil }
    position += 2
    return d0 * 10 + d1
  }

  // MARK: Weekdays and holidays

  mutating func weekdaySelector() -> ([WeekdayRange], Bool)? {
    if let holidays = attempt({ $0.holidaySequence() }) {
      let rest =
        attempt({ p -> [WeekdayRange]? in
          guard p.byte(UInt8(ascii: ",")) || p.space() else { return nil }
          return p.weekdaySequence()
        }) ?? []
      return (holidays + rest, true)
    }
    guard let days = attempt({ $0.weekdaySequence() }) else { return nil }
    let holidays =
      attempt({ p -> [WeekdayRange]? in
        guard p.byte(UInt8(ascii: ",")) || p.space() else { return nil }
        return p.holidaySequence()
      }) ?? []
    return (days + holidays, !holidays.isEmpty)
  }

  mutating func weekdaySequence() -> [WeekdayRange]? {
    guard let first = attempt({ $0.weekdayRange() }) else { return nil }
    var ranges = [first]
    while let next = attempt({ p -> WeekdayRange? in
      guard p.byte(UInt8(ascii: ",")) else { return nil }
      return p.weekdayRange()
    }) {
      ranges.append(next)
    }
    return ranges
  }

  mutating func weekdayRange() -> WeekdayRange? {
    guard let day = wday() else { return nil }
    if case let (nth, offset)? = attempt({ p -> (UInt16, Int)? in
      guard p.byte(UInt8(ascii: "[")), var nth = p.nthEntry() else { return nil }
      while let more = p.attempt({ q -> UInt16? in
        guard q.byte(UInt8(ascii: ",")) else { return nil }
        return q.nthEntry()
      }) {
        nth |= more
      }
      guard p.byte(UInt8(ascii: "]")) else { return nil }
      let offset = p.attempt { $0.dayOffset() } ?? 0
      return (nth, offset)
    }) {
      return .days(start: day, end: day, nth: nth, offset: offset)
    }
    if let end = attempt({ p -> Int? in
      guard p.byte(UInt8(ascii: "-")) else { return nil }
      return p.wday()
    }) {
      return .days(start: day, end: end, nth: 0, offset: 0)
    }
    return .days(start: day, end: day, nth: 0, offset: 0)
  }

  /// `1`, `-1`, `1-3`, as bits of WeekdayRange's `nth`.
  mutating func nthEntry() -> UInt16? {
    if let bits = attempt({ p -> UInt16? in
      guard let from = p.nth(), p.byte(UInt8(ascii: "-")), let to = p.nth(), from <= to else {
        return nil
      }
      var bits: UInt16 = 0
      for n in from...to { bits |= 1 << (n - 1) }
      return bits
    }) {
      return bits
    }
    if let bits = attempt({ p -> UInt16? in
      guard p.byte(UInt8(ascii: "-")), let n = p.nth() else { return nil }
      return 1 << (n + 4)
    }) {
      return bits
    }
    return nth().map { 1 << ($0 - 1) }
  }

  mutating func nth() -> Int? {
    guard let d = digit(), (1...5).contains(d) else { return nil }
    position += 1
    return d
  }

  /// ` +2 days`, ` -1 day`.
  mutating func dayOffset() -> Int? {
    guard space() else { return nil }
    let sign: Int
    if byte(UInt8(ascii: "+")) {
      sign = 1
    } else if byte(UInt8(ascii: "-")) {
      sign = -1
    } else {
      return nil
    }
    guard let n = positiveNumber(), space(), literal("day") else { return nil }
    _ = byte(UInt8(ascii: "s"))
    return sign * n
  }

  mutating func positiveNumber() -> Int? {
    let start = position
    while peek() == UInt8(ascii: "0") { position += 1 }
    guard let first = digit(), first > 0 else {
      position = start
      return nil
    }
    var value = 0
    var count = 0
    while count < 4, let d = digit() {
      value = value * 10 + d
      position += 1
      count += 1
    }
    return value
  }

  mutating func holidaySequence() -> [WeekdayRange]? {
    guard let first = holiday() else { return nil }
    var holidays = [first]
    while let next = attempt({ p -> WeekdayRange? in
      guard p.byte(UInt8(ascii: ",")) else { return nil }
      return p.holiday()
    }) {
      holidays.append(next)
    }
    return holidays
  }

  mutating func holiday() -> WeekdayRange? {
    if literal("PH") {
      return .holiday(.publicHoliday, offset: attempt { $0.dayOffset() } ?? 0)
    }
    if literal("SH") { return .holiday(.schoolHoliday, offset: 0) }
    return nil
  }

  /// A weekday, 0 = Monday, in any case; never the start of `sunrise`/`sunset`.
  mutating func wday() -> Int? {
    let saved = position
    if event() != nil {
      position = saved
      return nil
    }
    let names: [StaticString] = ["mo", "tu", "we", "th", "fr", "sa", "su"]
    for (index, name) in names.enumerated() where keyword(name) { return index }
    return fail("a weekday")
  }

  // MARK: Weeks, months, years

  mutating func weekSelector() -> [WeekRange]? {
    separatorForReadability()
    guard literal("week") else { return nil }
    _ = space()
    guard let first = week() else { return nil }
    var weeks = [first]
    while let next = attempt({ p -> WeekRange? in
      guard p.byte(UInt8(ascii: ",")) else { return nil }
      return p.week()
    }) {
      weeks.append(next)
    }
    return weeks
  }

  mutating func week() -> WeekRange? {
    guard let start = weeknum() else { return nil }
    if let range = attempt({ p -> WeekRange? in
      guard p.byte(UInt8(ascii: "-")), let end = p.weeknum() else { return nil }
      let step =
        p.attempt { q -> Int? in
          guard q.byte(UInt8(ascii: "/")) else { return nil }
          return q.positiveNumber()
        } ?? 1
      return WeekRange(start: start, end: end, step: step)
    }) {
      return range
    }
    return WeekRange(start: start, end: start, step: 1)
  }

  mutating func weeknum() -> Int? {
    guard let d0 = digit() else { return nil }
    if let d1 = digit(1) {
      let n = d0 * 10 + d1
      if (10...53).contains(n) || (d0 == 0 && d1 >= 1) {
        position += 2
        return n
      }
    }
    guard d0 >= 1 else { return nil }
    position += 1
    return d0
  }

  mutating func monthdaySelector() -> [MonthdayRange]? {
    guard let first = attempt({ $0.monthdayRange() }) else { return nil }
    var ranges = [first]
    while let next = attempt({ p -> MonthdayRange? in
      guard p.byte(UInt8(ascii: ",")) else { return nil }
      return p.monthdayRange()
    }) {
      ranges.append(next)
    }
    return ranges
  }

  mutating func monthdayRange() -> MonthdayRange? {
    // date - date
    if let range = attempt({ p -> MonthdayRange? in
      guard let start = p.dateFrom() else { return nil }
      let startOffset = p.attempt { $0.dateOffset() } ?? .zero
      _ = p.space()
      guard p.byte(UInt8(ascii: "-")) else { return nil }
      _ = p.space()
      guard let end = p.dateTo(start) else { return nil }
      let endOffset = p.attempt { $0.dateOffset() } ?? .zero
      return .dates(start: start, startOffset: startOffset, end: end, endOffset: endOffset)
    }) {
      return range
    }
    // date with an offset, or a date alone; `+` runs to the end of the year.
    if let range = attempt({ p -> MonthdayRange? in
      guard let start = p.dateFrom() else { return nil }
      let offset = p.attempt { $0.dateOffset() } ?? .zero
      if p.byte(UInt8(ascii: "+")) {
        let end = DateSpec.fixed(year: start.year, month: 12, day: 31)
        return .dates(start: start, startOffset: offset, end: end, endOffset: .zero)
      }
      return .dates(start: start, startOffset: offset, end: start, endOffset: offset)
    }) {
      return range
    }
    // [year] month [- month]
    return attempt { p -> MonthdayRange? in
      let year = p.year()
      guard let start = p.month() else { return nil }
      if let end = p.attempt({ q -> Int? in
        guard q.byte(UInt8(ascii: "-")) else { return nil }
        return q.month()
      }) {
        return .months(year: year, start: start, end: end)
      }
      return .months(year: year, start: start, end: start)
    }
  }

  mutating func dateOffset() -> DateOffset? {
    if let offset = attempt({ p -> DateOffset? in
      let direction: Int
      if p.byte(UInt8(ascii: "+")) {
        direction = 1
      } else if p.byte(UInt8(ascii: "-")) {
        direction = -1
      } else {
        return nil
      }
      guard let day = p.wday() else { return nil }
      let days = p.attempt { $0.dayOffset() } ?? 0
      return DateOffset(weekday: (day, direction), days: days)
    }) {
      return offset
    }
    return dayOffset().map { DateOffset(weekday: nil, days: $0) }
  }

  mutating func dateFrom() -> DateSpec? {
    if let easter = attempt({ p -> DateSpec? in
      let year = p.year()
      _ = p.space()
      guard p.keyword("easter") else { return nil }
      return .easter(year: year)
    }) {
      return easter
    }
    if let fixed = attempt({ p -> DateSpec? in
      let year = p.attempt { q -> Int? in
        guard let year = q.year() else { return nil }
        _ = q.space()
        return year
      }
      guard let month = p.month() else { return nil }
      _ = p.space()
      guard let day = p.daynum() else { return nil }
      return .fixed(year: year, month: month, day: day)
    }) {
      return fixed
    }
    return attempt { p -> DateSpec? in
      let year = p.attempt { q -> Int? in
        guard let year = q.year() else { return nil }
        _ = q.space()
        return year
      }
      guard let month = p.month(), p.space(), let weekday = p.wday(),
        p.byte(UInt8(ascii: "["))
      else { return nil }
      let negative = p.byte(UInt8(ascii: "-"))
      guard let n = p.nth(), p.byte(UInt8(ascii: "]")) else { return nil }
      // Not followed by `,` unless a month-day range follows it.
      let afterBracket = p.position
      if p.byte(UInt8(ascii: ",")) {
        let isRange = p.attempt { $0.monthdayRange() } != nil
        p.position = afterBracket
        if !isRange { return nil }
      }
      return .nthWeekday(year: year, month: month, weekday: weekday, nth: negative ? -n : n)
    }
  }

  /// The end of a date range: a full date, or a day of the start's month.
  mutating func dateTo(_ start: DateSpec) -> DateSpec? {
    if let date = attempt({ $0.dateFrom() }) { return date }
    guard let day = daynum() else { return nil }
    switch start {
    case .fixed(_, let month, _), .nthWeekday(_, let month, _, _):
      return .fixed(year: nil, month: month, day: day)
    case .easter:
      return nil
    }
  }

  /// A day of the month (1-31, one or two digits), never the hour of a time that follows.
  mutating func daynum() -> Int? {
    guard let d0 = digit() else { return nil }
    var length = 0
    var value = 0
    if let d1 = digit(1), (d0 == 1 || d0 == 2) || (d0 == 3 && d1 <= 1) {
      length = 2
      value = d0 * 10 + d1
    } else if d0 == 0, let d1 = digit(1), d1 >= 1 {
      length = 2
      value = d1
    } else if d0 >= 1 {
      length = 1
      value = d0
    } else {
      return nil
    }
    // `:MM` not followed by `:MM` means the digits were an hour.
    if peek(length) == UInt8(ascii: ":"), let m0 = digit(length + 1), m0 <= 5,
      digit(length + 2) != nil
    {
      let after = length + 3
      let followedByMinutes =
        peek(after) == UInt8(ascii: ":") && (digit(after + 1) ?? 9) <= 5 && digit(after + 2) != nil
      if !followedByMinutes { return nil }
    }
    position += length
    return value
  }

  mutating func month() -> Int? {
    let names: [StaticString] = [
      "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]
    for (index, name) in names.enumerated() where keyword(name) { return index + 1 }
    return fail("a month")
  }

  /// A four-digit year, 1900-9999.
  mutating func year() -> Int? {
    guard let d0 = digit(), let d1 = digit(1), let d2 = digit(2), let d3 = digit(3),
      (d0 == 1 && d1 == 9) || d0 >= 2
    else { return nil }
    position += 4
    return d0 * 1000 + d1 * 100 + d2 * 10 + d3
  }

  mutating func yearSelector() -> [YearRange]? {
    guard let first = yearRange() else { return nil }
    var ranges = [first]
    while let next = attempt({ p -> YearRange? in
      guard p.byte(UInt8(ascii: ",")) else { return nil }
      return p.yearRange()
    }) {
      ranges.append(next)
    }
    return ranges
  }

  mutating func yearRange() -> YearRange? {
    guard let start = year() else { return nil }
    if byte(UInt8(ascii: "+")) { return YearRange(start: start, end: Int.max, step: 1) }
    if let range = attempt({ p -> YearRange? in
      guard p.byte(UInt8(ascii: "-")), let end = p.year() else { return nil }
      let step =
        p.attempt { q -> Int? in
          guard q.byte(UInt8(ascii: "/")) else { return nil }
          return q.positiveNumber()
        } ?? 1
      return YearRange(start: start, end: end, step: step)
    }) {
      return range
    }
    return YearRange(start: start, end: start, step: 1)
  }
}
