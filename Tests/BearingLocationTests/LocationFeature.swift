import Bearing
import BearingLocation

/// The feature of Composable Core Location's README: ask for authorization and subscribe on
/// appear; denied shows an alert; granted requests one fix; a failure is shown; the
/// subscription ends when the feature goes away.
struct LocationFeature: Reducer {
  struct State: Equatable, Sendable {
    var alert: String?
    var error: LocationError?
    var isRequestingLocation = false
    var location: Location?
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case onAppear
    case onDisappear
    case locationManager(LocationManager.Action)
  }

  enum CancelID { case delegate }

  static let deniedAlert =
    "Please give location access so that we can show you some cool stuff. On Linux, that means "
    + "a reachable gpsd."

  @Dependency(\.locationManager) var locationManager

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return .merge(
        .run { send in
          for await action in locationManager.delegate() {
            await send(.locationManager(action))
          }
        }
        .cancellable(id: CancelID.delegate),
        .run { _ in await locationManager.requestWhenInUseAuthorization() }
      )
    case .onDisappear:
      return .cancel(id: CancelID.delegate)
    case .locationManager(.didChangeAuthorization(.authorizedAlways)),
      .locationManager(.didChangeAuthorization(.authorizedWhenInUse)):
      state.isRequestingLocation = true
      return .run { _ in await locationManager.requestLocation() }
    case .locationManager(.didChangeAuthorization(.denied)),
      .locationManager(.didChangeAuthorization(.restricted)):
      state.alert = Self.deniedAlert
      return .none
    case .locationManager(.didUpdateLocations(let locations)):
      state.isRequestingLocation = false
      state.location = locations.last
      return .none
    case .locationManager(.didFailWithError(let error)):
      state.isRequestingLocation = false
      state.error = error
      return .none
    case .locationManager:
      return .none
    }
  }
}
