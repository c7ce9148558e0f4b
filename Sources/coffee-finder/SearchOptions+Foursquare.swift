import CoffeeFinder
import Places
import Settings

extension SearchOptions {
  /// The Foursquare client, once the Places module provides one.
  static func foursquare(_ settings: AppSettings) throws -> (
    PlacesClient, DataOrigin, OfflinePlaces?
  ) {
    throw CLIError(
      "Foursquare search is not available in this build; use --provider offline")
  }
}
