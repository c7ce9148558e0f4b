import Bearing
import BearingLocation
import BearingPersonalData
import BearingPlaces
import Foundation

/// Favourites as one feature: loading them, adding and removing one (the favourite and its
/// region in one transaction), monitoring each as a region of ``FavoriteRegions/radius`` metres,
/// noticing when the user enters or leaves one, and remembering inside or outside across runs.
///
/// The interactive app and `watch` scope it into their state and forward their location
/// events as ``Action/location(_:)``; the `favorites` commands drive a store of it with
/// ``State/monitors`` off. What the parent should know arrives as ``Action/delegate(_:)``.
///
/// ```swift
/// let store = Store(initialState: FavoriteRegions.State(monitors: false)) { FavoriteRegions() }
/// await store.send(.add(place)).finish()
/// ```
package struct FavoriteRegions: Reducer {
  /// The favourites and what is known of their regions.
  package struct State: Equatable, Sendable {
    /// The favourites, newest first.
    package var favorites: [Favorite]
    /// Inside or outside, per favourite (region identifier = place id), as last recorded.
    package var regionStates: [String: RegionState]
    /// Whether favourites are monitored as regions here (the app, `watch`) or only stored (the
    /// `favorites` commands).
    package var monitors: Bool
    /// Whether inside or outside is read from the database at the start and saved as it
    /// changes, so a restart where you are knows it; not for a replayed or simulated track,
    /// which is judged on its own.
    package var remembersStates = true
    /// Whether ``Action/loaded(_:_:)`` has arrived.
    package var isLoaded: Bool
    /// The last failure, for a command to report.
    package var failure: String?

    /// Creates the state of a feature that has not loaded yet.
    package init(
      favorites: [Favorite] = [], regionStates: [String: RegionState] = [:],
      monitors: Bool = true, isLoaded: Bool = false, failure: String? = nil
    ) {
      self.favorites = favorites
      self.regionStates = regionStates
      self.monitors = monitors
      self.isLoaded = isLoaded
      self.failure = failure
    }

    /// Whether `placeID` is a favourite.
    package func contains(_ placeID: String) -> Bool {
      favorites.contains { $0.placeID == placeID }
    }
  }

  /// Everything that can happen to the favourites.
  @CasePathable
  package enum Action: Equatable, Sendable {
    case load
    case loaded([Favorite], [MonitoredRegion])
    case add(Place)
    case added(Favorite)
    case remove(placeID: String)
    case removed(placeID: String)
    /// A location event of the parent's; region events concern favourites.
    case location(LocationManager.Action)
    case failed(String)
    case delegate(Delegate)
  }

  /// What the parent is told.
  @CasePathable
  package enum Delegate: Equatable, Sendable {
    /// The favourites were loaded and this many regions are monitored.
    case loaded(regions: Int)
    /// The user entered a favourite's region.
    case entered(id: String, name: String)
    /// The user left a favourite's region.
    case exited(id: String, name: String)
    /// A place became, or stopped being, a favourite.
    case changed(placeID: String, isFavorite: Bool)
    /// Something failed that the user must hear about.
    case failed(String)
    /// Something failed that does not stop the feature (a region state not remembered).
    case warning(String)
  }

  @Dependency(\.database) var database
  @Dependency(\.locationManager) var locationManager
  @Dependency(\.date.now) var now

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let database = database
    let locationManager = locationManager
    switch action {
    case .load:
      return .run { send in
        await send(.loaded(try await database.favorites(), try await database.monitoredRegions()))
      } catch: { error, send in
        await send(.failed(UserMessage.favoritesUnavailable(error)))
      }

    case .loaded(let favorites, let regions):
      state.favorites = favorites
      state.isLoaded = true
      for region in regions {
        state.regionStates[region.id] = state.remembersStates ? region.state : .unknown
      }
      // A favourite saved without its region (by an older version, say) is monitored too.
      var toMonitor = regions.map(\.region)
      var known = Set(regions.map(\.id))
      for favorite in favorites where known.insert(favorite.placeID).inserted {
        toMonitor.append(FavoriteRegions.region(for: favorite))
      }
      let loaded = Effect<Action>.send(.delegate(.loaded(regions: toMonitor.count)))
      guard state.monitors, !toMonitor.isEmpty else { return loaded }
      return .concatenate(
        .run { [toMonitor] _ in
          for region in toMonitor { await locationManager.startMonitoring(region) }
        },
        loaded)

    case .add(let place):
      let favorite = FavoriteRegions.favorite(for: place, addedAt: now)
      let region = MonitoredRegion(region: FavoriteRegions.region(for: favorite))
      return .run { send in
        try await database.addFavorite(favorite, region)
        await send(.added(favorite))
      } catch: { error, send in
        await send(.failed(UserMessage.cannotSaveFavorite(error)))
      }

    case .added(let favorite):
      state.favorites.removeAll { $0.placeID == favorite.placeID }
      state.favorites.insert(favorite, at: 0)
      state.regionStates[favorite.placeID] = .unknown
      let changed = Effect<Action>.send(
        .delegate(.changed(placeID: favorite.placeID, isFavorite: true)))
      guard state.monitors else { return changed }
      let region = FavoriteRegions.region(for: favorite)
      return .merge(.run { _ in await locationManager.startMonitoring(region) }, changed)

    case .remove(let placeID):
      return .run { send in
        _ = try await database.removeFavorite(placeID)
        await send(.removed(placeID: placeID))
      } catch: { error, send in
        await send(.failed(UserMessage.cannotRemoveFavorite(error)))
      }

    case .removed(let placeID):
      let favorite = state.favorites.first { $0.placeID == placeID }
      state.favorites.removeAll { $0.placeID == placeID }
      state.regionStates[placeID] = nil
      let changed = Effect<Action>.send(.delegate(.changed(placeID: placeID, isFavorite: false)))
      guard state.monitors, let favorite else { return changed }
      let region = FavoriteRegions.region(for: favorite)
      return .merge(.run { _ in await locationManager.stopMonitoring(region) }, changed)

    case .location(.didEnterRegion(let region)),
      .location(.didDetermineState(.inside, let region)):
      // A state determined inside after a restart is only news if we were not inside before.
      guard state.regionStates[region.identifier] != .inside else { return .none }
      state.regionStates[region.identifier] = .inside
      // Saved before it is announced: once the user has been told, a restart knows.
      return .concatenate(
        record(region.identifier, .inside, in: state),
        .send(.delegate(.entered(id: region.identifier, name: name(of: region, in: state)))))

    case .location(.didExitRegion(let region)),
      .location(.didDetermineState(.outside, let region)):
      let wasInside = state.regionStates[region.identifier] == .inside
      state.regionStates[region.identifier] = .outside
      guard wasInside else { return .none }
      return .concatenate(
        record(region.identifier, .outside, in: state),
        .send(.delegate(.exited(id: region.identifier, name: name(of: region, in: state)))))

    case .location:
      return .none

    case .failed(let message):
      state.failure = message
      return .send(.delegate(.failed(message)))

    case .delegate:
      return .none
    }
  }

  private func name(of region: Region, in state: State) -> String {
    state.favorites.first { $0.placeID == region.identifier }?.name ?? region.identifier
  }

  /// Saves a region's state, so that a restart knows whether the user is already inside
  /// (where ``State/remembersStates``).
  private func record(_ identifier: String, _ regionState: RegionState, in state: State)
    -> Effect<Action>
  {
    guard state.remembersStates else { return .none }
    let database = database
    return .run { _ in
      _ = try await database.updateRegionState(identifier: identifier, state: regionState)
    } catch: { error, send in
      await send(
        .delegate(.warning(UserMessage.regionStateNotSaved(error))))
    }
  }
}
