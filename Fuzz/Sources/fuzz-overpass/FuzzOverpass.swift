import BearingHTTP
import BearingLocation
import BearingText
import Foundation
import LibFuzzerDriver

@testable import BearingPlaces

// An Overpass answer, as `OverpassPlaces.search` reads it: the JSON, its `remark`, the cafés
// and their distances and folded names; as `coffee-finder import` streams it
// (`OverpassReader`); and the same bytes as an error page (JSON, HTML or text), as the HTTP
// client reads a failed answer's body.
private let center = Coordinate(latitude: 48.8566, longitude: 2.3522)
private let overpass = OverpassPlaces(userAgent: "bearing-fuzz")
private let now = Date(timeIntervalSince1970: 1_700_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOverpass(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let body = Data(bytes: start, count: count)
  do {
    let answer = try OverpassResponse.decode(body)
    if let failure = answer.runtimeError {
      _ = TerminalText.line(failure, limit: 200)
    }
    for place in answer.cafés() {
      _ = center.distance(to: place.coordinate)
      _ = place.searchText
    }
    _ = answer.cafés(everyNamedPlace: true).count
  } catch {
    _ = error.description
  }
  // As `coffee-finder import` reads an answer file: element by element, in small batches.
  _ = try? OverpassReader(batchSize: 7).read(
    UnsafeRawBufferPointer(start: start, count: count), release: { _ in }, deliver: { _ in true })
  let failed = HTTPResponse(status: .gatewayTimeout, body: body)
  _ = overpass.placesError(for: HTTPError.status(of: failed, now: now)).localizedDescription
  return 0
}

@_cdecl("fuzz_overpass_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
  -> CInt
{
  bearing_fuzz_main(argc, argv)
}
