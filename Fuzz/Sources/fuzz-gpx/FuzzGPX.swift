import BearingLocation
import Foundation
import LibFuzzerDriver

// A GPX track replayed with `--replay`: `GPXParser.screen`, then `GPXDocumentReader`. (Until
// this target found it leaking, Foundation's XMLParser read GPX.)
private let parser = GPXParser()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPX(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  _ = try? parser.parse(Data(bytes: start, count: count))
  return 0
}

@_cdecl("fuzz_gpx_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
  -> CInt
{
  bearing_fuzz_main(argc, argv)
}
