import Foundation
import Logging

/// Core Location's behaviour over any ``LocationSource``: authorization, one-shot requests with
/// a timeout, continuous and significant-change updates, the distance filter, automatic pauses,
/// region monitoring and visit detection, all published as ``LocationManager/Action`` values.
///
/// The live gpsd client and every simulation are an engine over a different source, so they
/// produce the same action stream. Build a client from one with
/// ``LocationManager/backed(by:clock:configuration:)``.
public actor LocationEngine {
  /// Timeouts and thresholds.
  public struct Configuration: Sendable {
    /// How long ``LocationManager/requestLocation`` waits for a fix before failing with
    /// ``LocationError/locationUnknown``.
    public var requestTimeout: Duration
    /// How long to wait for the source to say whether it is reachable.
    public var availabilityTimeout: Duration
    /// Metres and seconds that make a stay a ``Visit``.
    public var visitRadius: Double
    public var visitMinimumDuration: TimeInterval
    /// Metres between fixes delivered by significant-change monitoring.
    public var significantChangeDistance: Double
    /// With automatic pausing on, updates pause after ``pauseAfter`` seconds (fix time) within
    /// ``pauseRadius`` metres, and resume when the device leaves that circle.
    public var pauseRadius: Double
    public var pauseAfter: TimeInterval
    /// Passed to the ``RegionMonitor``.
    public var regionMonitoring: RegionMonitor.Configuration

    /// Creates a configuration; the defaults follow Core Location's documented behaviour.
    public init(
      requestTimeout: Duration = .seconds(10),
      availabilityTimeout: Duration = .seconds(5),
      visitRadius: Double = 100,
      visitMinimumDuration: TimeInterval = 300,
      significantChangeDistance: Double = 500,
      pauseRadius: Double = 25,
      pauseAfter: TimeInterval = 300,
      regionMonitoring: RegionMonitor.Configuration = .init()
    ) {
      self.requestTimeout = requestTimeout
      self.availabilityTimeout = availabilityTimeout
      self.visitRadius = visitRadius
      self.visitMinimumDuration = visitMinimumDuration
      self.significantChangeDistance = significantChangeDistance
      self.pauseRadius = pauseRadius
      self.pauseAfter = pauseAfter
      self.regionMonitoring = regionMonitoring
    }
  }

  /// Every action the engine publishes; ``LocationManager/delegate`` subscribes to it.
  public nonisolated let actions = Broadcast<LocationManager.Action>()

  private let source: LocationSource
  private let clock: any Clock<Duration>
  private let configuration: Configuration
  private let logger = Logger(label: "bearing.location")

  private var runTask: Task<Void, Never>?
  private var available: Bool?
  private var unavailableReason: LocationError?
  private var availabilityWaiters: [CheckedContinuation<Bool, Never>] = []
  private var requested: AuthorizationStatus?
  private var reportedStatus = AuthorizationStatus.notDetermined

  private var desiredAccuracy = 0.0
  private var distanceFilter = 0.0
  private var headingFilter = 1.0
  private var activityType = ActivityType.other
  private var pausesAutomatically = false

  private var isUpdating = false
  private var isMonitoringSignificantChanges = false
  private var isMonitoringVisits = false
  private var isPaused = false
  private var pauseAnchor: Location?
  private var pendingRequests: [UUID: Task<Void, Never>] = [:]
  private var lastLocation: Location?
  private var lastDelivered: Location?
  /// The latest fix, while it has reached no one: a fix that arrives between authorization and
  /// the start of updates (a replay's first, a fixed position's only) is delivered by the next
  /// request or start of updates instead of vanishing, as Core Location does.
  private var undelivered: Location?
  /// The end of the source (a replay's ``LocationError/trackEnded(name:fixes:)``) when it came
  /// before any client asked for locations: told to the next client that starts updates, after
  /// the undelivered fix, so that a one-fix replay ends as a longer one does instead of leaving
  /// its watcher waiting for an event that never comes.
  private var endedUnheard: LocationError?
  private var lastSignificant: Location?
  private var regionMonitor: RegionMonitor
  private var visitDetector: VisitDetector

  /// Creates an engine; the source starts on the first endpoint that needs it.
  public init(
    source: LocationSource,
    clock: any Clock<Duration> = ContinuousClock(),
    configuration: Configuration = .init()
  ) {
    self.source = source
    self.clock = clock
    self.configuration = configuration
    self.regionMonitor = RegionMonitor(configuration: configuration.regionMonitoring)
    self.visitDetector = VisitDetector(
      radius: configuration.visitRadius, minimumDuration: configuration.visitMinimumDuration)
  }

  deinit {
    runTask?.cancel()
    for task in pendingRequests.values { task.cancel() }
  }

  // MARK: Status

  /// The authorization the app has: the level asked for while the source is reachable,
  /// ``AuthorizationStatus/denied`` while it is not.
  public var authorizationStatus: AuthorizationStatus {
    guard let requested else { return .notDetermined }
    switch available {
    case true?: return requested
    case false?: return .denied
    case nil: return .notDetermined
    }
  }

  /// Whether the source is reachable; waits for it to say so, up to the availability timeout.
  public func locationServicesEnabled() async -> Bool {
    startIfNeeded()
    return await availability()
  }

  /// The most recent fix, however old.
  public var location: Location? { lastLocation }

  /// The regions being monitored.
  public var monitoredRegions: [Region] { regionMonitor.monitoredRegions }

  /// The largest radius region monitoring accepts.
  public nonisolated var maximumRegionMonitoringDistance: Double {
    configuration.regionMonitoring.maximumRegionMonitoringDistance
  }

  // MARK: Endpoints

  /// Asks for `level` (``AuthorizationStatus/authorizedWhenInUse`` or `authorizedAlways`);
  /// returns after the resulting ``LocationManager/Action/didChangeAuthorization(_:)``, if any.
  public func requestAuthorization(_ level: AuthorizationStatus) async {
    precondition(level.isAuthorized, "request an authorized level")
    // As on Apple platforms, asking for less than "always" after "always" changes nothing.
    if requested != .authorizedAlways { requested = level }
    startIfNeeded()
    _ = await availability()
    publishStatusIfChanged()
  }

  /// Delivers the next fix, or fails with ``LocationError/locationUnknown`` after the timeout.
  public func requestLocation() async {
    startIfNeeded()
    guard await authorizedOrReport() else { return }
    if let fix = undelivered {
      deliver(fix)
      return
    }
    let id = UUID()
    let timeout = configuration.requestTimeout
    let clock = self.clock
    let engine = WeakEngine(self)
    pendingRequests[id] = Task {
      do {
        try await clock.sleep(for: timeout)
      } catch {
        return
      }
      await engine.value?.requestTimedOut(id)
    }
  }

  /// Starts delivering every fix that passes the distance filter.
  public func startUpdatingLocation() async {
    startIfNeeded()
    isUpdating = true
    guard await authorizedOrReport(), isUpdating else { return }
    if let fix = undelivered { deliver(fix) }
    if let ended = endedUnheard {
      endedUnheard = nil
      publish(.didFailWithError(ended))
    }
  }

  /// Stops continuous updates (pending one-shot requests still complete).
  public func stopUpdatingLocation() {
    isUpdating = false
    isPaused = false
    pauseAnchor = nil
  }

  /// Starts delivering a fix whenever the device has moved the significant-change distance.
  public func startMonitoringSignificantLocationChanges() async {
    startIfNeeded()
    isMonitoringSignificantChanges = true
    _ = await authorizedOrReport()
  }

  /// Stops significant-change updates.
  public func stopMonitoringSignificantLocationChanges() {
    isMonitoringSignificantChanges = false
    lastSignificant = nil
  }

  /// Starts reporting visits found in the fix stream.
  public func startMonitoringVisits() async {
    startIfNeeded()
    isMonitoringVisits = true
  }

  /// Stops reporting visits and forgets the stay in progress.
  public func stopMonitoringVisits() {
    isMonitoringVisits = false
    visitDetector = VisitDetector(
      radius: configuration.visitRadius, minimumDuration: configuration.visitMinimumDuration)
  }

  /// There is no compass on Linux: reports ``LocationError/headingUnavailable``.
  public func startUpdatingHeading() {
    publish(.didFailWithError(.headingUnavailable))
  }

  /// Starts monitoring `region`; replies with `didStartMonitoring` or `monitoringDidFail`.
  public func startMonitoring(_ region: Region) {
    startIfNeeded()
    publish(regionMonitor.startMonitoring(region))
  }

  /// Stops monitoring `region`.
  public func stopMonitoring(_ region: Region) {
    regionMonitor.stopMonitoring(region)
  }

  /// Replies with `didDetermineState` for `region`.
  public func requestState(for region: Region) {
    publish(regionMonitor.requestState(for: region))
  }

  /// Applies the properties that are set.
  public func set(_ properties: LocationManager.Properties) {
    if let value = properties.desiredAccuracy { desiredAccuracy = value }
    if let value = properties.distanceFilter { distanceFilter = value }
    if let value = properties.headingFilter { headingFilter = value }
    if let value = properties.activityType { activityType = value }
    if let value = properties.pausesLocationUpdatesAutomatically {
      pausesAutomatically = value
      if !value, isPaused {
        isPaused = false
        publish(.didResumeLocationUpdates)
      }
    }
  }

  /// The properties in force, all set.
  public var properties: LocationManager.Properties {
    .init(
      desiredAccuracy: desiredAccuracy, distanceFilter: distanceFilter,
      headingFilter: headingFilter, activityType: activityType,
      pausesLocationUpdatesAutomatically: pausesAutomatically)
  }

  // MARK: Source events

  /// Applies one event from the source. Sources call this through ``LocationSource/run``.
  public func handle(_ event: LocationSource.Event) {
    switch event {
    case .available:
      available = true
      unavailableReason = nil
      resolveAvailability(true)
      publishStatusIfChanged()
    case .unavailable(let error):
      let wasUnavailable = available == false
      available = false
      unavailableReason = error
      resolveAvailability(false)
      publishStatusIfChanged()
      if !pendingRequests.isEmpty {
        failPendingRequests(with: error)
      } else if !wasUnavailable, isUpdating || isMonitoringSignificantChanges {
        publish(.didFailWithError(error))
      }
    case .fix(let location):
      process(location)
    case .noFix:
      logger.debug("source \(source.name) reports no fix")
    case .failure(let error):
      // The app hears of it as `didFailWithError` and says so itself: only --verbose repeats it.
      logger.debug("\(error)")
      // As with Core Location, errors reach only a client that asked for locations: a replay
      // that ends before anyone asked must not fail the request that comes next, which its
      // undelivered last fix answers.
      guard
        isUpdating || isMonitoringSignificantChanges || isMonitoringVisits
          || !pendingRequests.isEmpty || !regionMonitor.monitoredRegions.isEmpty
      else {
        if case .trackEnded = error { endedUnheard = error }
        return
      }
      publish(.didFailWithError(error))
    }
  }

  // MARK: Internals

  private func startIfNeeded() {
    guard runTask == nil else { return }
    let source = self.source
    logger.info("starting location source \(source.name)")
    let engine = WeakEngine(self)
    runTask = Task {
      await source.run { event in await engine.value?.handle(event) }
    }
  }

  private func availability() async -> Bool {
    if let available { return available }
    let timeout = configuration.availabilityTimeout
    let clock = self.clock
    let engine = WeakEngine(self)
    let timer = Task {
      do {
        try await clock.sleep(for: timeout)
      } catch {
        return
      }
      await engine.value?.availabilityTimedOut()
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { availabilityWaiters.append($0) }
  }

  private func availabilityTimedOut() {
    logger.warning("source \(source.name) did not report whether it is reachable")
    resolveAvailability(false)
  }

  private func resolveAvailability(_ value: Bool) {
    let waiters = availabilityWaiters
    availabilityWaiters.removeAll()
    for waiter in waiters { waiter.resume(returning: value) }
  }

  /// Whether fixes may be delivered now; if not, publishes the error that says why.
  private func authorizedOrReport() async -> Bool {
    let reachable = await availability()
    if !reachable {
      publish(
        .didFailWithError(
          unavailableReason
            ?? .servicesUnavailable(endpoint: source.name, reason: "no answer")))
      return false
    }
    guard authorizationStatus.isAuthorized else {
      publish(.didFailWithError(.denied))
      return false
    }
    return true
  }

  private func publishStatusIfChanged() {
    let status = authorizationStatus
    guard status != reportedStatus else { return }
    reportedStatus = status
    publish(.didChangeAuthorization(status))
    publish(.authorizationDidChange(status, .fullAccuracy))
  }

  private func requestTimedOut(_ id: UUID) {
    guard pendingRequests.removeValue(forKey: id) != nil else { return }
    publish(.didFailWithError(.locationUnknown))
  }

  private func failPendingRequests(with error: LocationError) {
    for task in pendingRequests.values { task.cancel() }
    pendingRequests.removeAll()
    publish(.didFailWithError(error))
  }

  private func process(_ fix: Location) {
    lastLocation = fix
    undelivered = fix
    guard authorizationStatus.isAuthorized else { return }
    publish(regionMonitor.update(with: fix))
    if isMonitoringVisits {
      for visit in visitDetector.update(with: fix) { publish(.didVisit(visit)) }
    }
    var deliver = false
    if !pendingRequests.isEmpty {
      for task in pendingRequests.values { task.cancel() }
      pendingRequests.removeAll()
      deliver = true
    }
    if isUpdating, passesPause(fix), passesDistanceFilter(fix) {
      deliver = true
    }
    if isMonitoringSignificantChanges {
      let moved = lastSignificant.map { $0.distance(from: fix) } ?? .infinity
      if moved >= configuration.significantChangeDistance {
        lastSignificant = fix
        deliver = true
      }
    }
    guard deliver else { return }
    self.deliver(fix)
  }

  private func deliver(_ fix: Location) {
    undelivered = nil
    lastDelivered = fix
    publish(.didUpdateLocations([fix]))
  }

  private func passesDistanceFilter(_ fix: Location) -> Bool {
    guard distanceFilter > 0, let lastDelivered else { return true }
    return lastDelivered.distance(from: fix) >= distanceFilter
  }

  /// Updates the automatic-pause state; false while paused.
  private func passesPause(_ fix: Location) -> Bool {
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
      publish(.didResumeLocationUpdates)
      return true
    }
    guard stayed else {
      pauseAnchor = fix
      return true
    }
    if fix.timestamp.timeIntervalSince(anchor.timestamp) >= configuration.pauseAfter {
      isPaused = true
      publish(.didPauseLocationUpdates)
      return false
    }
    return true
  }

  private func publish(_ events: some Sequence<RegionEvent>) {
    for event in events {
      switch event {
      case .didStartMonitoring(let region): publish(.didStartMonitoring(region))
      case .didEnter(let region): publish(.didEnterRegion(region))
      case .didExit(let region): publish(.didExitRegion(region))
      case .didDetermineState(let state, let region): publish(.didDetermineState(state, region))
      case .monitoringDidFail(let region, let error):
        publish(.monitoringDidFail(region, .regionMonitoringFailed(reason: "\(error)")))
      }
    }
  }

  private func publish(_ action: LocationManager.Action) {
    actions.send(action)
  }
}

/// A weak reference to an engine, so that its own tasks do not keep it alive.
private struct WeakEngine: Sendable {
  weak var value: LocationEngine?

  init(_ value: LocationEngine) {
    self.value = value
  }
}
