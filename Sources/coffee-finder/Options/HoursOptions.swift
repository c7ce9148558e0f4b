import ArgumentParser
import BearingOpeningHours
import CoffeeFinder
import Foundation

/// Which opening hours to read: in which time zone, at which moment, and whether to keep only
/// the cafés open then.
struct HoursOptions: ParsableArguments {
  @Flag(
    name: .customLong("open-now"),
    help: ArgumentHelp(
      "Only the cafés open now (or at --at-time).",
      discussion: "Cafés whose opening hours are not known are left out, and counted."))
  var openNow = false

  @Option(
    name: .customLong("time-zone"),
    help: ArgumentHelp(
      "The time zone the cafés' opening hours are read in, an IANA name such as "
        + "Europe/Helsinki (default: this machine's).",
      valueName: "name"))
  var timeZone: String?

  @Option(
    name: .customLong("at-time"),
    help: ArgumentHelp(
      "Read opening hours at this moment instead of now: ISO 8601, 2026-12-01T08:30 (in "
        + "--time-zone) or with an offset, 2026-12-01T08:30+02:00.",
      valueName: "time"))
  var atTime: String?

  /// Throws a usage error for a zone that is not an IANA name or a time that is not ISO 8601.
  func check() throws {
    // Only IANA names, as Foundation names them back: it also reads "GMT+2" (as "GMT+0200",
    // which IANA's Etc/GMT+2 means the other way round). Its list of known names is ICU's and
    // lacks some (Asia/Kolkata), so the name it gives the zone is what counts.
    if let timeZone, timeZone != "UTC", TimeZone(identifier: timeZone)?.identifier != timeZone {
      throw ValidationError(
        "--time-zone must be an IANA time zone such as Europe/Helsinki; got \(timeZone)")
    }
    if let atTime, Self.instant(atTime, in: zone) == nil {
      throw ValidationError(
        "--at-time must be an ISO 8601 time such as 2026-12-01T08:30 or "
          + "2026-12-01T08:30+02:00; got \(atTime)")
    }
  }

  /// The zone chosen, else the machine's.
  var zone: TimeZone { timeZone.flatMap(TimeZone.init(identifier:)) ?? .current }

  /// The clock these options describe.
  var clock: HoursClock {
    HoursClock(timeZone: zone, fixedTime: atTime.flatMap { Self.instant($0, in: zone) })
  }

  /// The instant of `YYYY-MM-DDTHH:MM[:SS][Z|±HH[:MM]]` (a space may stand for the `T`); a time
  /// without an offset is a wall-clock time in `zone`. Nil for anything else, or a day or time
  /// that does not exist.
  static func instant(_ text: String, in zone: TimeZone) -> Date? {
    var rest = Substring(text.trimmingCharacters(in: .whitespaces))
    func number(_ digits: Int) -> Int? {
      let prefix = rest.prefix(digits)
      guard prefix.count == digits, prefix.allSatisfy(\.isASCII), let value = Int(prefix) else {
        return nil
      }
      rest = rest.dropFirst(digits)
      return value
    }
    func take(_ separator: Character) -> Bool {
      guard rest.first == separator else { return false }
      rest = rest.dropFirst()
      return true
    }
    guard let year = number(4), take("-"), let month = number(2), take("-"),
      let day = number(2), take("T") || take(" ") || take("t"),
      let hour = number(2), take(":"), let minute = number(2),
      let wall = LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute)
    else { return nil }
    var second = 0
    if take(":") {
      guard let value = number(2), value < 60 else { return nil }
      second = value
    }
    if rest.isEmpty {
      return wall.instant(in: zone).addingTimeInterval(Double(second))
    }
    var offset = 0
    if take("Z") || take("z") {
      offset = 0
    } else if let sign = rest.first, sign == "+" || sign == "-" {
      rest = rest.dropFirst()
      guard let hours = number(2), hours <= 23 else { return nil }
      // ±HH, ±HHMM or ±HH:MM; a colon needs its minutes.
      let minutes = take(":") || !rest.isEmpty ? number(2) : 0
      guard let minutes, minutes < 60 else { return nil }
      offset = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    } else {
      return nil
    }
    guard rest.isEmpty else { return nil }
    // The wall-clock time read as UTC, less the offset.
    let utc = wall.instant(in: .gmt)
    return utc.addingTimeInterval(Double(second - offset))
  }
}
