import CoffeeFinder
import Places
import Settings

extension SearchOptions {
  /// The Foursquare client for the configured key; the key itself never reaches output.
  static func foursquare(
    _ settings: AppSettings
  ) throws -> (PlacesClient, DataOrigin, OfflinePlaces?) {
    guard let text = settings.foursquareAPIKey?.value, let key = FoursquareAPIKey(text) else {
      throw CLIError(
        "the Foursquare API key is empty or malformed; check FOURSQUARE_API_KEY or the config file")
    }
    return (.foursquare(apiKey: key), .foursquare, nil)
  }
}
