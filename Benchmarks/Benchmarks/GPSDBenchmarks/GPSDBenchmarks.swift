import BearingGPSD
import Benchmark
import Foundation

/// gpsd line parsing throughput: the hand-written TPV parser against `JSONDecoder` decoding the
/// same line into the same `TPVReport`, with a floor (copying the line's bytes) measured in the
/// same run so the figures can be quoted as ratios.
let benchmarks: @Sendable () -> Void = {
  let line = """
    {"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2026-11-22T12:00:01.000Z",\
    "ept":0.005,"lat":60.169916667,"lon":24.938400000,"altHAE":30.5000,"altMSL":12.5000,\
    "alt":12.5000,"epv":34.500,"track":45.0000,"magtrack":54.2246,"magvar":9.2,"speed":0.772,\
    "climb":0.000,"epc":69.00,"geoidSep":18.000,"eph":17.100,"sep":34.200}
    """
  let bytes = Array(line.utf8)
  let data = Data(bytes)
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(3))

  Benchmark("floor: sum the line's bytes") { benchmark in
    for _ in benchmark.scaledIterations {
      var sum = 0
      for byte in bytes { sum &+= Int(byte) }
      blackHole(sum)
    }
  }

  Benchmark("TPV line: GPSDMessage(parsing:)") { benchmark in
    for _ in benchmark.scaledIterations {
      bytes.withUnsafeBytes { raw in
        blackHole(try? GPSDMessage(parsing: raw))
      }
    }
  }

  Benchmark("TPV line: JSONDecoder into TPVReport") { benchmark in
    let decoder = JSONDecoder()
    for _ in benchmark.scaledIterations {
      blackHole(try? decoder.decode(TPVReport.self, from: data))
    }
  }
}
