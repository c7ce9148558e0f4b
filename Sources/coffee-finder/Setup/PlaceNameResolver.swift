import Bearing
import BearingPlaces
import CoffeeFinder
import Foundation

/// `--near TEXT`: a place name made coordinates by a ``PlaceNameLookup`` store over the offline
/// data in `--data-dir` and Nominatim (`COFFEE_FINDER_NOMINATIM_URL`, default the public
/// instance).
enum PlaceNameResolver {
  /// The place `text` names; `offline` (`--provider offline`) asks no server, only the
  /// offline data and the answers kept from earlier look-ups.
  @MainActor
  static func resolve(
    _ text: String, data: DataOptions, offline: Bool = false
  ) async throws -> GeocodedPlace {
    var state = PlaceNameLookup.State(text: text)
    do {
      state.endpoint = try EnvironmentURL.read(
        "COFFEE_FINDER_NOMINATIM_URL", default: NominatimGeocoder.defaultEndpoint)
    } catch {
      state.endpointProblem = error.message
    }
    if offline { state.endpointProblem = UserMessage.notKnownOffline(state.name) }
    let store = Store(initialState: state) {
      PlaceNameLookup()
    } withDependencies: {
      $0.offlineAreas = data.offlineAreas
      $0.geocoder = .nominatim(userAgent: CoffeeFinderCommand.userAgent)
    }
    await store.send(.lookUp).finish()
    if let failure = store.state.failure { throw CLIError(failure) }
    guard let place = store.state.place else {
      throw CLIError(UserMessage.noPlaceCalled(state.name))
    }
    return place
  }
}
