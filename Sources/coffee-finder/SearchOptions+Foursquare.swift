import BearingPersistence
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
      throw CLIError(
        "the Foursquare API key is empty or malformed; check FOURSQUARE_API_KEY or the config file")
    }
    return (.foursquare(apiKey: key, baseURL: try foursquareBaseURL()), .foursquare, nil)
  }

  /// `COFFEE_FINDER_FOURSQUARE_URL`: where the Places API is, for a proxy or a local test
  /// server; by default Foursquare's own.
  static func foursquareBaseURL(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> URL {
    guard let text = environment["COFFEE_FINDER_FOURSQUARE_URL"], !text.isEmpty else {
      return FoursquarePlaces.defaultBaseURL
    }
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
      url.host?.isEmpty == false
    else {
      throw CLIError(
        "COFFEE_FINDER_FOURSQUARE_URL is not an http(s) URL: \(TerminalText.escape(text))")
    }
    return url
  }
}
