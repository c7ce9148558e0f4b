import BearingHTTP
import BearingLocation
import BearingStreets
import BearingText
import BearingWalking
import Foundation

/// Place search through OpenStreetMap's Overpass API: cafés anywhere on Earth, with no key.
///
/// One search is one `GET` of the interpreter with an Overpass QL query for nodes, ways and
/// relations tagged `amenity=cafe`, `shop=coffee` or `cuisine=coffee_shop` within the radius,
/// answered as JSON with `out center` (so areas come with a point). The public instances'
/// usage policy is kept: every request names the app in its `User-Agent`, a process sends one
/// request at a time (``requestGate``), and busy answers (429, 503, 504) are retried with
/// backoff, honouring `Retry-After`. A `remark` runtime error (the query timed out or ran out
/// of memory on the server) becomes one line that says so.
///
/// ```swift
/// let overpass = OverpassPlaces(userAgent: "coffee-finder/0.1.0")
/// let cafés = try await overpass.search(query, using: httpClient)
/// ```
public struct OverpassPlaces: Sendable {
  /// The main public instance (``OverpassEndpoint/publicInterpreter``).
  public static let defaultEndpoint = OverpassEndpoint.publicInterpreter
  /// How long the server may work on a query, in seconds (`[timeout:…]`).
  public static let serverTimeout = 25

  /// The interpreter's URL; tests point it at a loopback server.
  public var endpoint: URL
  /// Names the app and its version, as the usage policy asks.
  public var userAgent: String
  /// Retries busy answers, waiting at most `retry.maxDelay` at a time.
  public var retry: RetryPolicy
  /// How long the server may work on a query, in seconds.
  public var serverTimeout: Int
  /// How long to wait for an answer: a little longer than the server may work.
  public var timeout: Duration

  /// Overpass answers 429 when the client has no free slot and 504 when the server is too busy
  /// to take the query; both are worth a wait.
  public static let defaultRetry = RetryPolicy(
    maxAttempts: 4, initialDelay: .seconds(2), maxDelay: .seconds(30),
    retryableStatuses: [.tooManyRequests, .badGateway, .serviceUnavailable, .gatewayTimeout])

  /// Creates a provider whose answer timeout is `serverTimeout` plus 5 seconds.
  public init(
    endpoint: URL = defaultEndpoint,
    userAgent: String,
    retry: RetryPolicy = defaultRetry,
    serverTimeout: Int = serverTimeout
  ) {
    self.endpoint = endpoint
    self.userAgent = userAgent
    self.retry = retry
    self.serverTimeout = serverTimeout
    self.timeout = .seconds(serverTimeout + 5)
  }

  /// The Overpass QL for `query`: every café element within its radius.
  public static func overpassQL(for query: PlaceQuery, serverTimeout: Int = serverTimeout)
    -> String
  {
    overpassQL(around: query.center, radius: query.radius, serverTimeout: serverTimeout)
  }

  /// The Overpass QL for every café element within `radius` metres of `center` and, with
  /// `streets`, a second output of the ways a map draws there (``StreetReader/streetKeys``)
  /// with their geometry (`out geom`).
  public static func overpassQL(
    around center: Coordinate, radius: Double, serverTimeout: Int, streets: Bool = false
  ) -> String {
    let around = String(
      format: "(around:%d,%.6f,%.6f)", Int(radius.rounded(.up)), center.latitude,
      center.longitude)
    var ql = """
      [out:json][timeout:\(serverTimeout)];
      (
      nwr["amenity"="cafe"]\(around);
      nwr["shop"="coffee"]\(around);
      nwr["cuisine"~"(^|;) *coffee_shop *(;|$)"]\(around);
      );
      out center tags;
      """
    if streets {
      ql += """

        (
        way["highway"]\(around);
        way["railway"]\(around);
        way["waterway"]\(around);
        way["natural"="coastline"]\(around);
        );
        out geom;
        """
    }
    return ql
  }

  /// The request for `query`.
  public func request(for query: PlaceQuery) -> HTTPRequest {
    request(ql: Self.overpassQL(for: query, serverTimeout: serverTimeout))
  }

  func request(ql: String) -> HTTPRequest {
    HTTPRequest(
      .get, url: endpoint, query: [URLQueryItem(name: "data", value: ql)],
      headerFields: [.userAgent: userAgent, .accept: "application/json"], timeout: timeout)
  }

  /// Every named café within `radius` metres of `center`, for storing offline, the streets
  /// around them for maps (the ways that come near, whole, read by ``StreetReader`` as an
  /// import of an Overpass answer is), their walking graph (``WalkingWayReader``, as an import
  /// builds it; `nil` when it has no walkable way or ``WalkingWayReader/isEnabled`` is off),
  /// and the size of the answer in bytes. One query asks for all.
  ///
  /// - throws: as ``search(_:using:)`` does; an incomplete answer (a runtime error, a body cut
  ///   short) is an error, never a partial list.
  public func download(
    around center: Coordinate, radius: Double, using http: HTTPClient
  ) async throws -> (
    places: [Place], streets: [StreetLine], walkingGraph: WalkingGraph?, bytes: Int
  ) {
    let (answer, body) = try await fetchCounting(
      request(
        ql: Self.overpassQL(
          around: center, radius: radius, serverTimeout: serverTimeout, streets: true)),
      using: http)
    if let failure = answer.runtimeError {
      throw PlacesError.serviceUnavailable(
        "Overpass could not finish the download (\(TerminalText.line(failure, limit: 200))); "
          + "try a smaller --radius or again later")
    }
    let places = answer.cafés().filter { center.distance(to: $0.coordinate) <= radius }
    let streets = StreetReader.streets(in: body, format: .overpassJSON)
    let graph =
      streets.isEmpty || !WalkingWayReader.isEnabled
      ? nil
      : body.withUnsafeBytes { WalkingWayReader.graph(in: $0, format: .overpassJSON) }
    return (places, streets, graph, body.count)
  }

  /// Places matching `query`, nearest first, at most `query.limit`, fetched through `http`.
  ///
  /// The query's categories and text filter the answer here; elements without a position or a
  /// name are left out.
  ///
  /// - throws: ``PlacesError/rateLimited(retryAfter:)`` when the server stayed busy through
  ///   every retry, ``PlacesError/serviceUnavailable(_:)`` for anything else (unreachable,
  ///   a server error with its message, a runtime error, an answer cut short), or
  ///   `CancellationError`.
  public func search(_ query: PlaceQuery, using http: HTTPClient) async throws -> [Place] {
    let answer = try await fetch(request(for: query), using: http)
    if let failure = answer.runtimeError {
      throw PlacesError.serviceUnavailable(
        "Overpass could not finish the search (\(TerminalText.line(failure, limit: 200))); "
          + "try a smaller --radius or again later")
    }
    let wanted = Set(query.categories.map(\.displayName))
    let text = query.text.map(NameFolding.fold)
    let matches = answer.cafés().compactMap { place -> Place? in
      if !wanted.isEmpty, !place.categories.contains(where: wanted.contains) { return nil }
      if let text, !place.searchText.contains(text) { return nil }
      var place = place
      place.distance = query.center.distance(to: place.coordinate)
      return place.distance! <= query.radius ? place : nil
    }
    let ordered = matches.enumerated().sorted { lhs, rhs in
      lhs.element.distance! != rhs.element.distance!
        ? lhs.element.distance! < rhs.element.distance! : lhs.offset < rhs.offset
    }
    return ordered.prefix(query.limit).map(\.element)
  }

  /// Sends `request` (one at a time in this process) and decodes the answer.
  func fetch(_ request: HTTPRequest, using http: HTTPClient) async throws -> OverpassResponse {
    try await fetchCounting(request, using: http).answer
  }

  private func fetchCounting(
    _ request: HTTPRequest, using http: HTTPClient
  ) async throws -> (answer: OverpassResponse, body: Data) {
    let response: HTTPResponse
    do {
      response = try await Self.requestGate.run { try await http.send(request, retry: retry) }
    } catch let error as HTTPError {
      throw placesError(for: error)
    }
    do {
      return (try OverpassResponse.decode(response.body), response.body)
    } catch {
      throw PlacesError.serviceUnavailable(
        "Overpass's answer was not understood (\(TerminalText.line(error.description, limit: 200)))"
      )
    }
  }

  /// Every Overpass request of the process waits for the one before it: the public instances
  /// give each client few slots, and a second request at once only earns a 429.
  static let requestGate = RequestGate()

  /// The error a user can act on for an HTTP failure.
  func placesError(for error: HTTPError) -> PlacesError {
    switch error {
    case .status(.tooManyRequests, _, let retryAfter):
      return .rateLimited(retryAfter: retryAfter.map { Double($0.components.seconds) })
    case .status(let status, let message, _):
      return .serviceUnavailable(
        "Overpass answered HTTP \(status.code)" + (message.map { ": \($0)" } ?? ""))
    case .transport(let failure):
      return .serviceUnavailable(
        "Overpass at \(endpoint.host ?? "?") could not be reached: \(failure)")
    case .decoding, .invalidRequest, .noFixture:
      return .serviceUnavailable("Overpass: \(error)")
    }
  }
}
