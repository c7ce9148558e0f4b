import Bearing
import BearingLocation
import BearingPersonalData

/// Follows the location and reports fixes, and entering or leaving a favourite's region: the
/// feature behind `coffee-finder watch`.
///
/// Every favourite is a monitored region of ``FavoriteRegions/radius`` metres. What the feature
/// has to say goes out as ``Output`` actions, which a view model hands to the terminal exactly
/// once each; the feature itself never prints.
///
/// ```swift
/// let viewModel = ViewModel(
///   initialState: Watch.State(showsFixes: true), reducer: { Watch() },
///   viewState: { $0 }, event: { $0 }, viewEffect: \.output)
/// await viewModel.send(.onAppear)
/// ```
package struct Watch: Reducer {
  package struct State: Equatable, Sendable {
    /// Whether every fix is reported, or only entering and leaving.
    package var showsFixes: Bool
    /// The favourites and their regions.
    package var favoriteRegions = FavoriteRegions.State()
    /// Entries and exits being recorded, not yet announced: the end of a replay waits for them.
    package var announcing = 0
    /// The end of the source (its number of fixes), held while ``announcing`` is not 0.
    package var endedAfter: Int?
    /// The latest fix, whose time and position an entry or exit is told with (a region's
    /// news follows the fix that made it).
    package var lastFix: Location?
    /// Entries and exits told before any fix (a region found inside as monitoring starts), told
    /// after the first fix with its time and position.
    package var heldLines: [WatchLine] = []

    /// A feature that has not started yet; `remembersRegionStates` as
    /// ``FavoriteRegions/State/remembersStates`` (false for a replayed or simulated track).
    package init(showsFixes: Bool, remembersRegionStates: Bool = true) {
      self.showsFixes = showsFixes
      favoriteRegions.remembersStates = remembersRegionStates
    }
  }

  /// What the feature reports; the view decides how it looks.
  package enum Output: Equatable, Sendable {
    /// Monitoring began for this many favourite regions.
    case started(regions: Int)
    /// A line to show: a fix, an entry or an exit.
    case line(WatchLine)
    /// Something went wrong that does not stop watching.
    case warning(String)
    /// Something went wrong that does: the favourites could not be read.
    case failed(String)
    /// The source ended (a replay reached the end of its track) after this many fixes.
    case finished(fixes: Int)
  }

  @CasePathable
  package enum Action: Equatable, Sendable {
    case onAppear
    case onDisappear
    case favoriteRegions(FavoriteRegions.Action)
    case locationManager(LocationManager.Action)
    /// For the view: never reduced to a state change.
    case output(Output)
  }

  enum CancelID { case location }

  @Dependency(\.locationManager) var locationManager

  /// Creates the feature.
  package init() {}

  package var body: some ReducerOf<Self> {
    Scope(state: \.favoriteRegions, action: \.favoriteRegions) { FavoriteRegions() }
    Reduce { state, action in core(&state, action) }
  }

  /// `line` for the view (held for the first fix when none has come); then the end of the
  /// source, when it came while this was recorded.
  private func announced(_ state: inout State, _ line: WatchLine) -> Effect<Action> {
    state.announcing = max(0, state.announcing - 1)
    var now = Effect<Action>.none
    if state.lastFix == nil, state.endedAfter == nil {
      state.heldLines.append(line)
    } else {
      now = .send(.output(.line(line)))
    }
    guard state.announcing == 0, let fixes = state.endedAfter else { return now }
    state.endedAfter = nil
    return .concatenate(now, .send(.output(.finished(fixes: fixes))))
  }

  private func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    let locationManager = locationManager
    switch action {
    case .onAppear:
      return .send(.favoriteRegions(.load))

    case .favoriteRegions(.delegate(.loaded(let regions))):
      return .merge(
        .send(.output(.started(regions: regions))),
        .run { send in
          let events = locationManager.delegate()
          await locationManager.requestWhenInUseAuthorization()
          await locationManager.startUpdatingLocation()
          for await event in events { await send(.locationManager(event)) }
        }
        .cancellable(id: CancelID.location, cancelInFlight: true))

    case .favoriteRegions(.delegate(.entered(let id, let name))):
      return announced(&state, .enter(id: id, name: name, at: state.lastFix))

    case .favoriteRegions(.delegate(.exited(let id, let name))):
      return announced(&state, .exit(id: id, name: name, at: state.lastFix))

    case .favoriteRegions(.delegate(.failed(let message))):
      return .send(.output(.failed(message)))

    case .favoriteRegions(.delegate(.warning(let message))):
      return .send(.output(.warning(message)))

    case .favoriteRegions:
      return .none

    case .onDisappear:
      return .merge(
        .cancel(id: CancelID.location),
        .run { _ in await locationManager.stopUpdatingLocation() }
      )

    case .locationManager(.didUpdateLocations(let fixes)):
      state.lastFix = fixes.last ?? state.lastFix
      var lines = state.showsFixes ? fixes.map(WatchLine.fix) : []
      // What was found before the first fix, told after it, with its time and position.
      if let fix = state.lastFix {
        lines += state.heldLines.map { $0.told(at: fix) }
        state.heldLines = []
      }
      return .concatenate(lines.map { .send(.output(.line($0))) })

    case .locationManager(.didChangeAuthorization(.denied)):
      return .send(.output(.warning(UserMessage.locationAccessOff)))

    case .locationManager(.didFailWithError(.trackEnded(_, let fixes))):
      // The track's last fixes may have entered or left a region whose news is still being
      // recorded: the end is told after it.
      guard state.announcing == 0 else {
        state.endedAfter = fixes
        return .none
      }
      let held = state.heldLines.map { Effect<Action>.send(.output(.line($0))) }
      state.heldLines = []
      return .concatenate(held + [.send(.output(.finished(fixes: fixes)))])

    case .locationManager(.didFailWithError(let error)):
      return .send(.output(.warning(UserMessage.line(for: error))))

    case .locationManager(.monitoringDidFail(let region, let error)):
      return .send(
        .output(.warning(UserMessage.cannotMonitor(region?.identifier, error))))

    case .locationManager(let event):
      // Region events belong to the favourites; an entry or exit they will announce is
      // counted until it is.
      let region = event.region
      let before = region.flatMap { state.favoriteRegions.regionStates[$0.identifier] }
      let effect = FavoriteRegions().reduce(
        into: &state.favoriteRegions, action: .location(event))
      if let region {
        let after = state.favoriteRegions.regionStates[region.identifier]
        if (after == .inside && before != .inside) || (after == .outside && before == .inside) {
          state.announcing += 1
        }
      }
      return effect.map { .favoriteRegions($0) }

    case .output:
      return .none
    }
  }
}

extension LocationManager.Action {
  /// The region an entry, exit or determined state is about.
  fileprivate var region: Region? {
    switch self {
    case .didEnterRegion(let region), .didExitRegion(let region),
      .didDetermineState(_, let region):
      region
    default: nil
    }
  }
}
