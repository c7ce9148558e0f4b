import Bearing
import BearingPlaces
import BearingText
import CoffeeFinder
import Foundation

/// `--near TEXT`: a place name made coordinates by a ``PlaceNameLookup`` store over the offline
/// data in `--data-dir` and Nominatim (`COFFEE_FINDER_NOMINATIM_URL`, default the public
/// instance).
enum PlaceNameResolver {
  @MainActor
  static func resolve(_ text: String, data: DataOptions) async throws -> GeocodedPlace {
    var state = PlaceNameLookup.State(text: text)
    do {
      state.endpoint = try endpoint()
    } catch {
      state.endpointProblem = error.message
    }
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

  /// `COFFEE_FINDER_NOMINATIM_URL`, for another instance or a local test server.
  static func endpoint(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(CLIError) -> URL {
    guard let text = environment["COFFEE_FINDER_NOMINATIM_URL"], !text.isEmpty else {
      return NominatimGeocoder.defaultEndpoint
    }
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
      url.host?.isEmpty == false
    else {
      throw CLIError(
        "COFFEE_FINDER_NOMINATIM_URL is not an http(s) URL: \(TerminalText.escape(text))")
    }
    return url
  }
}
