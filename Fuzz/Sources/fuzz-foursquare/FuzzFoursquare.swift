import BearingHTTP
import BearingLocation
import Foundation
import LibFuzzerDriver

@testable import BearingPlaces

// A Foursquare response body, decoded and turned into places as `FoursquarePlaces.search` does
// (the body of an error is described the same way the client describes it).
private let center = Coordinate(latitude: 60.1699, longitude: 24.9384)
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
  return 0
}

@_cdecl("fuzz_foursquare_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
  -> CInt
{
  bearing_fuzz_main(argc, argv)
}
