import BearingOpeningHours
import Foundation
import LibFuzzerDriver

// An `opening_hours` tag is the mapper's free text: the input is parsed, and a value that
// parses is evaluated as the app would, at a few wall-clock times (a DST change and New Year
// among them) with the holiday and sun readings, its next change looked for and a day's spans
// built.
private let context = OpeningHoursContext(
  timeZone: TimeZone(identifier: "Europe/Helsinki")!,
  coordinates: Coordinates(latitude: 60.17, longitude: 24.94), holidays: .unknown)
private let times = [
  LocalDateTime(year: 2026, month: 3, day: 29, hour: 3, minute: 30)!,
  LocalDateTime(year: 2026, month: 6, day: 21, hour: 12, minute: 0)!,
  LocalDateTime(year: 2026, month: 12, day: 31, hour: 23, minute: 59)!,
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHours(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  guard let hours = try? OpeningHours(text) else { return 0 }
  for time in times {
    _ = hours.status(at: time, in: context)
  }
  _ = hours.nextChange(after: times[0], in: context, within: 40)
  // A day's spans, as the detail's week shows them, and a change's instant across the
  // spring change.
  _ = hours.spans(on: times[0].date, in: context)
  _ = times[0].instant(in: context.timeZone, after: times[0].instant(in: context.timeZone))
  return 0
}

@_cdecl("fuzz_hours_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
  -> CInt
{
  bearing_fuzz_main(argc, argv)
}
