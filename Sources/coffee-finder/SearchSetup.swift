import BearingLocation
import BearingPersistence
import BearingPlaces
import BearingText
import CoffeeFinder
import Foundation
import Settings

/// What a command that searches needs, made from its options in one place: the settings, the
/// place client and where its data comes from, and the location source.
struct SearchSetup {
  var settings: AppSettings
  var places: PlacesClient
  var dataOrigin: DataOrigin
  /// Where a simulated position goes: the middle of the offline data, else central Helsinki.
  var center: Coordinate
  var locationOrigin: LocationOrigin
  var locationManager: LocationManager
  /// Why the location source was chosen, when no option chose it.
  var locationChoice: LocationChoice

  /// Loads the settings (with the command line's overrides), logging as `output` says, and
  /// makes the clients; a one-shot location request waits up to `requestTimeout`.
  init(
    location: LocationOptions, search: SearchOptions, data: DataOptions, output: OutputOptions,
    requestTimeout: Duration = .seconds(10)
  ) async throws {
    output.bootstrapLogging()
    let loaded = try search.settings(gpsd: location.gpsd)
    settings = loaded.settings
    let offline: OfflineLibrary?
    (places, dataOrigin, offline) = try await SearchOptions.places(for: settings, data: data)
    center = offline?.coverages.first.map(NearbyCommand.center(of:)) ?? NearbyCommand.helsinki
    var location = location
    if let near = location.near {
      let place = try await PlaceNameResolver.resolve(near, data: data)
      Console.note(
        "near \"\(TerminalText.escape(near))\": \(TerminalText.escape(place.name)) "
          + String(format: "(%.5f,%.5f)", place.coordinate.latitude, place.coordinate.longitude))
      location.near = nil
      location.at = "\(place.coordinate.latitude),\(place.coordinate.longitude)"
    }
    locationChoice = try await location.makeSource(
      defaultCenter: center, settings: loaded, requestTimeout: requestTimeout,
      verbose: output.verbose)
    locationOrigin = locationChoice.origin
    locationManager = locationChoice.manager
  }
}
