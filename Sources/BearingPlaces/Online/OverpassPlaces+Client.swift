import BearingHTTP
import BearingLocation
import Dependencies
import Foundation

extension PlacesClient {
  /// A client that searches OpenStreetMap through the Overpass API at `endpoint`.
  ///
  /// Requests go through the `httpClient` dependency at the time of each search. Overpass
  /// covers the whole world, so `coverage` is `nil`.
  ///
  /// ```swift
  /// let places = PlacesClient.overpass(userAgent: "coffee-finder/0.1.0")
  /// ```
  public static func overpass(
    endpoint: URL = OverpassPlaces.defaultEndpoint, userAgent: String,
    retry: RetryPolicy = OverpassPlaces.defaultRetry
  ) -> Self {
    let provider = OverpassPlaces(endpoint: endpoint, userAgent: userAgent, retry: retry)
    return Self(
      search: { query in
        @Dependency(\.httpClient) var http
        return try await provider.search(query, using: http)
      },
      coverage: { nil }
    )
  }

  /// Searches `offline` where its data covers the query's center (with the margin offline
  /// search allows, ``OfflinePlaces/coverageMargin``), and `online` everywhere else; when
  /// `online` cannot be reached the error also names the area stored offline.
  ///
  /// ```swift
  /// let places = PlacesClient.preferring(offline: helsinki, else: .overpass(userAgent: agent))
  /// ```
  public static func preferring(offline: OfflinePlaces, else online: PlacesClient) -> Self {
    preferring(
      offline: .offline(offline),
      covering: { offline.coverage.contains($0, margin: OfflinePlaces.coverageMargin) },
      stored: "\(offline.coverage)", else: online)
  }

  /// Searches `offline` where `covers` says its data covers the query's center, and `online`
  /// everywhere else; when `online` cannot be reached the error names what is `stored`.
  public static func preferring(
    offline: PlacesClient, covering covers: @escaping @Sendable (Coordinate) -> Bool,
    stored: String, else online: PlacesClient
  ) -> Self {
    Self(
      search: { query in
        if covers(query.center) {
          return try await offline.search(query)
        }
        do {
          return try await online.search(query)
        } catch PlacesError.serviceUnavailable(let reason) {
          throw PlacesError.serviceUnavailable(
            "\(reason); offline data is stored only for \(stored)")
        }
      },
      coverage: { nil }
    )
  }
}
