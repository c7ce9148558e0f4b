import BearingOpeningHours
import Benchmark
import Foundation

// The Helsinki fixture's 379 distinct `opening_hours` values (the unit tests' fixture), and one
// café's value evaluated at wall-clock times spread over a week.

let fixtureValues: [String] = {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/BearingOpeningHoursTests/Fixtures/helsinki-opening-hours.json")
  let data = try! Data(contentsOf: url)
  let document = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
  return document["values"] as! [String]
}()

let helsinki = OpeningHoursContext(
  timeZone: TimeZone(identifier: "Europe/Helsinki")!,
  coordinates: Coordinates(latitude: 60.17, longitude: 24.94), holidays: .none)

/// 64 wall-clock times: every 2 h 37 min from Monday 2026-11-30 00:00.
let weekTimes: [LocalDateTime] = (0..<64).map { index in
  LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 30)!, minute: index * 157)
}

let typical = try! OpeningHours("Mo-Fr 08:00-20:00; Sa 09:00-18:00; Su 10:00-16:00")
let pastMidnight = try! OpeningHours("Mo,Tu 08:00-22:00; We-Sa 08:00-24:00, Su 09:00-22:00")
let withHoliday = try! OpeningHours("Mo-Fr 08:00-20:00; Sa 09:00-18:00; PH off")

let benchmarks: @Sendable () -> Void = {
  let values: [(String, @Sendable () -> OpeningHours, Holidays)] = [
    ("Mo-Fr 08:00-20:00; Sa 09:00-18:00; Su 10:00-16:00", { typical }, .none),
    ("Mo,Tu 08:00-22:00; We-Sa 08:00-24:00, Su 09:00-22:00", { pastMidnight }, .none),
    ("… ; PH off, no holiday calendar (two readings)", { withHoliday }, .unknown),
  ]
  for (name, hours, holidays) in values {
    Benchmark(
      "State at one time: \(name)",
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo,
        maxDuration: .seconds(3))
    ) { benchmark in
      let hours = hours()
      var context = helsinki
      context.holidays = holidays
      benchmark.startMeasurement()
      for iteration in benchmark.scaledIterations {
        blackHole(hours.state(at: weekTimes[iteration & 63], in: context))
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark(
    "Next change from one time: Mo-Fr 08:00-20:00; Sa 09:00-18:00; Su 10:00-16:00",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(3))
  ) { benchmark in
    for iteration in benchmark.scaledIterations {
      blackHole(typical.nextChange(after: weekTimes[iteration & 63], in: helsinki))
    }
  }

  Benchmark(
    "Parse the fixture's 379 distinct values",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3),
      setup: { _ = fixtureValues })
  ) { benchmark in
    let values = fixtureValues
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      for value in values { blackHole(try? OpeningHours(value)) }
    }
    benchmark.stopMeasurement()
  }
}
