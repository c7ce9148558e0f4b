import BearingLocation
import Foundation
import LibFuzzerDriver
import Logging

@testable import BearingGPSD

// gpsd's side of the connection is untrusted: anything listening on the gpsd address, or a
// remote gpsd, writes these bytes. They go through the framer, the line parser and the session
// exactly as `LocationSource.gpsd` feeds them.
private let logger = Logger(label: "fuzz-gpsd") { _ in SwiftLogNoOpLogHandler() }
private let epoch = Date(timeIntervalSince1970: 1_700_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPSD(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  // The whole input as one line, as the parser's public entry point takes it.
  _ = try? GPSDMessage(parsing: bytes)
  _ = try? GPSDMessage(parsing: String(decoding: bytes, as: UTF8.self))

  var framer = LineFramer(limit: GPSDMessage.maximumLineLength)
  var session = GPSDSession(
    endpoint: GPSDEndpoint(host: "127.0.0.1", port: 2947), assumedHorizontalAccuracy: 10,
    logger: logger, now: { epoch })
  for frame in framer.append(bytes) {
    guard case .line(let line) = frame else { continue }
    let events = line.withUnsafeBytes { session.events(for: $0) }
    _ = events.count
  }
  return 0
}

@_cdecl("fuzz_gpsd_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
  -> CInt
{
  bearing_fuzz_main(argc, argv)
}
