import BearingHTTP
import BearingLocation
import BearingText
import CustomDump
import Foundation

/// Place search through the Foursquare Places API, version 2025-06-17.
///
/// One search is `GET /places/search` with `ll`, `radius`, `fsq_category_ids` and/or `query`,
/// `limit` and `sort=DISTANCE`; further pages are fetched through the response's `Link: …;
/// rel="next"` header until the query's limit is reached. Next-page links are followed only to
/// the host the search started on, so the API key is never sent anywhere else.
///
/// ```swift
/// let foursquare = FoursquarePlaces(apiKey: key)
/// let cafés = try await foursquare.search(query, using: httpClient)
/// ```
public struct FoursquarePlaces: Sendable {
  /// Where the API lives.
  public static let defaultBaseURL = URL(string: "https://places-api.foursquare.com")!
  /// The API version this provider speaks, sent as `X-Places-Api-Version`.
  public static let apiVersion = "2025-06-17"
  /// The most pages one search fetches, so a server that always links a next page cannot loop.
  public static let maximumPages = 10

  /// The key sent as the bearer token; never printed (see `description`).
  public let apiKey: FoursquareAPIKey
  /// The API's origin; tests point it at a loopback server.
  public var baseURL: URL
  /// Retries on 429 and gateway errors, waiting at most `retry.maxDelay` at a time.
  public var retry: RetryPolicy
  /// How long to wait for each page.
  public var timeout: Duration

  /// Creates a provider; each page waits at most `timeout` (15 seconds by default).
  public init(
    apiKey: FoursquareAPIKey,
    baseURL: URL = defaultBaseURL,
    retry: RetryPolicy = .default,
    timeout: Duration = .seconds(15)
  ) {
    self.apiKey = apiKey
    self.baseURL = baseURL
    self.retry = retry
    self.timeout = timeout
  }

  /// The fields a search asks for: those ``place(from:center:)`` reads, `hours` among them.
  static let fields =
    "fsq_place_id,name,latitude,longitude,distance,categories,location,tel,website,hours"

  /// The request for the first page of `query`.
  public func request(for query: PlaceQuery) -> HTTPRequest {
    var items = [
      URLQueryItem(
        name: "ll",
        value: String(format: "%.6f,%.6f", query.center.latitude, query.center.longitude)),
      URLQueryItem(name: "radius", value: String(Int(query.radius.rounded().clamped(1, 100_000)))),
    ]
    if !query.categories.isEmpty {
      items.append(
        URLQueryItem(
          name: "fsq_category_ids",
          value: query.categories.map(\.foursquareID).joined(separator: ",")))
    }
    if let text = query.text {
      items.append(URLQueryItem(name: "query", value: text))
    }
    items.append(URLQueryItem(name: "limit", value: String(min(query.limit, 50))))
    items.append(URLQueryItem(name: "sort", value: "DISTANCE"))
    items.append(URLQueryItem(name: "fields", value: Self.fields))
    return HTTPRequest(
      .get, url: baseURL.appendingPathComponent("places/search"), query: items,
      headerFields: headerFields, timeout: timeout)
  }

  /// The request for a next page named by a `Link` header.
  func request(next url: URL) -> HTTPRequest {
    HTTPRequest(.get, url: url, headerFields: headerFields, timeout: timeout)
  }

  private var headerFields: HTTPFields {
    [
      .authorization: "Bearer \(apiKey.secret)",
      Self.apiVersionField: Self.apiVersion,
      .accept: "application/json",
    ]
  }

  /// The field that names the API version the client speaks.
  private static let apiVersionField = HTTPField.Name("X-Places-Api-Version")!

  /// Places matching `query`, nearest first, at most `query.limit`, sent through `http`.
  ///
  /// Results without a valid coordinate are left out rather than failing the whole search.
  ///
  /// - throws: ``PlacesError/keyRefused`` on 401, ``PlacesError/rateLimited(retryAfter:)`` on a
  ///   429 that retries did not outlast, ``PlacesError/serviceUnavailable(_:)`` for any other
  ///   failure (none of them names the key), or `CancellationError`.
  public func search(_ query: PlaceQuery, using http: HTTPClient) async throws -> [Place] {
    var places: [Place] = []
    var seen: Set<String> = []
    var request = request(for: query)
    for _ in 1...Self.maximumPages {
      let response: HTTPResponse
      let page: FoursquareSearchResponse
      do {
        response = try await http.send(request, retry: retry)
        page = try HTTPClient.decode(FoursquareSearchResponse.self, from: response.body)
      } catch let error as HTTPError {
        throw placesError(for: error)
      }
      for result in page.results {
        guard let place = Self.place(from: result, center: query.center),
          seen.insert(place.id).inserted
        else { continue }
        places.append(place)
      }
      guard places.count < query.limit,
        let next = response.links(relation: "next").first, isSameOrigin(next)
      else { break }
      request = self.request(next: next)
    }
    // Pages are each sorted by distance; sort the union, keeping the API's order on ties.
    let ordered = places.enumerated().sorted { lhs, rhs in
      let (l, r) = (lhs.element.distance ?? .infinity, rhs.element.distance ?? .infinity)
      return l != r ? l < r : lhs.offset < rhs.offset
    }
    return Array(ordered.prefix(query.limit).map(\.element))
  }

  private func isSameOrigin(_ url: URL) -> Bool {
    url.scheme?.lowercased() == baseURL.scheme?.lowercased()
      && url.host?.lowercased() == baseURL.host?.lowercased() && url.port == baseURL.port
  }

  static func place(from result: FoursquareSearchResponse.Result, center: Coordinate) -> Place? {
    guard let latitude = result.latitude, let longitude = result.longitude,
      let coordinate = try? Coordinate(validatingLatitude: latitude, longitude: longitude)
    else { return nil }
    let distance = result.distance.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    return Place(
      id: "fsq:\(result.fsqPlaceID)",
      name: result.name,
      coordinate: coordinate,
      distance: distance ?? center.distance(to: coordinate),
      address: result.location?.oneLine,
      categories: (result.categories ?? []).map(\.name),
      phone: result.tel.flatMap { $0.isEmpty ? nil : $0 },
      website: result.website.flatMap { $0.isEmpty ? nil : $0 },
      openingHours: result.hours?.openingHours,
      source: .foursquare)
  }

  /// The error a user can act on for an HTTP failure, with the key scrubbed from any text.
  func placesError(for error: HTTPError) -> PlacesError {
    switch error {
    case .status(.unauthorized, _, _):
      return .keyRefused
    case .status(.tooManyRequests, _, let retryAfter):
      return .rateLimited(retryAfter: retryAfter.map { Double($0.components.seconds) })
    case .status(.forbidden, let message, _):
      return .serviceUnavailable(
        apiKey.scrub("Foursquare refused access (HTTP 403)" + (message.map { ": \($0)" } ?? "")))
    case .status(let status, let message, _):
      return .serviceUnavailable(
        apiKey.scrub("Foursquare answered HTTP \(status.code)" + (message.map { ": \($0)" } ?? "")))
    case .transport(let failure):
      return .serviceUnavailable("Foursquare could not be reached: \(failure)")
    case .decoding:
      return .serviceUnavailable(
        apiKey.scrub("Foursquare's answer was not understood (\(error))"))
    case .invalidRequest, .noFixture:
      return .serviceUnavailable(apiKey.scrub("\(error)"))
    }
  }
}

extension FoursquarePlaces: CustomStringConvertible, CustomDebugStringConvertible,
  CustomDumpStringConvertible, CustomReflectable
{
  /// The base URL and a redacted key, so that logs and dumps never show the key.
  public var description: String {
    "FoursquarePlaces(baseURL: \(baseURL.absoluteString), apiKey: \(apiKey))"
  }
  /// The same text as `description`.
  public var debugDescription: String { description }
  /// The same text as `description`.
  public var customDumpDescription: String { description }
  /// Only the base URL as a child: reflection cannot reach the key.
  public var customMirror: Mirror {
    Mirror(self, children: ["baseURL": baseURL.absoluteString, "apiKey": apiKey.description])
  }
}

extension Double {
  fileprivate func clamped(_ low: Double, _ high: Double) -> Double {
    Swift.min(Swift.max(self, low), high)
  }
}
