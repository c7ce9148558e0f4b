import BearingPlaceStore
import BearingPlaces
import BearingText
import CoffeeFinder
import CoffeeFinderSettings
import Foundation

extension SearchOptions {
  /// The Foursquare client for the configured key; the key itself never reaches output.
  static func foursquare(
    _ settings: AppSettings
  ) throws -> (PlacesClient, DataOrigin, OfflineLibrary?) {
    guard let text = settings.foursquareAPIKey?.secret, let key = FoursquareAPIKey(text) else {
      throw CLIError(UserMessage.malformedFoursquareKey)
    }
    // `COFFEE_FINDER_FOURSQUARE_URL`: where the Places API is, for a proxy or a local test
    // server; by default Foursquare's own.
    let baseURL = try EnvironmentURL.read(
      "COFFEE_FINDER_FOURSQUARE_URL", default: FoursquarePlaces.defaultBaseURL)
    return (.foursquare(apiKey: key, baseURL: baseURL), .foursquare, nil)
  }
}
