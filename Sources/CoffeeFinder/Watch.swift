import Bearing
import BearingLocation
import BearingPersistence

/// Follows the location and reports fixes, and entering or leaving a favourite's region: the
/// feature behind `coffee-finder watch`.
///
/// Every favourite is a monitored region of ``FavoriteRegion/radius`` metres. What the feature
/// has to say goes out as ``Output`` actions, which a view model hands to the terminal exactly
/// once each; the feature itself never prints.
///
/// ```swift
/// let viewModel = ViewModel(
///   initialState: Watch.State(showsFixes: true), reducer: { Watch() },
///   viewState: { $0 }, event: { $0 }, viewEffect: \.output)
/// await viewModel.send(.onAppear)
/// ```
public struct Watch: Reducer {
  public struct State: Equatable, Sendable {
    /// Whether every fix is reported, or only entering and leaving.
    public var showsFixes: Bool
    /// Favourite names by place identifier (the region identifier).
    public var names: [String: String] = [:]
    /// Inside or outside, per region, as last recorded (also across runs, from the database).
    public var regionStates: [String: RegionState] = [:]

    /// A feature that has not started yet.
    public init(showsFixes: Bool) {
      self.showsFixes = showsFixes
    }
  }

  /// What the feature reports; the view decides how it looks.
  public enum Output: Equatable, Sendable {
    /// Monitoring began for this many favourite regions.
    case started(regions: Int)
    /// A line to show: a fix, an entry or an exit.
    case line(WatchLine)
    /// Something went wrong that does not stop watching.
    case warning(String)
    /// Something went wrong that does: the favourites could not be read.
    case failed(String)
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case onAppear
    case onDisappear
    case favoritesLoaded([Favorite], [MonitoredRegion])
    case favoritesFailed(String)
    case locationManager(LocationManager.Action)
    case regionStateNotSaved(String)
    /// For the view: never reduced to a state change.
    case output(Output)
  }

  enum CancelID { case location }

  @Dependency(\.database) var database
  @Dependency(\.locationManager) var locationManager

  /// Creates the feature.
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let database = database
    let locationManager = locationManager
    switch action {
    case .onAppear:
      return .run { send in
        await send(
          .favoritesLoaded(try await database.favorites(), try await database.monitoredRegions()))
      } catch: { error, send in
        await send(.favoritesFailed(UserMessage.line(for: error)))
      }

    case .favoritesLoaded(let favorites, let regions):
      for favorite in favorites where state.names[favorite.placeID] == nil {
        state.names[favorite.placeID] = favorite.name
      }
      for region in regions { state.regionStates[region.id] = region.state }
      // A favourite saved without its region (by an older version, say) is monitored too.
      let known = Set(regions.map(\.id))
      var toMonitor = regions.map(\.region)
      var added = known
      for favorite in favorites where !added.contains(favorite.placeID) {
        toMonitor.append(FavoriteRegion.region(for: favorite))
        added.insert(favorite.placeID)
      }
      return .run { [toMonitor] send in
        await send(.output(.started(regions: toMonitor.count)))
        let events = locationManager.delegate()
        await locationManager.requestWhenInUseAuthorization()
        for region in toMonitor { await locationManager.startMonitoring(region) }
        await locationManager.startUpdatingLocation()
        for await event in events { await send(.locationManager(event)) }
      }
      .cancellable(id: CancelID.location, cancelInFlight: true)

    case .favoritesFailed(let message):
      return .send(.output(.failed("Favourites are unavailable: \(message)")))

    case .onDisappear:
      return .merge(
        .cancel(id: CancelID.location),
        .run { _ in await locationManager.stopUpdatingLocation() }
      )

    case .locationManager(.didUpdateLocations(let fixes)):
      guard state.showsFixes else { return .none }
      return .merge(fixes.map { .send(.output(.line(.fix($0)))) })

    case .locationManager(.didEnterRegion(let region)),
      .locationManager(.didDetermineState(.inside, let region)):
      // A state determined inside after a restart is only news if we were not inside before.
      guard state.regionStates[region.identifier] != .inside else { return .none }
      state.regionStates[region.identifier] = .inside
      let name = state.names[region.identifier] ?? region.identifier
      // Saved before it is announced: once the user has seen "enter", a restart knows.
      return .concatenate(
        record(region.identifier, .inside),
        .send(.output(.line(.enter(id: region.identifier, name: name)))))

    case .locationManager(.didExitRegion(let region)),
      .locationManager(.didDetermineState(.outside, let region)):
      let wasInside = state.regionStates[region.identifier] == .inside
      state.regionStates[region.identifier] = .outside
      guard wasInside else { return .none }
      let name = state.names[region.identifier] ?? region.identifier
      return .concatenate(
        record(region.identifier, .outside),
        .send(.output(.line(.exit(id: region.identifier, name: name)))))

    case .locationManager(.didChangeAuthorization(.denied)):
      return .send(.output(.warning(Nearby.deniedMessage)))

    case .locationManager(.didFailWithError(let error)):
      return .send(.output(.warning("\(error)")))

    case .locationManager(.monitoringDidFail(let region, let error)):
      return .send(
        .output(.warning("cannot monitor \(region?.identifier ?? "a region"): \(error)")))

    case .locationManager:
      return .none

    case .regionStateNotSaved(let message):
      return .send(.output(.warning("The region state was not saved: \(message)")))

    case .output:
      return .none
    }
  }

  /// Saves a region's state, so that a restart knows whether the user is already inside.
  private func record(_ identifier: String, _ regionState: RegionState) -> Effect<Action> {
    let database = database
    return .run { _ in
      _ = try await database.updateRegionState(identifier: identifier, state: regionState)
    } catch: { error, send in
      await send(.regionStateNotSaved(UserMessage.line(for: error)))
    }
  }
}
