// Evaluates `opening_hours` values at wall-clock times, for scripts/opening-hours-conformance.
//
// Usage: opening-hours-probe TIMES_FILE TIME_ZONE LATITUDE LONGITUDE [none|unknown]
// TIMES_FILE has one wall-clock time a line (`2026-03-29T03:30`). Standard input has one value a
// line, each a JSON string. For each value, one JSON line on standard output:
// {"value": ..., "error": null or why, "states": "ocu..." (open, closed, unknown, one letter a
// time), "next": [the next change after each time, `YYYY-MM-DDTHH:MM`, or null]}.
import BearingOpeningHours
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 5, let timeZone = TimeZone(identifier: arguments[2]),
  let latitude = Double(arguments[3]), let longitude = Double(arguments[4])
else {
  FileHandle.standardError.write(
    Data("usage: opening-hours-probe TIMES_FILE TIME_ZONE LATITUDE LONGITUDE [none|unknown]\n".utf8)
  )
  exit(2)
}
let holidays: Holidays = arguments.count > 5 && arguments[5] == "unknown" ? .unknown : .none
let context = OpeningHoursContext(
  timeZone: timeZone, coordinates: Coordinates(latitude: latitude, longitude: longitude),
  holidays: holidays)

func parseTime(_ text: Substring) -> LocalDateTime? {
  let parts = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
  guard parts.count == 5 else { return nil }
  return LocalDateTime(
    year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])
}

let times = try String(contentsOfFile: arguments[1], encoding: .utf8).split(separator: "\n")
  .map { line -> LocalDateTime in
    guard let time = parseTime(line) else { fatalError("not a time: \(line)") }
    return time
  }

while let line = readLine() {
  guard
    let value = try JSONSerialization.jsonObject(
      with: Data(line.utf8), options: .fragmentsAllowed) as? String
  else { fatalError("not a JSON string: \(line)") }
  var record: [String: Any] = ["value": value]
  do {
    let hours = try OpeningHours(value)
    var states = ""
    var next: [Any] = []
    for time in times {
      switch hours.state(at: time, in: context) {
      case .open: states += "o"
      case .closed: states += "c"
      case .unknown: states += "u"
      }
      next.append(hours.nextChange(after: time, in: context).map { "\($0)" } ?? NSNull())
    }
    record["error"] = NSNull()
    record["states"] = states
    record["next"] = next
  } catch {
    record["error"] = "\(error)"
  }
  let data = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
  print(String(decoding: data, as: UTF8.self))
}
