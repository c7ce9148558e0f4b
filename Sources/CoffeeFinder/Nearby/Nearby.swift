import Bearing
import BearingLocation
import BearingPlaces
import CoffeeFinderSettings
import Foundation

/// The nearby coffee shops screen: ask for authorization, get a fix, search, list nearest first.
///
/// While following live updates, every fix moves the user: the distances of the places on screen
/// are measured again from the new position and the list is sorted nearest first again, at once.
/// A new search starts once the user is more than ``State/researchDistance`` from where the last
/// one was made, at most once per ``researchInterval`` (a throttle on the injected clock, so a
/// walk does not start a search per fix), and never while one is running: a fix never cancels a
/// search. Every long-running effect is cancelled by ``Action/onDisappear``.
///
/// ```swift
/// let store = Store(initialState: Nearby.State()) { Nearby() }
/// store.send(.onAppear)
/// ```
package struct Nearby: Reducer {
  /// What the screen shows.
  package struct State: Equatable, Sendable {
    /// Metres around the fix to search.
    package var radius: Double
    /// At most this many results.
    package var limit: Int
    /// Whether to follow live updates (the terminal UI) or take one fix (a command).
    package var followsUpdates: Bool
    /// Metres the user must move before a new search starts on its own.
    package var researchDistance: Double
    /// Where the screen is in its flow.
    package var phase: Phase
    /// The latest fix.
    package var location: Location?
    /// When the latest fix arrived (the app's clock, not the receiver's), for its age.
    package var locationReceivedAt: Date?
    /// Whether a search started less than ``Nearby/researchInterval`` ago, so a move does not
    /// start another yet.
    package var isResearchThrottled: Bool
    /// Where the shown results were searched around.
    package var searchCenter: Coordinate?
    /// The results, nearest first.
    package var places: [Place]
    /// The source whose fixes are remembered as ``lastPosition``, as it is described to the
    /// user ("gpsd 127.0.0.1:2947"); `nil` for a source that is not where the user is (a
    /// simulation, a replay).
    package var remembersPositionAs: String?
    /// The last radius the user chose, remembered across runs.
    @Shared(.lastSearchRadius) package var lastSearchRadius: Double?
    /// The units the user last chose, remembered across runs.
    @Shared(.chosenUnits) package var chosenUnits: MeasurementSystem?
    /// The place provider the user last chose, remembered across runs.
    @Shared(.chosenProvider) package var chosenProvider: PlaceProvider?
    /// Where a live source last put the user, remembered across runs.
    @Shared(.lastPosition) package var lastPosition: LastPosition?
    /// Whether to measure the walk to each place over the stored streets (``WalkingClient``).
    package var measuresWalks = false
    /// How the list is ordered where walks are known; by the line elsewhere.
    package var sort: WalkSort = .walk
    /// The speed walk times are reckoned at, in metres a second (`--walk-speed`).
    package var walkSpeed: Double = WalkingClient.defaultSpeed
    /// The walks to the places, when measured; `nil` when not (or no streets are stored
    /// where the user is).
    package var walks: Walks?
    /// Whether the location source has ended (a replay played to its end): the latest fix is
    /// where the track stopped, and no more will come.
    package var locationEnded = false

    /// Creates the state of a screen that has not appeared yet.
    package init(
      radius: Double = 1_000,
      limit: Int = 10,
      followsUpdates: Bool = true,
      researchDistance: Double = 100,
      phase: Phase = .idle,
      location: Location? = nil,
      locationReceivedAt: Date? = nil,
      isResearchThrottled: Bool = false,
      searchCenter: Coordinate? = nil,
      places: [Place] = [],
      remembersPositionAs: String? = nil
    ) {
      self.radius = radius
      self.limit = limit
      self.followsUpdates = followsUpdates
      self.researchDistance = researchDistance
      self.phase = phase
      self.location = location
      self.locationReceivedAt = locationReceivedAt
      self.isResearchThrottled = isResearchThrottled
      self.searchCenter = searchCenter
      self.places = places
      self.remembersPositionAs = remembersPositionAs
    }
  }

  /// Where the screen is in its flow; each phase has its own rendering.
  package enum Phase: Equatable, Sendable {
    /// Not yet appeared.
    case idle
    /// Waiting for the user (or gpsd) to grant location access.
    case authorizing
    /// Authorized, waiting for the first fix.
    case locating
    /// A search is running; earlier results, if any, stay on screen.
    case searching
    /// Results arrived (possibly none: see ``State/places``).
    case loaded
    /// Location access was refused; the text says what to do.
    case denied(String)
    /// Locating or searching failed; the text says why.
    case failed(String)
  }

  /// Everything that can happen on the screen.
  @CasePathable
  package enum Action: Equatable, Sendable {
    case onAppear
    case onDisappear
    case refreshTapped
    /// The user chose a radius (an option, a key): searched with, and remembered.
    case radiusChanged(Double)
    /// The user chose units (an option): remembered.
    case unitsChosen(MeasurementSystem)
    /// The user chose a place provider (an option): remembered.
    case providerChosen(PlaceProvider)
    case locationManager(LocationManager.Action)
    /// ``Nearby/researchInterval`` has passed since the last search started.
    case researchThrottleElapsed
    case searchFinished([Place])
    case searchFailed(String)
    /// The walks to the places were measured; `nil`: no streets are stored there.
    case walksMeasured(Walks?)
  }

  enum CancelID: Hashable, Sendable {
    case delegate
    case search
    case researchThrottle
    case walks
  }

  @Dependency(\.locationManager) var locationManager
  @Dependency(\.places) var places
  @Dependency(\.continuousClock) var clock
  @Dependency(\.date) var date
  @Dependency(\.walking) var walking

  /// The least time between two searches started by moving.
  package static let researchInterval: Duration = .seconds(5)

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      state.phase = .authorizing
      let locationManager = locationManager
      return .run { send in
        // Subscribe before asking, so the answer cannot be missed.
        let events = locationManager.delegate()
        await locationManager.requestWhenInUseAuthorization()
        for await event in events { await send(.locationManager(event)) }
      }
      .cancellable(id: CancelID.delegate, cancelInFlight: true)

    case .onDisappear:
      let locationManager = locationManager
      let follows = state.followsUpdates
      return .merge(
        .cancel(id: CancelID.delegate),
        .cancel(id: CancelID.search),
        .cancel(id: CancelID.researchThrottle),
        .cancel(id: CancelID.walks),
        follows ? .run { _ in await locationManager.stopUpdatingLocation() } : .none
      )

    case .refreshTapped:
      guard let location = state.location else {
        guard state.phase != .idle, state.phase != .authorizing else { return .none }
        if case .denied = state.phase { return .none }
        state.phase = .locating
        let locationManager = locationManager
        return .run { _ in await locationManager.requestLocation() }
      }
      return search(&state, around: location.coordinate)

    case .radiusChanged(let radius):
      state.radius = radius
      // Only a radius the settings accept is worth starting from next time.
      let range = DistanceSetting.searchRadius
      if radius.isFinite, radius >= range.minimum, radius <= range.maximum {
        state.$lastSearchRadius.withLock { $0 = radius }
      }
      guard let location = state.location else { return .none }
      return search(&state, around: location.coordinate)

    case .unitsChosen(let units):
      state.$chosenUnits.withLock { $0 = units }
      return .none

    case .providerChosen(let provider):
      state.$chosenProvider.withLock { $0 = provider }
      return .none

    case .locationManager(.didChangeAuthorization(let status)):
      return authorizationChanged(&state, to: status)

    case .locationManager(.didUpdateLocations(let fixes)):
      guard let fix = fixes.last else { return .none }
      state.location = fix
      state.locationEnded = false
      let now = date.now
      state.locationReceivedAt = now
      if let source = state.remembersPositionAs {
        state.$lastPosition.withLock {
          $0 = LastPosition(
            coordinate: fix.coordinate, horizontalAccuracy: fix.horizontalAccuracy,
            receivedAt: now, source: source)
        }
      }
      state.places = Self.ordered(
        Self.nearestFirst(state.places, from: fix.coordinate), walks: state.walks,
        sort: state.sort)
      guard state.searchCenter != nil || state.phase == .searching else {
        return search(&state, around: fix.coordinate)
      }
      return .merge(researchIfDue(&state), measureWalksAtLatestFix(&state))

    case .researchThrottleElapsed:
      state.isResearchThrottled = false
      return researchIfDue(&state)

    case .locationManager(.didFailWithError(.trackEnded)) where state.location != nil:
      // A replay played to its end: its results stay, and the screen says it ended; the walks
      // are those from its last fix.
      state.locationEnded = true
      return measureWalksAtLatestFix(&state)

    case .locationManager(.didFailWithError(let error)):
      // Denied, the failure is why: the answer to the fix asked for on denial.
      if case .denied = state.phase {
        state.phase = .denied(UserMessage.locationAccessOff(because: error))
        return .none
      }
      if state.phase == .authorizing {
        state.phase = .denied(UserMessage.locationAccessOff(because: error))
        return .none
      }
      // A failure after results keeps them on screen; before any, it is the screen's state.
      if state.location == nil { state.phase = .failed(error.description) }
      return .none

    case .locationManager:
      return .none

    case .searchFinished(let places):
      // Measured from where the user is now, which may be a few fixes on from the search.
      state.places = Self.ordered(
        Self.nearestFirst(places, from: state.location?.coordinate ?? state.searchCenter),
        walks: state.walks, sort: state.sort)
      state.phase = .loaded
      // The search measured its walks from where it started; the user may be a few fixes on.
      let research = researchIfDue(&state)
      return .merge(research, measureWalksAtLatestFix(&state))

    case .searchFailed(let message):
      state.phase = .failed(message)
      return .none

    case .walksMeasured(let walks):
      state.walks = walks
      state.places = Self.ordered(state.places, walks: walks, sort: state.sort)
      return .none
    }
  }

  /// Measures the walks again from the latest fix when they were measured elsewhere (following
  /// updates, with walks measured, no search running: a search measures its own), so the list
  /// and the detail are at the latest fix, and at the last one when a replay ends. One
  /// measurement at a time: a newer fix cancels the one under way.
  private func measureWalksAtLatestFix(_ state: inout State) -> Effect<Action> {
    guard state.followsUpdates, state.measuresWalks, state.phase != .searching,
      let here = state.location?.coordinate, let walks = state.walks, walks.from != here
    else { return .none }
    state.walks?.from = here
    let places = state.places
    let walking = walking
    return .run { send in
      await send(.walksMeasured(try await Self.measure(walking, from: here, to: places)))
    } catch: { _, _ in
      // Without walks the list keeps its order; the next fix tries again.
    }
    .cancellable(id: CancelID.walks, cancelInFlight: true)
  }

  /// The walks from `start` to `places`, or `nil` where no streets are stored.
  static func measure(_ walking: WalkingClient, from start: Coordinate, to places: [Place])
    async throws -> Walks?
  {
    guard let lengths = try await walking.walks(start, places.map(\.coordinate)) else {
      return nil
    }
    var walks = Walks(from: start)
    for (place, length) in zip(places, lengths) {
      if let length { walks.lengths[place.id] = length }
    }
    return walks
  }

  private func authorizationChanged(
    _ state: inout State, to status: AuthorizationStatus
  ) -> Effect<Action> {
    switch status {
    case .authorizedAlways, .authorizedWhenInUse:
      guard state.phase == .authorizing || state.location == nil else { return .none }
      state.phase = .locating
      let locationManager = locationManager
      let follows = state.followsUpdates
      return .run { _ in
        if follows {
          await locationManager.startUpdatingLocation()
        } else {
          await locationManager.requestLocation()
        }
      }
    case .denied, .restricted:
      // Asking for a fix while denied makes the source say why (GeoClue refused the app, or
      // has no agent), as `didFailWithError`, which then becomes the message. Refused at
      // the start, the phase stays `authorizing` until that answer, so that a one-shot
      // command reports the reason, not the general message.
      if state.phase != .authorizing { state.phase = .denied(UserMessage.locationAccessOff) }
      let locationManager = locationManager
      return .merge(
        .cancel(id: CancelID.search),
        .run { _ in await locationManager.requestLocation() }
      )
    case .notDetermined:
      return .none
    }
  }

  /// A search around the latest fix when the user has moved away from the last search's centre,
  /// no search is running and the throttle allows one.
  private func researchIfDue(_ state: inout State) -> Effect<Action> {
    guard state.followsUpdates, !state.isResearchThrottled, state.phase != .searching,
      let fix = state.location, let center = state.searchCenter,
      center.distance(to: fix.coordinate) > state.researchDistance
    else { return .none }
    return search(&state, around: fix.coordinate)
  }

  private func search(_ state: inout State, around center: Coordinate) -> Effect<Action> {
    state.phase = .searching
    state.searchCenter = center
    let radius = state.radius
    let limit = state.limit
    let places = places
    let walking = state.measuresWalks ? self.walking : nil
    let search = Effect<Action>.run { send in
      let query = try PlaceQuery(
        center: center, radius: radius, categories: [.coffeeShop, .cafe], limit: limit)
      let found = try await places.search(query)
      // The walks first, so that the results arrive in their order (a failure to measure
      // them leaves the line's).
      if let walking {
        await send(.walksMeasured(try? await Self.measure(walking, from: center, to: found)))
      }
      await send(.searchFinished(found))
    } catch: { error, send in
      await send(.searchFailed(UserMessage.line(for: error)))
    }
    .cancellable(id: CancelID.search, cancelInFlight: true)
    // A measurement from an earlier fix would land after the search's own: it is cancelled.
    .merge(with: .cancel(id: CancelID.walks))
    guard state.followsUpdates else { return search }
    state.isResearchThrottled = true
    let clock = clock
    return .merge(
      search,
      .run { send in
        try await clock.sleep(for: Self.researchInterval)
        await send(.researchThrottleElapsed)
      }
      .cancellable(id: CancelID.researchThrottle, cancelInFlight: true)
    )
  }

  /// `places` in `sort`'s order: by the walk where `walks` knows it (places without one after
  /// those with, by the line), otherwise as they are.
  package static func ordered(_ places: [Place], walks: Walks?, sort: WalkSort) -> [Place] {
    guard sort == .walk, let walks else { return places }
    return places.enumerated()
      .sorted {
        (walks.lengths[$0.element.id] ?? .infinity, $0.offset)
          < (walks.lengths[$1.element.id] ?? .infinity, $1.offset)
      }
      .map(\.element)
  }

  /// `places` with their distances measured from `origin`, nearest first (the order is kept
  /// for places at the same distance, and when there is no origin).
  package static func nearestFirst(_ places: [Place], from origin: Coordinate?) -> [Place] {
    guard let origin else { return places }
    let measured = places.map { place in
      var place = place
      place.distance = origin.distance(to: place.coordinate)
      return place
    }
    return measured.enumerated()
      .sorted { ($0.element.distance ?? 0, $0.offset) < ($1.element.distance ?? 0, $1.offset) }
      .map(\.element)
  }

}
