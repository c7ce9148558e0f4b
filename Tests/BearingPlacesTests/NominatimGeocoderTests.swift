import BearingHTTP
import BearingHTTPTesting
import BearingLocation
import BearingPlaces
import Clocks
import ConcurrencyExtras
import Dependencies
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Nominatim: names to coordinates, within its usage policy")
struct NominatimGeocoderTests {
  static let paris = """
    [{"place_id":1,"lat":"48.8588897","lon":"2.3200410","display_name":"Paris, Île-de-France, France",
      "category":"boundary","type":"administrative","importance":0.88},
     {"place_id":2,"lat":"33.6617962","lon":"-95.5555130","display_name":"Paris, Lamar County, Texas, United States",
      "category":"boundary","type":"administrative","importance":0.55}]
    """

  @Test("the request names the app; answers come most prominent first")
  func request() async throws {
    try await LoopbackHTTPServer.with({ _, _ in .json(.ok, Self.paris) }) { server in
      let geocoder = NominatimGeocoder(
        endpoint: server.baseURL.appendingPathComponent("search"), userAgent: "coffee-finder/9 (t)"
      ).passing(through: RateGate(interval: .seconds(1), clock: ImmediateClock()))
      let answers = try await geocoder.search(
        "Paris", using: .urlSession(URLSession(configuration: .ephemeral)))
      #expect(answers.map(\.name).first == "Paris, Île-de-France, France")
      #expect(abs(answers[0].coordinate.latitude - 48.8588897) < 1e-9)
      #expect(!GeocodedPlace.isAmbiguous(answers))
      let request = try #require(server.requests.first)
      #expect(request.headerFields[.userAgent] == "coffee-finder/9 (t)")
      #expect(request.uri.hasPrefix("/search?q=Paris&format=jsonv2&limit=5"))
    }
  }

  @Test("at most one request a second, on the injected clock")
  func oneRequestPerSecond() async throws {
    let clock = TestClock()
    let sent = LockIsolated(0)
    let http = HTTPClient(perform: { _ in
      sent.withValue { $0 += 1 }
      return HTTPResponse(status: .ok, body: Data(Self.paris.utf8))
    })
    let geocoder = NominatimGeocoder(userAgent: "t").passing(
      through: RateGate(interval: .seconds(1), clock: clock))
    _ = try await geocoder.search("Paris", using: http)
    #expect(sent.value == 1)
    let second = Task { try await geocoder.search("Lyon", using: http) }
    let third = Task { try await geocoder.search("Nice", using: http) }
    await clock.advance(by: .milliseconds(999))
    #expect(sent.value == 1)
    await clock.advance(by: .milliseconds(1))
    _ = try await second.value
    #expect(sent.value == 2)
    await clock.advance(by: .milliseconds(999))
    #expect(sent.value == 2)
    await clock.advance(by: .milliseconds(1))
    _ = try await third.value
    #expect(sent.value == 3)
  }

  @Test("places of one name far apart and nearly as prominent are ambiguous")
  func ambiguity() {
    func place(_ lat: Double, _ importance: Double) -> GeocodedPlace {
      GeocodedPlace(
        name: "Springfield", coordinate: Coordinate(latitude: lat, longitude: -90),
        importance: importance)
    }
    #expect(GeocodedPlace.isAmbiguous([place(39.8, 0.6), place(37.2, 0.58)]))
    #expect(!GeocodedPlace.isAmbiguous([place(39.8, 0.9), place(37.2, 0.3)]))
    #expect(!GeocodedPlace.isAmbiguous([place(39.8, 0.6), place(39.81, 0.6)]))
    #expect(!GeocodedPlace.isAmbiguous([place(39.8, 0.6)]))
  }
}
