import BearingHTTP
import BearingHTTPTesting
import BearingPlaces
import Dependencies
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The Foursquare provider over the live URLSession client, against a loopback server that
/// speaks the API's shape. No test here calls the real service.
@Suite("Foursquare provider (URLSession against a loopback server)")
struct FoursquareLoopbackTests {
  static let link = HTTPField.Name("Link")!
  static let apiVersion = HTTPField.Name("X-Places-Api-Version")!

  typealias F = FoursquareFixtures

  static func search(
    _ query: PlaceQuery, server: LoopbackHTTPServer
  ) async throws -> [Place] {
    try await withDependencies {
      $0.httpClient = .urlSession(URLSession(configuration: .ephemeral))
      $0.continuousClock = ImmediateClock()
    } operation: {
      try await PlacesClient.foursquare(apiKey: F.key, baseURL: server.baseURL).search(query)
    }
  }

  @Test("two pages: headers and parameters as documented, the Link followed to page 2")
  func twoPages() async throws {
    let page1 = try F.text("foursquare-search-page1.json")
    let page2 = try F.text("foursquare-search-page2.json")
    let port = LockIsolated(0)
    try await LoopbackHTTPServer.with({ request, index in
      guard !request.uri.contains("cursor=") else { return .json(200, page2) }
      let next = "http://127.0.0.1:\(port.value)/places/search?limit=5&cursor=c3RhcnQ9Mw"
      return .json(.ok, page1, headerFields: [Self.link: "<\(next)>; rel=\"next\""])
    }) { server in
      port.setValue(server.port)
      let places = try await Self.search(try F.query(limit: 5, text: "espresso"), server: server)
      #expect(places.map(\.name) == F.expectedNames)
      #expect(places.allSatisfy { $0.source == .foursquare && $0.id.hasPrefix("fsq:") })
      let requests = server.requests
      #expect(requests.count == 2)
      let first = try #require(requests.first)
      #expect(first.method == .get)
      #expect(
        first.uri
          == "/places/search?ll=60.169900,24.938400&radius=1500"
          + "&fsq_category_ids=4bf58dd8d48988d1e0931735,4bf58dd8d48988d16d941735"
          + "&query=espresso&limit=5&sort=DISTANCE&fields=" + FoursquarePlacesTests.fields)
      for request in requests {
        #expect(request.headerFields[.authorization] == "Bearer \(F.secret)")
        #expect(request.headerFields[Self.apiVersion] == "2025-06-17")
      }
      #expect(requests.last?.uri == "/places/search?limit=5&cursor=c3RhcnQ9Mw")
    }
  }

  @Test("a next link to another host is not followed, so the key goes nowhere else")
  func foreignLink() async throws {
    let page1 = try F.text("foursquare-search-page1.json")
    try await LoopbackHTTPServer.with({ _, _ in
      .json(
        200, page1,
        headerFields: [
          Self.link: "<https://collector.invalid/places/search?cursor=x>; rel=\"next\""
        ])
    }) { server in
      let places = try await Self.search(try F.query(limit: 10), server: server)
      #expect(places.count == 3)
      #expect(server.requests.count == 1)
    }
  }

  @Test("401 from the server → the API key was refused")
  func unauthorized() async throws {
    let body = try F.text("foursquare-error-unauthorized.json")
    try await LoopbackHTTPServer.with({ _, _ in .json(401, body) }) { server in
      await #expect(throws: PlacesError.keyRefused) {
        try await Self.search(try F.query(limit: 10), server: server)
      }
    }
  }

  @Test("429 with a short Retry-After is retried; a long one is reported with its wait")
  func rateLimited() async throws {
    let body = try F.text("foursquare-error-rate-limited.json")
    let page1 = try F.text("foursquare-search-page1.json")
    try await LoopbackHTTPServer.with({ _, index in
      index == 0 ? .json(429, body, headerFields: [.retryAfter: "2"]) : .json(200, page1)
    }) { server in
      let places = try await Self.search(try F.query(limit: 3), server: server)
      #expect(places.count == 3)
      #expect(server.requests.count == 2)
    }
    let limited = LoopbackHTTPServer.Reply.json(429, body, headerFields: [.retryAfter: "45"])
    try await LoopbackHTTPServer.with({ _, _ in limited }) { server in
      await #expect(throws: PlacesError.rateLimited(retryAfter: 45)) {
        try await Self.search(try F.query(limit: 10), server: server)
      }
      #expect(server.requests.count == 1)
    }
  }

  @Test("a server error and a body cut short are service errors without the key")
  func serviceErrors() async throws {
    let page1 = try F.text("foursquare-search-page1.json")
    try await LoopbackHTTPServer.with({ _, index in
      index == 0
        ? .json(500, #"{"message": "internal error"}"#)
        : .truncated(
          status: 200, declaredLength: page1.utf8.count, body: Data(page1.utf8.prefix(100)))
    }) { server in
      for expected in ["HTTP 500: internal error", "connection was lost"] {
        await #expect {
          try await Self.search(try F.query(limit: 10), server: server)
        } throws: { error in
          guard case PlacesError.serviceUnavailable(let reason) = error else { return false }
          return reason.contains(expected) && !"\(error)".contains(F.secret)
        }
      }
    }
  }
}
