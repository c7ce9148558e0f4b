import Bearing
import BearingLocation
import BearingPersonalData
import BearingPlaces
import CoffeeFinderSettings
import Foundation

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
package struct CoffeeFinderApp: Reducer {
  /// The app's state.
  package struct State: Equatable, Sendable {
    /// The nearby list.
    package var nearby: Nearby.State
    /// The detail screen, when a place is open.
    package var detail: PlaceDetail.State?
    /// The row the cursor is on in the nearby list.
    package var selection: Int
    /// The place the cursor is on, so that it stays on that place when a fix reorders the list.
    package var selectedPlaceID: String?
    /// The units distances are shown in.
    package var units: MeasurementSystem
    /// The user's favourites and their regions.
    package var favoriteRegions: FavoriteRegions.State
    /// A region alert ("You are near Café Ekberg") shown until the user leaves or dismisses it.
    package var regionAlert: RegionAlert?
    /// A note being typed on the detail screen; `nil` when not typing.
    package var noteDraft: String?
    /// Where the location comes from.
    package var locationOrigin: LocationOrigin
    /// Where the places come from.
    package var dataOrigin: DataOrigin
    /// An app-level error (favourites could not be loaded, say), shown until dismissed.
    package var errorAlert: String?
    /// Whether the map panel is on (`m` toggles it); it shows when the terminal has room.
    package var showsMap: Bool
    /// The zone and moment opening hours are read at.
    package var hours: HoursClock
    /// When the list's opening hours were last read (each search, each fix, each `o`, each
    /// new minute).
    package var hoursReadAt: Date
    /// Whether the list shows only the places open now (`o` toggles it).
    package var openNowOnly: Bool
    /// At most this many places in the list. The search asks for more (see
    /// ``InteractiveSession``), so that with ``openNowOnly`` the closed ones left out do not
    /// leave fewer than this.
    package var listLimit: Int
    /// The walk to the selected place over the stored streets, for the map panel; empty when
    /// there is none (or walks are not measured).
    package var route: [Coordinate] = []
    /// The names of the streets along ``route``, for the detail screen.
    package var routeStreetNames: [String] = []
    /// Whether ``route`` is the straight line (``WalkRouter/Route/isDirect``), for the detail.
    package var routeIsDirect = false

    /// Creates the state of an app that has not appeared yet.
    package init(
      nearby: Nearby.State = Nearby.State(),
      detail: PlaceDetail.State? = nil,
      selection: Int = 0,
      selectedPlaceID: String? = nil,
      units: MeasurementSystem = .metric,
      favoriteRegions: FavoriteRegions.State = FavoriteRegions.State(),
      regionAlert: RegionAlert? = nil,
      noteDraft: String? = nil,
      locationOrigin: LocationOrigin,
      dataOrigin: DataOrigin,
      errorAlert: String? = nil,
      showsMap: Bool = true,
      hours: HoursClock = HoursClock(),
      hoursReadAt: Date = Date(timeIntervalSince1970: 0),
      openNowOnly: Bool = false,
      listLimit: Int = .max
    ) {
      self.nearby = nearby
      self.detail = detail
      self.selection = selection
      self.selectedPlaceID = selectedPlaceID
      self.units = units
      self.favoriteRegions = favoriteRegions
      self.regionAlert = regionAlert
      self.noteDraft = noteDraft
      self.locationOrigin = locationOrigin
      self.dataOrigin = dataOrigin
      self.errorAlert = errorAlert
      self.showsMap = showsMap
      self.hours = hours
      self.hoursReadAt = hoursReadAt
      self.openNowOnly = openNowOnly
      self.listLimit = listLimit
    }

    /// The moment the list's opening hours speak of.
    package var hoursInstant: Date { hours.instant(now: hoursReadAt) }

    /// The places the list shows, in its order: the ``listLimit`` nearest found (with
    /// ``openNowOnly``, the nearest open at ``hoursInstant``), and below them the place the
    /// cursor is on when a move has pushed it past the limit, so the cursor and the route on
    /// the map stay on the café the user chose.
    package var visiblePlaces: [Place] {
      var shown =
        openNowOnly
        ? OpenNowFilter.apply(nearby.places, at: hoursInstant, clock: hours, limit: listLimit)
          .places
        : Array(nearby.places.prefix(listLimit))
      guard let id = selectedPlaceID, shown.count == listLimit,
        !shown.contains(where: { $0.id == id }),
        let chosen = nearby.places.first(where: { $0.id == id }),
        !openNowOnly || PlaceHours.isOpen(chosen, at: hoursInstant, clock: hours) == true
      else { return shown }
      shown.append(chosen)
      return shown
    }

    /// With ``openNowOnly``, how many places found the list leaves out.
    package var leftOut: OpenNowFilter.LeftOut? {
      guard openNowOnly else { return nil }
      return OpenNowFilter.apply(nearby.places, at: hoursInstant, clock: hours).leftOut
    }

    /// The user's favourites, newest first.
    package var favorites: [Favorite] {
      get { favoriteRegions.favorites }
      set { favoriteRegions.favorites = newValue }
    }
  }

  /// A region event the user is told about.
  package struct RegionAlert: Equatable, Sendable {
    /// The region's identifier (the favourite's place id).
    package var regionID: String
    /// What to show.
    package var message: String

    /// Creates an alert.
    package init(regionID: String, message: String) {
      self.regionID = regionID
      self.message = message
    }
  }

  /// Everything that can happen in the app.
  @CasePathable
  package enum Action: Equatable, Sendable {
    case onAppear
    case onDisappear
    case nearby(Nearby.Action)
    case detail(PlaceDetail.Action)
    case favoriteRegions(FavoriteRegions.Action)
    case selectionMoved(Int)
    case openSelectedTapped
    case closeDetailTapped
    case noteDraftStarted
    case noteDraftChanged(String)
    case noteDraftSubmitted
    case noteDraftCancelled
    case alertDismissed
    case mapToggled
    /// `o`: only the places open now, or all again.
    case openNowToggled
    /// A new minute: the opening hours are read again.
    case hoursTicked
    /// The walk to the place `id` was found (its points, none when there is no walk, the
    /// streets along it, and whether it is the straight line).
    case routeFound(id: String, [Coordinate], streets: [String] = [], isDirect: Bool = false)
  }

  @Dependency(\.date.now) var now

  /// Creates the feature.
  package init() {}

  package var body: some Reducer<State, Action> {
    Scope(state: \.nearby, action: \.nearby) { Nearby() }
    Scope(state: \.favoriteRegions, action: \.favoriteRegions) { FavoriteRegions() }
    Reduce { state, action in core(&state, action) }
      .ifLet(\.detail, action: \.detail) { PlaceDetail() }
  }

  /// Finds the walk to the selected place, for the map panel, when walks are measured.
  private func routeToSelection(_ state: State) -> Effect<Action> {
    guard state.nearby.walks != nil, let id = state.selectedPlaceID,
      let place = state.nearby.places.first(where: { $0.id == id }),
      let here = state.nearby.location?.coordinate ?? state.nearby.searchCenter
    else { return .none }
    let walking = walking
    return .run { send in
      let route = try await walking.route(here, place.coordinate)
      await send(
        .routeFound(
          id: id, route?.points ?? [], streets: route?.streetNames ?? [],
          isDirect: route?.isDirect ?? false))
    } catch: { _, _ in
      // No route drawn; the list still shows the walk.
    }
    .cancellable(id: RouteID.route, cancelInFlight: true)
  }

  private enum RouteID: Hashable, Sendable { case route }

  @Dependency(\.walking) var walking

  private func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return .merge(.send(.nearby(.onAppear)), .send(.favoriteRegions(.load)))

    case .onDisappear:
      return .send(.nearby(.onDisappear))

    case .favoriteRegions(.delegate(.entered(let id, let name))):
      state.regionAlert = RegionAlert(regionID: id, message: "You are near \(name)")
      return .none

    case .favoriteRegions(.delegate(.exited(let id, _))):
      if state.regionAlert?.regionID == id { state.regionAlert = nil }
      return .none

    case .favoriteRegions(.delegate(.changed(let placeID, let isFavorite))):
      if state.detail?.place.id == placeID { state.detail?.isFavorite = isFavorite }
      if !isFavorite, state.regionAlert?.regionID == placeID { state.regionAlert = nil }
      return .none

    case .favoriteRegions(.delegate(.failed(let message))):
      state.errorAlert = message
      return .none

    case .favoriteRegions:
      return .none

    case .nearby(.searchFinished), .nearby(.locationManager(.didUpdateLocations)),
      .nearby(.walksMeasured):
      if case .nearby(.walksMeasured) = action {} else { state.hoursReadAt = now }
      let previous = state.selectedPlaceID
      keepSelection(&state)
      if state.selectedPlaceID != previous {
        state.route = []
        state.routeStreetNames = []
        state.routeIsDirect = false
      }
      guard case .nearby(.walksMeasured) = action else {
        return state.selectedPlaceID != previous ? routeToSelection(state) : .none
      }
      return routeToSelection(state)

    case .openNowToggled:
      state.openNowOnly.toggle()
      state.hoursReadAt = now
      return selectionKept(&state)

    case .hoursTicked:
      state.hoursReadAt = now
      return selectionKept(&state)

    case .routeFound(let id, let points, let streets, let isDirect):
      if id == state.selectedPlaceID {
        state.route = points
        state.routeStreetNames = streets
        state.routeIsDirect = isDirect
      }
      return .none

    case .nearby(.locationManager(let event)):
      // Region events arrive on the nearby list's location stream; they belong to the
      // favourites.
      return FavoriteRegions().reduce(into: &state.favoriteRegions, action: .location(event))
        .map { .favoriteRegions($0) }

    case .nearby:
      return .none

    case .mapToggled:
      state.showsMap.toggle()
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
      let places = state.visiblePlaces
      guard !places.isEmpty else { return .none }
      state.selection = max(0, min(places.count - 1, state.selection + offset))
      let previous = state.selectedPlaceID
      state.selectedPlaceID = places[state.selection].id
      guard state.selectedPlaceID != previous else { return .none }
      state.route = []
      state.routeStreetNames = []
      state.routeIsDirect = false
      return routeToSelection(state)

    case .openSelectedTapped:
      let places = state.visiblePlaces
      guard state.detail == nil, places.indices.contains(state.selection) else {
        return .none
      }
      state.detail = PlaceDetail.State(place: places[state.selection])
      return .send(.detail(.onAppear))

    case .closeDetailTapped:
      state.detail = nil
      state.noteDraft = nil
      return .none

    case .detail(.favoriteToggled):
      guard let detail = state.detail else { return .none }
      return detail.isFavorite
        ? .send(.favoriteRegions(.remove(placeID: detail.place.id)))
        : .send(.favoriteRegions(.add(detail.place)))

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

  /// Keeps the cursor on its place (see ``keepSelection(_:)``); when the cursor moved to
  /// another place, the route to it is measured again.
  private func selectionKept(_ state: inout State) -> Effect<Action> {
    let previous = state.selectedPlaceID
    keepSelection(&state)
    guard state.selectedPlaceID != previous else { return .none }
    state.route = []
    state.routeStreetNames = []
    state.routeIsDirect = false
    return routeToSelection(state)
  }

  /// Keeps the cursor on its place when the list was reordered or filtered, if the place is
  /// still shown; else on the same row, or the last.
  private func keepSelection(_ state: inout State) {
    let places = state.visiblePlaces
    if let id = state.selectedPlaceID, let index = places.firstIndex(where: { $0.id == id }) {
      state.selection = index
    } else {
      state.selection = min(state.selection, max(0, places.count - 1))
    }
    state.selectedPlaceID =
      places.indices.contains(state.selection) ? places[state.selection].id : nil
  }
}
