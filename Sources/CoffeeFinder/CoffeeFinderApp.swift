import Bearing
import BearingLocation
import BearingPersistence
import BearingPlaces
import Foundation
import Settings

/// The whole app as one feature: the nearby list, the detail of a selected place, favourites as
/// monitored regions with "You are near …" alerts, and the status shown on every screen.
///
/// The terminal UI drives one store of this feature and renders its state with ``Screen``.
///
/// ```swift
/// let store = Store(initialState: CoffeeFinderApp.State(location: .wander, data: .foursquare)) {
///   CoffeeFinderApp()
/// }
/// store.send(.onAppear)
/// ```
public struct CoffeeFinderApp: Reducer {
  /// The app's state.
  public struct State: Equatable, Sendable {
    /// The nearby list.
    public var nearby: Nearby.State
    /// The detail screen, when a place is open.
    public var detail: PlaceDetail.State?
    /// The row the cursor is on in the nearby list.
    public var selection: Int
    /// The place the cursor is on, so that it stays on that place when a fix reorders the list.
    public var selectedPlaceID: String?
    /// The units distances are shown in.
    public var units: MeasurementSystem
    /// The user's favourites, newest first.
    public var favorites: [Favorite]
    /// The last known state of each favourite's region, by place id.
    public var regionStates: [String: RegionState]
    /// A region alert ("You are near Café Ekberg") shown until the user leaves or dismisses it.
    public var regionAlert: RegionAlert?
    /// A note being typed on the detail screen; `nil` when not typing.
    public var noteDraft: String?
    /// Where the location comes from.
    public var locationOrigin: LocationOrigin
    /// Where the places come from.
    public var dataOrigin: DataOrigin
    /// An app-level error (favourites could not be loaded, say), shown until dismissed.
    public var errorAlert: String?

    /// Creates the state of an app that has not appeared yet.
    public init(
      nearby: Nearby.State = Nearby.State(),
      detail: PlaceDetail.State? = nil,
      selection: Int = 0,
      selectedPlaceID: String? = nil,
      units: MeasurementSystem = .metric,
      favorites: [Favorite] = [],
      regionStates: [String: RegionState] = [:],
      regionAlert: RegionAlert? = nil,
      noteDraft: String? = nil,
      locationOrigin: LocationOrigin,
      dataOrigin: DataOrigin,
      errorAlert: String? = nil
    ) {
      self.nearby = nearby
      self.detail = detail
      self.selection = selection
      self.selectedPlaceID = selectedPlaceID
      self.units = units
      self.favorites = favorites
      self.regionStates = regionStates
      self.regionAlert = regionAlert
      self.noteDraft = noteDraft
      self.locationOrigin = locationOrigin
      self.dataOrigin = dataOrigin
      self.errorAlert = errorAlert
    }
  }

  /// A region event the user is told about.
  public struct RegionAlert: Equatable, Sendable {
    /// The region's identifier (the favourite's place id).
    public var regionID: String
    /// What to show.
    public var message: String

    /// Creates an alert.
    public init(regionID: String, message: String) {
      self.regionID = regionID
      self.message = message
    }
  }

  /// Everything that can happen in the app.
  @CasePathable
  public enum Action: Equatable, Sendable {
    case onAppear
    case onDisappear
    case nearby(Nearby.Action)
    case detail(PlaceDetail.Action)
    case favoritesLoaded([Favorite], [MonitoredRegion])
    case favoritesFailed(String)
    case selectionMoved(Int)
    case openSelectedTapped
    case closeDetailTapped
    case noteDraftStarted
    case noteDraftChanged(String)
    case noteDraftSubmitted
    case noteDraftCancelled
    case alertDismissed
  }

  @Dependency(\.database) var database
  @Dependency(\.locationManager) var locationManager

  /// Creates the feature.
  public init() {}

  public var body: some Reducer<State, Action> {
    Scope(state: \.nearby, action: \.nearby) { Nearby() }
    Reduce { state, action in core(&state, action) }
      .ifLet(\.detail, action: \.detail) { PlaceDetail() }
  }

  private func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    let database = database
    let locationManager = locationManager
    switch action {
    case .onAppear:
      return .merge(
        .send(.nearby(.onAppear)),
        .run { send in
          await send(
            .favoritesLoaded(try await database.favorites(), try await database.monitoredRegions()))
        } catch: { error, send in
          await send(
            .favoritesFailed("Favourites are unavailable: \(UserMessage.line(for: error))"))
        }
      )

    case .onDisappear:
      return .send(.nearby(.onDisappear))

    case .favoritesLoaded(let favorites, let regions):
      state.favorites = favorites
      for region in regions { state.regionStates[region.id] = region.state }
      // A favourite saved without its region (by an older version, say) gets one now.
      let known = Set(regions.map(\.id))
      let toMonitor =
        regions.map(\.region)
        + favorites.filter { !known.contains($0.placeID) }.map { FavoriteRegion.region(for: $0) }
      guard !toMonitor.isEmpty else { return .none }
      return .run { _ in
        for region in toMonitor { await locationManager.startMonitoring(region) }
      }

    case .favoritesFailed(let message):
      state.errorAlert = message
      return .none

    case .nearby(.locationManager(.didEnterRegion(let region))),
      .nearby(.locationManager(.didDetermineState(.inside, let region))):
      let wasInside = state.regionStates[region.identifier] == .inside
      state.regionStates[region.identifier] = .inside
      // A state determined inside after a restart is only news if we were not inside before.
      guard !wasInside else { return .none }
      let name =
        state.favorites.first { $0.placeID == region.identifier }?.name
        ?? region.identifier
      state.regionAlert = RegionAlert(regionID: region.identifier, message: "You are near \(name)")
      return recordRegionState(region.identifier, .inside)

    case .nearby(.locationManager(.didExitRegion(let region))),
      .nearby(.locationManager(.didDetermineState(.outside, let region))):
      let wasInside = state.regionStates[region.identifier] == .inside
      state.regionStates[region.identifier] = .outside
      if state.regionAlert?.regionID == region.identifier { state.regionAlert = nil }
      return wasInside ? recordRegionState(region.identifier, .outside) : .none

    case .nearby(.searchFinished), .nearby(.locationManager(.didUpdateLocations)):
      // The list may have been reordered: keep the cursor on its place if it is still there.
      let places = state.nearby.places
      if let id = state.selectedPlaceID, let index = places.firstIndex(where: { $0.id == id }) {
        state.selection = index
      } else {
        state.selection = min(state.selection, max(0, places.count - 1))
      }
      state.selectedPlaceID =
        places.indices.contains(state.selection)
        ? places[state.selection].id : nil
      return .none

    case .nearby:
      return .none

    case .selectionMoved(let offset):
      guard state.detail == nil else {
        guard var detail = state.detail, !detail.notes.isEmpty else { return .none }
        let current = detail.notes.firstIndex { $0.id == detail.selectedNoteID } ?? -1
        let next = max(0, min(detail.notes.count - 1, current + offset))
        detail.selectedNoteID = detail.notes[next].id
        state.detail = detail
        return .none
      }
      let count = state.nearby.places.count
      guard count > 0 else { return .none }
      state.selection = max(0, min(count - 1, state.selection + offset))
      state.selectedPlaceID = state.nearby.places[state.selection].id
      return .none

    case .openSelectedTapped:
      guard state.detail == nil, state.nearby.places.indices.contains(state.selection) else {
        return .none
      }
      state.detail = PlaceDetail.State(place: state.nearby.places[state.selection])
      return .send(.detail(.onAppear))

    case .closeDetailTapped:
      state.detail = nil
      state.noteDraft = nil
      return .none

    case .detail(.favoriteChanged(let isFavorite)):
      guard let place = state.detail?.place else { return .none }
      let favorite = FavoriteRegion.favorite(for: place, addedAt: Date())
      let region = FavoriteRegion.region(for: favorite)
      if isFavorite {
        state.favorites.removeAll { $0.placeID == place.id }
        state.favorites.insert(favorite, at: 0)
        return .run { _ in await locationManager.startMonitoring(region) }
      }
      state.favorites.removeAll { $0.placeID == place.id }
      state.regionStates[place.id] = nil
      if state.regionAlert?.regionID == place.id { state.regionAlert = nil }
      return .run { _ in await locationManager.stopMonitoring(region) }

    case .detail:
      return .none

    case .noteDraftStarted:
      guard state.detail != nil else { return .none }
      state.noteDraft = ""
      return .none

    case .noteDraftChanged(let text):
      guard state.noteDraft != nil else { return .none }
      state.noteDraft = text
      return .none

    case .noteDraftSubmitted:
      guard let draft = state.noteDraft else { return .none }
      state.noteDraft = nil
      return .send(.detail(.addNoteSubmitted(draft)))

    case .noteDraftCancelled:
      state.noteDraft = nil
      return .none

    case .alertDismissed:
      if state.errorAlert != nil {
        state.errorAlert = nil
      } else if state.detail?.alert != nil {
        return .send(.detail(.alertDismissed))
      } else {
        state.regionAlert = nil
      }
      return .none
    }
  }

  private func recordRegionState(_ identifier: String, _ regionState: RegionState) -> Effect<
    Action
  > {
    let database = database
    return .run { _ in
      _ = try await database.updateRegionState(identifier: identifier, state: regionState)
    } catch: { _, _ in
      // The alert was shown; losing the remembered state only risks a repeated alert later.
    }
  }
}
