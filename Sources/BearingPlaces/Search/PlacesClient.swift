import BearingLocation
import BearingText
import Dependencies
import DependenciesMacros
import Foundation

/// Searches for places near a coordinate.
///
/// `liveValue` searches Foursquare when `FOURSQUARE_API_KEY` is set, and otherwise the embedded
/// OpenStreetMap extract of central Helsinki (see ``OfflinePlaces``); ``offline(_:)`` searches
/// any ``PlaceDataset``, such as one the user imported.
///
/// ```swift
/// @Dependency(\.places) var places
/// let query = try PlaceQuery(center: here, radius: 1_000, categories: [.cafe])
/// let nearest = try await places.search(query)  // nearest first
/// ```
@DependencyClient
public struct PlacesClient: Sendable {
  /// Places matching the query, nearest first, at most `query.limit`.
  ///
  /// - throws: ``PlacesError``; ``PlacesError/outsideCoverage(_:)`` when offline data does not
  ///   cover the query's center.
  public var search: @Sendable (_ query: PlaceQuery) async throws -> [Place]
  /// The area the data covers, or `nil` when the provider covers the whole world.
  public var coverage: @Sendable () -> DataCoverage? = { nil }
}

extension PlacesClient: TestDependencyKey {
  /// Every endpoint reports an issue if a test calls it without overriding it.
  public static let testValue: Self = {
    var client = Self()
    // The macro lets an endpoint with a default value pass silently; this one must not.
    client.coverage = {
      reportIssue("Unimplemented: 'PlacesClient.coverage'")
      return nil
    }
    return client
  }()

  /// A few cafés around Helsinki's railway station, for previews and demos.
  public static let previewValue: Self = {
    let dataset = PlaceDataset(
      coverage: .init(
        area: "preview cafés in central Helsinki", source: "sample data",
        south: 60.1632, west: 24.9393, north: 60.1719, east: 24.9452, placeCount: 3),
      places: [
        Place(
          id: "osm:node/preview-1", name: "Café Ekberg",
          coordinate: Coordinate(latitude: 60.1632, longitude: 24.9393),
          address: "Bulevardi 9, Helsinki", categories: ["Café"], source: .openStreetMap),
        Place(
          id: "osm:node/preview-2", name: "Fazer Café Kluuvikatu",
          coordinate: Coordinate(latitude: 60.1686, longitude: 24.9452),
          address: "Kluuvikatu 3, Helsinki", categories: ["Café"], source: .openStreetMap),
        Place(
          id: "osm:node/preview-3", name: "Espresso House Asema",
          coordinate: Coordinate(latitude: 60.1719, longitude: 24.9414),
          categories: ["Café", "Coffee Shop"], source: .openStreetMap),
      ]
    )
    return .offline(OfflinePlaces(dataset: dataset))
  }()
}

extension DependencyValues {
  /// The place search client.
  public var places: PlacesClient {
    get { self[PlacesClient.self] }
    set { self[PlacesClient.self] = newValue }
  }
}

extension PlacesClient: DependencyKey {
  /// ``live(environment:)`` for this process's environment.
  public static var liveValue: Self {
    live(environment: ProcessInfo.processInfo.environment)
  }

  /// The Foursquare Places API when `environment` has a non-blank `FOURSQUARE_API_KEY` (see
  /// ``foursquare(apiKey:baseURL:retry:)``); otherwise the embedded OpenStreetMap extract of
  /// central Helsinki.
  public static func live(environment: [String: String]) -> Self {
    if let key = FoursquareAPIKey.fromEnvironment(environment) {
      return .foursquare(apiKey: key)
    }
    do {
      return .offline(try OfflinePlaces.embedded())
    } catch {
      let failure = error
      return Self(search: { _ in throw failure }, coverage: { nil })
    }
  }
}

extension PlacesClient {
  /// A client that searches `places` in memory.
  public static func offline(_ places: OfflinePlaces) -> Self {
    Self(
      search: { query in try places.search(query) },
      coverage: { places.coverage }
    )
  }
}
