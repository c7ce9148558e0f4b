import BearingHTTP
import BearingHTTPTesting
import BearingLocation
import BearingPlaces
import ConcurrencyExtras
import Dependencies
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The Overpass provider over the live URLSession client, against a loopback server answering
/// with fixtures in Overpass's documented JSON output format. No test calls a real instance.
@Suite("Overpass provider (URLSession against a loopback server)")
struct OverpassPlacesTests {
  /// The Hôtel de Ville, Paris.
  static let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
  static let agent = "coffee-finder/9.9.9 (test)"

  static func text(_ name: String) throws -> String {
    try FoursquareFixtures.text(name)
  }

  static func query(
    radius: Double = 1_000, categories: [PlaceCategory] = [], text: String? = nil, limit: Int = 10
  ) throws -> PlaceQuery {
    try PlaceQuery(
      center: paris, radius: radius, categories: categories, text: text, limit: limit)
  }

  static func search(
    _ query: PlaceQuery, server: LoopbackHTTPServer,
    retry: RetryPolicy = OverpassPlaces.defaultRetry
  ) async throws -> [Place] {
    try await withDependencies {
      $0.httpClient = .urlSession(URLSession(configuration: .ephemeral))
      $0.continuousClock = ImmediateClock()
    } operation: {
      try await PlacesClient.overpass(
        endpoint: server.baseURL.appendingPathComponent("api/interpreter"), userAgent: agent,
        retry: retry
      ).search(query)
    }
  }

  @Test("nodes, ways and relations with centers become places, nearest first, once each")
  func elements() async throws {
    let body = try Self.text("overpass-paris.json")
    try await LoopbackHTTPServer.with({ _, _ in .json(.ok, body) }) { server in
      let places = try await Self.search(try Self.query(), server: server)
      #expect(
        places.map(\.name) == [
          "Café de l'Hôtel de Ville", "Brûlerie des Halles", "Le Café du Parvis", "Pain et Café",
        ])
      #expect(
        places.map(\.id) == [
          "osm:node/1001", "osm:way/2002", "osm:relation/3003", "osm:node/1004",
        ])
      #expect(places.allSatisfy { $0.source == .openStreetMap })
      #expect(places[0].address == "Rue de Rivoli 29, 75004 Paris")
      #expect(places[0].website == "https://example.org/hdv")
      #expect(places[1].categories == ["Coffee Shop"])
      #expect(places.map(\.openingHours) == [nil, "Mo-Sa 09:00-19:00", nil, nil])
      let distances = places.compactMap(\.distance)
      #expect(distances.count == 4 && distances == distances.sorted())
      #expect(abs(distances[0] - Self.paris.distance(to: places[0].coordinate)) < 0.001)
    }
  }

  @Test("the request: GET of the interpreter with the QL query, the app's User-Agent")
  func request() async throws {
    let body = try Self.text("overpass-paris.json")
    try await LoopbackHTTPServer.with({ _, _ in .json(.ok, body) }) { server in
      _ = try await Self.search(try Self.query(radius: 750), server: server)
      let request = try #require(server.requests.first)
      #expect(request.method == .get)
      #expect(request.headerFields[.userAgent] == Self.agent)
      let components = try #require(URLComponents(string: request.uri))
      #expect(components.path == "/api/interpreter")
      let ql = try #require(components.queryItems?.first { $0.name == "data" }?.value)
      #expect(ql.hasPrefix("[out:json][timeout:25];"))
      for tag in [#"["amenity"="cafe"]"#, #"["shop"="coffee"]"#, "coffee_shop"] {
        #expect(ql.contains("nwr\(tag)") || ql.contains(tag))
      }
      #expect(ql.contains("(around:750,48.856600,2.352200)"))
      #expect(ql.hasSuffix("out center tags;"))
    }
  }

  @Test("categories, text and radius filter the answer; the limit cuts it")
  func filters() async throws {
    let body = try Self.text("overpass-paris.json")
    try await LoopbackHTTPServer.with({ _, _ in .json(.ok, body) }) { server in
      let shops = try await Self.search(try Self.query(categories: [.coffeeShop]), server: server)
      #expect(shops.map(\.name) == ["Brûlerie des Halles", "Pain et Café"])
      let text = try await Self.search(try Self.query(text: "PARVIS"), server: server)
      #expect(text.map(\.name) == ["Le Café du Parvis"])
      let near = try await Self.search(try Self.query(radius: 200), server: server)
      #expect(near.map(\.name) == ["Café de l'Hôtel de Ville"])
      let far = try await Self.search(try Self.query(radius: 10_000, limit: 2), server: server)
      #expect(far.map(\.name) == ["Café de l'Hôtel de Ville", "Brûlerie des Halles"])
    }
  }

  @Test("a remark with a runtime error is one clear line, not a partial list")
  func remark() async throws {
    let body = try Self.text("overpass-remark-timeout.json")
    try await LoopbackHTTPServer.with({ _, _ in .json(.ok, body) }) { server in
      let error = await #expect(throws: PlacesError.self) {
        try await Self.search(try Self.query(), server: server)
      }
      guard case .serviceUnavailable(let reason)? = error else {
        Issue.record("expected serviceUnavailable, got \(String(describing: error))")
        return
      }
      #expect(reason.contains("Overpass could not finish the search"))
      #expect(reason.contains(#"Query timed out in "query" at line 4 after 26 seconds"#))
      #expect(reason.contains("smaller --radius"))
      #expect(!reason.contains("\n"))
    }
  }

  @Test("429 (no free slot) is retried, then the answer is used")
  func tooManyRequestsThenAnswer() async throws {
    let page = try Self.text("overpass-paris.json")
    let busy = try Self.text("overpass-error-too-many.html")
    try await LoopbackHTTPServer.with({ _, index in
      index < 2
        ? .respond(
          status: .tooManyRequests,
          headerFields: [.contentType: "text/html; charset=utf-8", .retryAfter: "3"],
          body: Data(busy.utf8))
        : .json(.ok, page)
    }) { server in
      let places = try await Self.search(try Self.query(), server: server)
      #expect(places.count == 4)
      #expect(server.requests.count == 3)
    }
  }

  @Test("429 through every retry → rate limited, with the server's wait")
  func tooManyRequestsThroughout() async throws {
    let busy = try Self.text("overpass-error-too-many.html")
    try await LoopbackHTTPServer.with({ _, _ in
      .respond(
        status: .tooManyRequests,
        headerFields: [.contentType: "text/html; charset=utf-8", .retryAfter: "7"],
        body: Data(busy.utf8))
    }) { server in
      await #expect(throws: PlacesError.rateLimited(retryAfter: 7)) {
        try await Self.search(try Self.query(), server: server)
      }
      #expect(server.requests.count == OverpassPlaces.defaultRetry.maxAttempts)
    }
  }

  @Test("504 (server too busy) is retried with backoff")
  func gatewayTimeoutThenAnswer() async throws {
    let page = try Self.text("overpass-paris.json")
    try await LoopbackHTTPServer.with({ _, index in
      index == 0
        ? .respond(status: .gatewayTimeout, body: Data("Gateway Timeout".utf8))
        : .json(.ok, page)
    }) { server in
      let places = try await Self.search(try Self.query(), server: server)
      #expect(places.count == 4)
      #expect(server.requests.count == 2)
    }
  }

  @Test("an HTML error page becomes its error line, entities decoded")
  func htmlError() async throws {
    let page = try Self.text("overpass-error-syntax.html")
    try await LoopbackHTTPServer.with({ _, _ in
      .respond(
        status: .badRequest, headerFields: [.contentType: "text/html; charset=utf-8"],
        body: Data(page.utf8))
    }) { server in
      await #expect(
        throws: PlacesError.serviceUnavailable(
          #"Overpass answered HTTP 400: line 3: parse error: Unknown type "nwx""#)
      ) {
        try await Self.search(try Self.query(), server: server)
      }
    }
  }

  @Test("a body cut short is an error that says the answer was not complete")
  func truncated() async throws {
    let page = try Self.text("overpass-paris.json")
    let half = Data(page.utf8.prefix(page.utf8.count / 2))
    try await LoopbackHTTPServer.with({ _, _ in
      .truncated(status: .ok, declaredLength: page.utf8.count, body: half)
    }) { server in
      let error = await #expect(throws: PlacesError.self) {
        try await Self.search(try Self.query(), server: server, retry: .never)
      }
      guard case .serviceUnavailable(let reason)? = error else {
        Issue.record("expected serviceUnavailable, got \(String(describing: error))")
        return
      }
      #expect(reason.contains("Overpass"))
    }
  }

  @Test("one request at a time: concurrent searches wait for each other")
  func oneAtATime() async throws {
    let body = Data(try Self.text("overpass-paris.json").utf8)
    let inFlight = LockIsolated(0)
    let most = LockIsolated(0)
    let http = HTTPClient(perform: { request in
      inFlight.withValue { $0 += 1 }
      most.withValue { $0 = max($0, inFlight.value) }
      try await Task.sleep(for: .milliseconds(30))
      inFlight.withValue { $0 -= 1 }
      return HTTPResponse(status: .ok, body: body)
    })
    let client = PlacesClient.overpass(userAgent: Self.agent)
    let query = try Self.query()
    try await withDependencies {
      $0.httpClient = http
    } operation: {
      try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<4 { group.addTask { try await client.search(query).count } }
        for try await count in group { #expect(count == 4) }
      }
    }
    #expect(most.value == 1)
  }
}

@Suite("Offline where stored, Overpass elsewhere")
struct PreferringOfflineTests {
  static let helsinki = Coordinate(latitude: 60.1699, longitude: 24.9384)

  @Test("inside the stored area the offline data answers and the network is not asked")
  func insideUsesOffline() async throws {
    let asked = LockIsolated(0)
    let online = PlacesClient(
      search: { _ in
        asked.withValue { $0 += 1 }
        return []
      }, coverage: { nil })
    let client = PlacesClient.preferring(offline: try OfflinePlaces.embedded(), else: online)
    let places = try await client.search(
      PlaceQuery(center: Self.helsinki, radius: 500, categories: [.cafe]))
    #expect(!places.isEmpty)
    #expect(places.allSatisfy { $0.id.hasPrefix("osm:") })
    #expect(asked.value == 0)
  }

  @Test("outside it the online provider answers")
  func outsideUsesOnline() async throws {
    let paris = Place(
      id: "osm:node/1", name: "Paris café", coordinate: OverpassPlacesTests.paris,
      source: .openStreetMap)
    let online = PlacesClient(search: { _ in [paris] }, coverage: { nil })
    let client = PlacesClient.preferring(offline: try OfflinePlaces.embedded(), else: online)
    let places = try await client.search(
      PlaceQuery(center: OverpassPlacesTests.paris, radius: 500))
    #expect(places == [paris])
  }

  @Test("no network outside the stored area: one line naming the area that is stored")
  func noNetwork() async throws {
    let online = PlacesClient(
      search: { _ in
        throw PlacesError.serviceUnavailable("Overpass at overpass-api.de could not be reached")
      }, coverage: { nil })
    let offline = try OfflinePlaces.embedded()
    let client = PlacesClient.preferring(offline: offline, else: online)
    let error = await #expect(throws: PlacesError.self) {
      try await client.search(PlaceQuery(center: OverpassPlacesTests.paris, radius: 500))
    }
    let text = try #require(error).description
    #expect(text.contains("could not be reached"))
    #expect(text.contains("offline data is stored only for \(offline.coverage)"))
    #expect(!text.contains("\n"))
  }
}
