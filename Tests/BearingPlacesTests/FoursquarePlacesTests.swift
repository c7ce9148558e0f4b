import BearingHTTP
import BearingLocation
import BearingOpeningHours
import BearingPlaces
import BearingText
import ConcurrencyExtras
import CustomDump
import Dependencies
import Foundation
import Testing

/// The Foursquare provider against fixtures in the API's documented response shape.
@Suite("Foursquare provider (fixtures)")
struct FoursquarePlacesTests {
  typealias F = FoursquareFixtures

  /// Page 1 links to page 2 as the API does; page 2 is answered only for its cursor.
  static func twoPages(count: LockIsolated<Int>? = nil) -> HTTPClient {
    let next =
      "https://places-api.foursquare.com/places/search?ll=60.169900%2C24.938400&radius=1500"
      + "&limit=5&sort=DISTANCE&cursor=c3RhcnQ9Mw"
    let fixtures = HTTPClient.fixtures(
      [
        HTTPFixture(
          path: "/places/search", query: ["cursor": "c3RhcnQ9Mw"],
          file: "foursquare-search-page2.json"),
        HTTPFixture(
          path: "/places/search", file: "foursquare-search-page1.json",
          headerFields: [
            .contentType: "application/json", HTTPField.Name("Link")!: "<\(next)>; rel=\"next\"",
          ]),
      ], directory: F.directory)
    return HTTPClient { request in
      count?.withValue { $0 += 1 }
      return try await fixtures.perform(request)
    }
  }

  static func search(_ query: PlaceQuery, http: HTTPClient) async throws -> [Place] {
    try await withDependencies {
      $0.httpClient = http
      $0.continuousClock = ImmediateClock()
    } operation: {
      try await PlacesClient.foursquare(apiKey: F.key).search(query)
    }
  }

  @Test("the request is exactly the 2025 search API's")
  func requestShape() throws {
    let request = FoursquarePlaces(apiKey: F.key).request(for: try F.query(limit: 5))
    #expect(
      try request.url(relativeTo: nil).absoluteString
        == "https://places-api.foursquare.com/places/search?ll=60.169900,24.938400&radius=1500"
        + "&fsq_category_ids=4bf58dd8d48988d1e0931735,4bf58dd8d48988d16d941735&limit=5"
        + "&sort=DISTANCE&fields=" + Self.fields)
    #expect(request.method == .get)
    #expect(request.headerFields[.authorization] == "Bearer \(F.secret)")
    #expect(request.headerFields[HTTPField.Name("x-places-api-version")!] == "2025-06-17")
    let text = FoursquarePlaces(apiKey: F.key).request(
      for: try PlaceQuery(center: F.center, radius: 250.4, text: "flat white", limit: 50))
    #expect(
      try text.url(relativeTo: nil).absoluteString
        == "https://places-api.foursquare.com/places/search?ll=60.169900,24.938400&radius=250"
        + "&query=flat%20white&limit=50&sort=DISTANCE&fields=" + Self.fields)
  }

  /// Every field the provider reads, `hours` among them (a premium field the API sends only
  /// when asked).
  static let fields =
    "fsq_place_id,name,latitude,longitude,distance,categories,location,tel,website,hours"

  @Test("Foursquare's hours become an opening_hours value")
  func hoursBecomeOpeningHours() async throws {
    let places = try await Self.search(try F.query(limit: 3), http: Self.twoPages())
    // The fixture's first place: weekdays 07:30-19:00 with a lunch break on Friday, Saturday
    // past midnight ("+0200"), Sunday closing at midnight ("0000").
    #expect(
      places.first?.openingHours
        == "Mo-Th 07:30-19:00, Fr 07:30-12:00,13:00-19:00, Sa 10:00-02:00, Su 10:00-24:00")
    // Read by the evaluator, Saturday's opening runs into Sunday: open at 01:00, closed at
    // 03:00, open again at 10:00.
    let hours = try OpeningHours(try #require(places.first?.openingHours))
    let helsinki = OpeningHoursContext(timeZone: TimeZone(identifier: "Europe/Helsinki")!)
    let sunday = { hour in LocalDateTime(year: 2026, month: 11, day: 29, hour: hour, minute: 0)! }
    #expect(hours.state(at: sunday(1), in: helsinki) == .open)
    #expect(hours.state(at: sunday(3), in: helsinki) == .closed)
    #expect(hours.state(at: sunday(10), in: helsinki) == .open)
    // A place without hours has none.
    #expect(places.dropFirst().allSatisfy { $0.openingHours == nil })
  }

  @Test("one page is enough for a small limit: the next link is not followed")
  func onePage() async throws {
    let count = LockIsolated(0)
    let places = try await Self.search(try F.query(limit: 3), http: Self.twoPages(count: count))
    #expect(places.map(\.name) == Array(F.expectedNames.prefix(3)))
    #expect(count.value == 1)
    let first = try #require(places.first)
    expectNoDifference(
      first,
      Place(
        id: "fsq:3951007a1fde81e6af8b684f", name: "La Torrefazione",
        coordinate: Coordinate(latitude: 60.16864, longitude: 24.94412), distance: 346,
        address: "Aleksanterinkatu 50, 00100 Helsinki", categories: ["Coffee Shop"],
        phone: "+358 9 4289 4422", website: nil,
        openingHours:
          "Mo-Th 07:30-19:00, Fr 07:30-12:00,13:00-19:00, Sa 10:00-02:00, Su 10:00-24:00",
        source: .foursquare))
    #expect(places[1].categories == ["Café", "Bakery"])
    #expect(places[2].website == "https://www.cafeaalto.fi")
  }

  @Test("pages are followed through the Link header up to the asked limit, nearest first")
  func pagination() async throws {
    let count = LockIsolated(0)
    let five = try await Self.search(try F.query(limit: 5), http: Self.twoPages(count: count))
    #expect(five.map(\.name) == F.expectedNames)
    #expect(count.value == 2)
    let distances = five.compactMap(\.distance)
    #expect(distances == distances.sorted())
    let four = try await Self.search(try F.query(limit: 4), http: Self.twoPages())
    #expect(four.map(\.name) == Array(F.expectedNames.prefix(4)))
    // Asking for more than there are: everything, no error, no loop.
    let all = try await Self.search(try F.query(limit: 50), http: Self.twoPages())
    #expect(all.count == 5)
  }

  @Test("results without a valid coordinate are left out; the rest are kept")
  func incompleteResults() async throws {
    let http = HTTPClient.fixtures(
      [HTTPFixture(path: "/places/search", file: "foursquare-search-incomplete.json")],
      directory: F.directory)
    let places = try await Self.search(try F.query(limit: 10), http: http)
    #expect(places.map(\.name) == ["La Torrefazione"])
  }

  @Test("a malformed body is a service error naming the failing field")
  func malformed() async throws {
    let http = HTTPClient.fixtures(
      [HTTPFixture(path: "/places/search", file: "foursquare-search-malformed.json")],
      directory: F.directory)
    await #expect {
      try await Self.search(try F.query(limit: 10), http: http)
    } throws: { error in
      guard case PlacesError.serviceUnavailable(let reason) = error else { return false }
      return reason.contains("results[0].latitude")
    }
  }

  @Test("401 → the API key was refused")
  func unauthorized() async throws {
    let http = HTTPClient.fixtures(
      [
        HTTPFixture(path: "/places/search", file: "foursquare-error-unauthorized.json", status: 401)
      ],
      directory: F.directory)
    await #expect(throws: PlacesError.keyRefused) {
      try await Self.search(try F.query(limit: 10), http: http)
    }
    #expect(PlacesError.keyRefused.description.lowercased().contains("the api key was refused"))
  }

  @Test("429 beyond the retry cap → rate limited, retry in N s")
  func rateLimited() async throws {
    let http = HTTPClient.fixtures(
      [
        HTTPFixture(
          path: "/places/search", file: "foursquare-error-rate-limited.json", status: 429,
          headerFields: [.contentType: "application/json", .retryAfter: "120"])
      ], directory: F.directory)
    await #expect(throws: PlacesError.rateLimited(retryAfter: 120)) {
      try await Self.search(try F.query(limit: 10), http: http)
    }
    #expect(
      PlacesError.rateLimited(retryAfter: 120).description.lowercased()
        == "rate limited, retry in 120 s.")
  }

  @Test("the key appears in no description, dump, request log or error")
  func keyNeverShown() async throws {
    let provider = FoursquarePlaces(apiKey: F.key)
    let request = provider.request(for: try F.query(limit: 5))
    var texts = [
      "\(F.key)", String(reflecting: F.key), F.key.debugDescription, String(customDumping: F.key),
      "\(provider)", String(reflecting: provider), String(customDumping: provider),
      "\(request)", String(reflecting: request), String(customDumping: request),
      String(customDumping: PlacesClient.foursquare(apiKey: F.key)),
    ]
    for value in [F.key as Any, provider, request] {
      var dumped = ""
      dump(value, to: &dumped)
      texts.append(dumped)
    }
    // A server that echoes the key back in its error message, and a request nothing answers.
    let echo = HTTPClient { _ in
      HTTPResponse(
        status: 500, body: Data(#"{"message": "bad key \#(F.secret) for this plan"}"#.utf8))
    }
    let unmapped = HTTPClient.fixtures([], directory: F.directory)
    for http in [echo, unmapped] {
      do {
        _ = try await Self.search(try F.query(limit: 5), http: http)
        Issue.record("the search succeeded")
      } catch {
        texts += ["\(error)", String(reflecting: error), String(customDumping: error)]
      }
    }
    for text in texts {
      #expect(!text.contains(F.secret), "\(text)")
      #expect(!text.contains("fsq3Zx9"), "\(text)")
    }
    #expect(texts.contains { $0.contains("<redacted>") })
  }

  @Test("the key comes from FOURSQUARE_API_KEY when set and not blank")
  func keyFromEnvironment() {
    #expect(FoursquareAPIKey.fromEnvironment([:]) == nil)
    #expect(FoursquareAPIKey.fromEnvironment(["FOURSQUARE_API_KEY": "  \n"]) == nil)
    #expect(
      FoursquareAPIKey.fromEnvironment(["FOURSQUARE_API_KEY": " abc "]) == FoursquareAPIKey("abc"))
    #expect(FoursquareAPIKey("") == nil)
  }

  @Test("the live client is Foursquare exactly when the environment holds a key")
  func liveValueChoice() {
    // Foursquare covers the world (no coverage); the offline extract covers central Helsinki.
    let withKey = PlacesClient.live(environment: ["FOURSQUARE_API_KEY": F.secret])
    #expect(withKey.coverage() == nil)
    for environment in [[:], ["FOURSQUARE_API_KEY": ""], ["FOURSQUARE_API_KEY": " \t"]] {
      #expect(PlacesClient.live(environment: environment).coverage()?.area == "central Helsinki")
    }
    let hasKey = FoursquareAPIKey.fromEnvironment() != nil
    #expect((PlacesClient.liveValue.coverage() == nil) == hasKey)
  }
}
