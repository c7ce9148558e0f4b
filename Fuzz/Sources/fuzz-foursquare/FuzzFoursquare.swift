import BearingHTTP
import BearingLocation
import BearingText
import Foundation
import LibFuzzerDriver

@testable import BearingPlaces

// A Foursquare response body, decoded and turned into places as `FoursquarePlaces.search` does;
// and the same bytes as an error body (`{"message": …}`, HTML or text), as the HTTP client reads
// a failed answer's.
private let center = Coordinate(latitude: 60.1699, longitude: 24.9384)
private let now = Date(timeIntervalSince1970: 1_700_000_000)
private let foursquare = FoursquarePlaces(apiKey: FoursquareAPIKey("fuzz-key")!)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFoursquare(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let body = Data(bytes: start, count: count)
  do {
    let page = try HTTPClient.decode(FoursquareSearchResponse.self, from: body)
    for result in page.results {
      _ = FoursquarePlaces.place(from: result, center: center)
    }
  } catch {
    _ = foursquare.placesError(for: error).localizedDescription
  }
  let failed = HTTPResponse(status: .tooManyRequests, body: body)
  _ = foursquare.placesError(for: HTTPError.status(of: failed, now: now)).localizedDescription
  return 0
}

@_cdecl("fuzz_foursquare_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
  -> CInt
{
  bearing_fuzz_main(argc, argv)
}
