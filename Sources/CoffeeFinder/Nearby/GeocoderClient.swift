import Bearing
import BearingHTTP
import BearingPlaces
import Foundation

/// Place names made coordinates by an online geocoder: Nominatim live.
///
/// ```swift
/// let store = Store(initialState: PlaceNameLookup.State(text: "Kallio")) {
///   PlaceNameLookup()
/// } withDependencies: {
///   $0.geocoder = .nominatim(userAgent: "coffee-finder/1.0")
/// }
/// ```
@DependencyClient
package struct GeocoderClient: Sendable {
  /// The places called `name`, best first, from the geocoder at `endpoint`.
  package var search: @Sendable (_ name: String, _ endpoint: URL) async throws -> [GeocodedPlace]
}

extension GeocoderClient: TestDependencyKey {
  /// Every endpoint fails the test that calls it unasked.
  package static let testValue = GeocoderClient()
}

extension GeocoderClient {
  /// Nominatim, asked through the `httpClient` dependency as the app's `userAgent`, at most
  /// once a second (``NominatimGeocoder``).
  package static func nominatim(userAgent: String) -> Self {
    Self(search: { name, endpoint in
      @Dependency(\.httpClient) var http
      return try await NominatimGeocoder(endpoint: endpoint, userAgent: userAgent)
        .search(name, using: http)
    })
  }
}

extension DependencyValues {
  /// The online geocoder `--near` asks when the offline data does not know a name.
  package var geocoder: GeocoderClient {
    get { self[GeocoderClient.self] }
    set { self[GeocoderClient.self] = newValue }
  }
}
