import BearingHTTP
import BearingLocation
import BearingText
import Foundation

/// A place a name was resolved to.
public struct GeocodedPlace: Hashable, Sendable, Codable {
  /// The full name, such as "Paris, Île-de-France, France métropolitaine, France".
  public var name: String
  /// Where the place is.
  public var coordinate: Coordinate
  /// How prominent the place is, 0…1 (Nominatim's `importance`); `nil` offline.
  public var importance: Double?

  /// Creates an answer; `importance` is `nil` when the source does not rank places.
  public init(name: String, coordinate: Coordinate, importance: Double? = nil) {
    self.name = name
    self.coordinate = coordinate
    self.importance = importance
  }

  /// Whether `answers` (best first) name one place, or several a person must choose between:
  /// two that lie more than 50 km apart with the second nearly as prominent as the first.
  public static func isAmbiguous(_ answers: [GeocodedPlace]) -> Bool {
    guard answers.count > 1 else { return false }
    let first = answers[0]
    return answers.dropFirst().contains { other in
      let near = first.coordinate.distance(to: other.coordinate) <= 50_000
      guard let a = first.importance, let b = other.importance else { return !near }
      return !near && b >= 0.75 * a
    }
  }
}

/// Resolves a place name to coordinates through OpenStreetMap's Nominatim.
///
/// Nominatim's usage policy is kept: every request names the app in its `User-Agent`, and a
/// process sends at most one request per second (``RateGate``); callers cache answers (the app
/// keeps them in its place store) so a name is asked for once.
///
/// ```swift
/// let nominatim = NominatimGeocoder(userAgent: "coffee-finder/0.1.0")
/// let answers = try await nominatim.search("Kallio, Helsinki", using: httpClient)
/// ```
public struct NominatimGeocoder: Sendable {
  /// The public instance.
  public static let defaultEndpoint = URL(string: "https://nominatim.openstreetmap.org/search")!
  /// The process's one-request-per-second gate, on the continuous clock.
  public static let sharedGate = RateGate(interval: .seconds(1), clock: ContinuousClock())

  /// The search URL; tests point it at a loopback server.
  public var endpoint: URL
  /// Names the app and its version, as the usage policy asks.
  public var userAgent: String
  /// The gate each request waits at: `sharedGate`, unless `testGate` is set (by
  /// `passing(through:)`, which sets this to `nil`); with neither, a request is sent at once.
  public var gate: RateGate<ContinuousClock>?
  /// A gate on another clock, for tests.
  public var testGate: (@Sendable () async throws -> Void)?
  /// How long to wait for an answer.
  public var timeout: Duration

  /// Creates a geocoder behind the process's shared one-per-second gate.
  public init(
    endpoint: URL = defaultEndpoint, userAgent: String, timeout: Duration = .seconds(10)
  ) {
    self.endpoint = endpoint
    self.userAgent = userAgent
    self.gate = Self.sharedGate
    self.timeout = timeout
  }

  /// The same geocoder passing its requests through `gate` instead of the shared one.
  public func passing<C: Clock>(through gate: RateGate<C>) -> Self where C.Duration == Duration {
    var copy = self
    copy.gate = nil
    copy.testGate = { try await gate.wait() }
    return copy
  }

  /// The request for `text`: at most 5 answers, as JSON.
  public func request(for text: String) -> HTTPRequest {
    HTTPRequest(
      .get, url: endpoint,
      query: [
        URLQueryItem(name: "q", value: text), URLQueryItem(name: "format", value: "jsonv2"),
        URLQueryItem(name: "limit", value: "5"),
      ],
      headerFields: [.userAgent: userAgent, .accept: "application/json"], timeout: timeout)
  }

  /// The places called `text`, most prominent first; empty when there is none.
  ///
  /// - throws: ``PlacesError/serviceUnavailable(_:)`` or ``PlacesError/rateLimited(retryAfter:)``
  ///   saying what went wrong, or `CancellationError`.
  public func search(_ text: String, using http: HTTPClient) async throws -> [GeocodedPlace] {
    if let testGate { try await testGate() } else { try await gate?.wait() }
    let response: HTTPResponse
    do {
      response = try await http.send(request(for: text), retry: .never)
    } catch let error as HTTPError {
      switch error {
      case .status(.tooManyRequests, _, let retryAfter):
        throw PlacesError.rateLimited(retryAfter: retryAfter.map { Double($0.components.seconds) })
      case .status(let status, let message, _):
        throw PlacesError.serviceUnavailable(
          "Nominatim answered HTTP \(status.code)" + (message.map { ": \($0)" } ?? ""))
      case .transport(let failure):
        throw PlacesError.serviceUnavailable(
          "Nominatim at \(endpoint.host ?? "?") could not be reached: \(failure)")
      default:
        throw PlacesError.serviceUnavailable("Nominatim: \(error)")
      }
    }
    struct Answer: Decodable {
      var lat: String
      var lon: String
      var display_name: String
      var importance: Double?
    }
    let answers: [Answer]
    do {
      answers = try JSONDecoder().decode([Answer].self, from: response.body)
    } catch {
      throw PlacesError.serviceUnavailable(
        "Nominatim's answer was not understood (\(TerminalText.line("\(error)", limit: 200)))")
    }
    return answers.compactMap { answer in
      guard let latitude = Double(answer.lat), let longitude = Double(answer.lon),
        let coordinate = try? Coordinate(validatingLatitude: latitude, longitude: longitude)
      else { return nil }
      return GeocodedPlace(
        name: answer.display_name, coordinate: coordinate, importance: answer.importance)
    }
  }
}
