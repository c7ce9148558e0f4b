import Foundation

extension LocationEngine {
  /// Everything the engine knows and has promised, as one value: whether the source is
  /// reachable, what the app asked for, which deliveries are on, the fixes seen and delivered,
  /// the automatic pause, region monitoring and visit detection.
  ///
  /// Each transition is ``reduce(_:)``: a pure function of the state and an ``Input`` that
  /// returns the actions to publish, in order. The engine (an actor) keeps only what cannot be
  /// a value: the source's task, the callers waiting for availability, and a timer per pending
  /// request (``pendingRequests`` says which).
  ///
  /// ```swift
  /// var state = LocationEngine.State(configuration: .init(), sourceName: "gpsd")
  /// _ = state.reduce(.source(.available))
  /// _ = state.reduce(.requestAuthorization(.authorizedWhenInUse))
  /// state.reduce(.reportStatus)  // [.didChangeAuthorization(.authorizedWhenInUse), …]
  /// ```
  struct State: Sendable {
    /// What the app and the source can ask of the engine; each is one transition.
    enum Input: Sendable {
      /// The app asks for an authorized level (the status follows with ``reportStatus``).
      case requestAuthorization(AuthorizationStatus)
      /// Publishes the authorization status if it changed since it was last published.
      case reportStatus
      /// An authorized one-shot request: the undelivered fix answers it, else it waits as `id`.
      case requestLocation(id: UUID)
      /// The app starts continuous updates (authorization is asked for next).
      case startUpdatingLocation
      /// Continuous updates, authorized, catch up: the fixes that reached no one, in order, then
      /// the source's end if it came before anyone asked; nothing when updates were stopped
      /// meanwhile.
      case catchUpUpdates
      case stopUpdatingLocation
      case startMonitoringSignificantLocationChanges
      case stopMonitoringSignificantLocationChanges
      case startMonitoringVisits
      case stopMonitoringVisits
      case startUpdatingHeading
      case startMonitoring(Region)
      case stopMonitoring(Region)
      case requestState(Region)
      case set(LocationManager.Properties)
      /// An event of the source.
      case source(LocationSource.Event)
      /// The timeout of the request `id` passed.
      case requestTimedOut(UUID)
    }

    let configuration: Configuration
    /// The source's name, for the error that says it did not answer.
    let sourceName: String

    /// Whether the source is reachable; `nil` until it says.
    var available: Bool?
    var unavailableReason: LocationError?
    var requested: AuthorizationStatus?
    var reportedStatus = AuthorizationStatus.notDetermined

    var desiredAccuracy = 0.0
    var distanceFilter = 0.0
    var headingFilter = 1.0
    var activityType = ActivityType.other
    var pausesAutomatically = false

    var isUpdating = false
    var isMonitoringSignificantChanges = false
    var isMonitoringVisits = false
    var isPaused = false
    var pauseAnchor: Location?
    /// The one-shot requests waiting for a fix; the engine runs a timeout for each.
    var pendingRequests: Set<UUID> = []
    var lastLocation: Location?
    var lastDelivered: Location?
    /// The fixes that reached no one, oldest first: those that arrive between authorization and
    /// the start of updates (a replay's first, which may come in the same instant as the
    /// second; a fixed position's only) are delivered together, in order, by the next start of
    /// updates, and the latest by the next one-shot request, instead of vanishing, as Core
    /// Location delivers a batch of locations at once. While updates run, only the latest that
    /// a filter held back is kept. At most ``maximumUndelivered``, the oldest dropped first.
    var undelivered: [Location] = []
    /// How many undelivered fixes are kept.
    static let maximumUndelivered = 64
    /// The end of the source (a replay's ``LocationError/trackEnded(name:fixes:)``) when it came
    /// before any client asked for locations: told to the next client that starts updates, after
    /// the undelivered fix, so that a one-fix replay ends as a longer one does instead of leaving
    /// its watcher waiting for an event that never comes.
    var endedUnheard: LocationError?
    var lastSignificant: Location?
    /// The latest fix that came while not authorized, which region monitoring has not seen:
    /// when authorization comes, the monitored regions' states are determined from it, as Core
    /// Location determines them from where the device is (a replay's first fixes, or all of a
    /// short one, can come before the app's authorization request is answered).
    var unseenByRegions: Location?
    /// Regions started before any fix, whose state no fix has settled yet. The monitor tells
    /// only the inside ones when the first fix comes (one event a region, for thousands); the
    /// engine tells these few outside too, as Core Location determines every region it starts
    /// monitoring, so that an app that remembered being inside one hears that it is not.
    var undetermined: [Region] = []
    var regionMonitor: RegionMonitor
    var visitDetector: VisitDetector

    init(configuration: Configuration, sourceName: String) {
      self.configuration = configuration
      self.sourceName = sourceName
      regionMonitor = RegionMonitor(configuration: configuration.regionMonitoring)
      visitDetector = Self.newVisitDetector(configuration)
    }

    private static func newVisitDetector(_ configuration: Configuration) -> VisitDetector {
      VisitDetector(
        radius: configuration.visitRadius, minimumDuration: configuration.visitMinimumDuration)
    }

    /// The authorization the app has: the level asked for while the source is reachable,
    /// ``AuthorizationStatus/denied`` while it is not.
    var authorizationStatus: AuthorizationStatus {
      guard let requested else { return .notDetermined }
      switch available {
      case true?: return requested
      case false?: return .denied
      case nil: return .notDetermined
      }
    }

    /// The properties in force, all set.
    var properties: LocationManager.Properties {
      .init(
        desiredAccuracy: desiredAccuracy, distanceFilter: distanceFilter,
        headingFilter: headingFilter, activityType: activityType,
        pausesLocationUpdatesAutomatically: pausesAutomatically)
    }

    /// Why fixes may not be delivered now that the source is `reachable` or not; `nil` when
    /// they may.
    func refusal(reachable: Bool) -> LocationError? {
      if !reachable {
        return unavailableReason ?? .servicesUnavailable(endpoint: sourceName, reason: "no answer")
      }
      return authorizationStatus.isAuthorized ? nil : .denied
    }

    /// Applies `input`; the actions to publish, in order.
    mutating func reduce(_ input: Input) -> [LocationManager.Action] {
      switch input {
      case .requestAuthorization(let level):
        // As on Apple platforms, asking for less than "always" after "always" changes nothing.
        if requested != .authorizedAlways { requested = level }
        return []
      case .reportStatus:
        return statusIfChanged()
      case .requestLocation(let id):
        if let fix = undelivered.last { return deliver([fix]) }
        pendingRequests.insert(id)
        return []
      case .startUpdatingLocation:
        isUpdating = true
        return []
      case .catchUpUpdates:
        guard isUpdating else { return [] }
        var actions: [LocationManager.Action] = []
        if !undelivered.isEmpty { actions = deliver(undelivered) }
        if let ended = endedUnheard {
          endedUnheard = nil
          actions.append(.didFailWithError(ended))
        }
        return actions
      case .stopUpdatingLocation:
        isUpdating = false
        isPaused = false
        pauseAnchor = nil
        return []
      case .startMonitoringSignificantLocationChanges:
        isMonitoringSignificantChanges = true
        return []
      case .stopMonitoringSignificantLocationChanges:
        isMonitoringSignificantChanges = false
        lastSignificant = nil
        return []
      case .startMonitoringVisits:
        isMonitoringVisits = true
        return []
      case .stopMonitoringVisits:
        isMonitoringVisits = false
        visitDetector = Self.newVisitDetector(configuration)
        return []
      case .startUpdatingHeading:
        return [.didFailWithError(.headingUnavailable)]
      case .startMonitoring(let region):
        let events = regionMonitor.startMonitoring(region)
        undetermined.removeAll { $0.identifier == region.identifier }
        if events == [.didStartMonitoring(region)] { undetermined.append(region) }
        return Self.actions(for: events)
      case .stopMonitoring(let region):
        regionMonitor.stopMonitoring(region)
        undetermined.removeAll { $0.identifier == region.identifier }
        return []
      case .requestState(let region):
        return Self.actions(for: regionMonitor.requestState(for: region))
      case .set(let properties):
        return set(properties)
      case .source(let event):
        return handle(event)
      case .requestTimedOut(let id):
        guard pendingRequests.remove(id) != nil else { return [] }
        return [.didFailWithError(.locationUnknown)]
      }
    }

    private mutating func set(_ properties: LocationManager.Properties) -> [LocationManager.Action]
    {
      if let value = properties.desiredAccuracy { desiredAccuracy = value }
      if let value = properties.distanceFilter { distanceFilter = value }
      if let value = properties.headingFilter { headingFilter = value }
      if let value = properties.activityType { activityType = value }
      if let value = properties.pausesLocationUpdatesAutomatically {
        pausesAutomatically = value
        if !value, isPaused {
          isPaused = false
          return [.didResumeLocationUpdates]
        }
      }
      return []
    }

    private mutating func handle(_ event: LocationSource.Event) -> [LocationManager.Action] {
      switch event {
      case .available:
        available = true
        unavailableReason = nil
        return statusIfChanged()
      case .unavailable(let error):
        let wasUnavailable = available == false
        available = false
        unavailableReason = error
        var actions = statusIfChanged()
        if !pendingRequests.isEmpty {
          pendingRequests.removeAll()
          actions.append(.didFailWithError(error))
        } else if !wasUnavailable, isUpdating || isMonitoringSignificantChanges {
          actions.append(.didFailWithError(error))
        }
        return actions
      case .fix(let location):
        return process(location)
      case .noFix:
        return []
      case .failure(let error):
        // As with Core Location, errors reach only a client that asked for locations: a replay
        // that ends before anyone asked must not fail the request that comes next, which its
        // undelivered last fix answers.
        guard
          isUpdating || isMonitoringSignificantChanges || isMonitoringVisits
            || !pendingRequests.isEmpty || !regionMonitor.monitoredRegions.isEmpty
        else {
          if case .trackEnded = error { endedUnheard = error }
          return []
        }
        // The end of a track comes after its fixes: with fixes still held for the next start of
        // updates (a client that monitors regions, say, and has not started them yet), the
        // end waits for them, and that start tells both, in order.
        if case .trackEnded = error, !isUpdating, !undelivered.isEmpty {
          endedUnheard = error
          return []
        }
        return [.didFailWithError(error)]
      }
    }

    private mutating func statusIfChanged() -> [LocationManager.Action] {
      let status = authorizationStatus
      guard status != reportedStatus else { return [] }
      reportedStatus = status
      var actions: [LocationManager.Action] = [
        .didChangeAuthorization(status), .authorizationDidChange(status, .fullAccuracy),
      ]
      if status.isAuthorized, let fix = unseenByRegions {
        unseenByRegions = nil
        actions += regionActions(for: fix)
      }
      return actions
    }

    /// What `fix` changes of the monitored regions, with the outside state of each region
    /// started before any fix that it settles (see ``undetermined``).
    private mutating func regionActions(for fix: Location) -> [LocationManager.Action] {
      var actions = Self.actions(for: regionMonitor.update(with: fix))
      guard !undetermined.isEmpty else { return actions }
      undetermined.removeAll { region in
        switch regionMonitor.requestState(for: region).first {
        case .didDetermineState(.outside, let region)?:
          actions.append(.didDetermineState(.outside, region))
          return true
        case .didDetermineState(.inside, _)?:
          return true  // told by the monitor's own events
        default:
          return false
        }
      }
      return actions
    }

    private mutating func process(_ fix: Location) -> [LocationManager.Action] {
      lastLocation = fix
      if isUpdating {
        undelivered = [fix]
      } else {
        undelivered.append(fix)
        if undelivered.count > Self.maximumUndelivered { undelivered.removeFirst() }
      }
      guard authorizationStatus.isAuthorized else {
        unseenByRegions = fix
        return []
      }
      unseenByRegions = nil
      // What the fix changes of regions and visits is told after the fix itself (when it is
      // delivered): a region's entry follows the fix that made it.
      var after = regionActions(for: fix)
      if isMonitoringVisits {
        for visit in visitDetector.update(with: fix) { after.append(.didVisit(visit)) }
      }
      var actions: [LocationManager.Action] = []
      var delivers = false
      if !pendingRequests.isEmpty {
        pendingRequests.removeAll()
        delivers = true
      }
      if isUpdating, passesPause(fix, &actions), passesDistanceFilter(fix) {
        delivers = true
      }
      if isMonitoringSignificantChanges {
        let moved = lastSignificant.map { $0.distance(from: fix) } ?? .infinity
        if moved >= configuration.significantChangeDistance {
          lastSignificant = fix
          delivers = true
        }
      }
      if delivers { actions += deliver([fix]) }
      return actions + after
    }

    private mutating func deliver(_ fixes: [Location]) -> [LocationManager.Action] {
      undelivered = []
      lastDelivered = fixes.last
      return [.didUpdateLocations(fixes)]
    }

    private func passesDistanceFilter(_ fix: Location) -> Bool {
      guard distanceFilter > 0, let lastDelivered else { return true }
      return lastDelivered.distance(from: fix) >= distanceFilter
    }

    /// Updates the automatic-pause state, appending a pause or resume to `actions`; false
    /// while paused.
    private mutating func passesPause(
      _ fix: Location, _ actions: inout [LocationManager.Action]
    ) -> Bool {
      guard pausesAutomatically else { return true }
      guard let anchor = pauseAnchor else {
        pauseAnchor = fix
        return true
      }
      let stayed = anchor.distance(from: fix) <= configuration.pauseRadius
      if isPaused {
        guard !stayed else { return false }
        isPaused = false
        pauseAnchor = fix
        actions.append(.didResumeLocationUpdates)
        return true
      }
      guard stayed else {
        pauseAnchor = fix
        return true
      }
      if fix.timestamp.timeIntervalSince(anchor.timestamp) >= configuration.pauseAfter {
        isPaused = true
        actions.append(.didPauseLocationUpdates)
        return false
      }
      return true
    }

    private static func actions(for events: some Sequence<RegionEvent>) -> [LocationManager.Action]
    {
      events.map { event in
        switch event {
        case .didStartMonitoring(let region): .didStartMonitoring(region)
        case .didEnter(let region): .didEnterRegion(region)
        case .didExit(let region): .didExitRegion(region)
        case .didDetermineState(let state, let region): .didDetermineState(state, region)
        case .monitoringDidFail(let region, let error):
          .monitoringDidFail(region, .regionMonitoringFailed(reason: "\(error)"))
        }
      }
    }
  }
}
