import BearingLocation
import Foundation
import LibFuzzerDriver

// An NMEA log replayed with `--replay` is a file from anywhere: the receiver, a recording
// program, another person. It is read as the app reads it, once as it is and once with a start
// date, which turns logs without RMC or ZDA (GGA, GNS or GLL alone) into fixes.
private let withoutDate = NMEAParser()
private let withDate = NMEAParser(startDate: Date(timeIntervalSince1970: 1_700_000_000))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNMEA(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  _ = try? withoutDate.parse(text)
  _ = try? withDate.parse(text)
  return 0
}

@_cdecl("fuzz_nmea_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
  -> CInt
{
  bearing_fuzz_main(argc, argv)
}
