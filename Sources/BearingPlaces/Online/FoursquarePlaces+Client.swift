import BearingHTTP
import BearingText
import Dependencies
import Foundation

extension PlacesClient {
  /// A client that searches the Foursquare Places API with `apiKey`.
  ///
  /// Requests go through the `httpClient` dependency at the time of each search, so tests can
  /// answer them from fixtures or a loopback server. Foursquare covers the whole world, so
  /// `coverage` is `nil`.
  ///
  /// ```swift
  /// guard let key = FoursquareAPIKey.fromEnvironment() else { return }
  /// let places = PlacesClient.foursquare(apiKey: key)
  /// ```
  public static func foursquare(
    apiKey: FoursquareAPIKey,
    baseURL: URL = FoursquarePlaces.defaultBaseURL,
    retry: RetryPolicy = .default
  ) -> Self {
    let provider = FoursquarePlaces(apiKey: apiKey, baseURL: baseURL, retry: retry)
    return Self(
      search: { query in
        @Dependency(\.httpClient) var http
        return try await provider.search(query, using: http)
      },
      coverage: { nil }
    )
  }
}
