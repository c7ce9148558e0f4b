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
    /// Seconds a stay within `visitRadius` must last, by the fixes' own time, to count as a visit.
    public var visitMinimumDuration: TimeInterval
    /// Metres between fixes delivered by significant-change monitoring.
    public var significantChangeDistance: Double
    /// With automatic pausing on, updates pause after ``pauseAfter`` seconds (fix time) within
    /// ``pauseRadius`` metres, and resume when the device leaves that circle.
    public var pauseRadius: Double
    /// Seconds, by the fixes' own time, the device must stay within `pauseRadius` before updates
    /// pause.
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

  /// What the engine knows and has promised; its transitions are ``State/reduce(_:)``.
  private var state: State
  private var runTask: Task<Void, Never>?
  private var availabilityWaiters: [CheckedContinuation<Bool, Never>] = []
  /// The timeout of each of the state's pending requests.
  private var requestTimers: [UUID: Task<Void, Never>] = [:]

  /// Creates an engine; the source starts on the first endpoint that needs it.
  public init(
    source: LocationSource,
    clock: any Clock<Duration> = ContinuousClock(),
    configuration: Configuration = .init()
  ) {
    self.source = source
    self.clock = clock
    self.configuration = configuration
    self.state = State(configuration: configuration, sourceName: source.name)
  }

  deinit {
    runTask?.cancel()
    for task in requestTimers.values { task.cancel() }
  }

  // MARK: Status

  /// The authorization the app has: the level asked for while the source is reachable,
  /// ``AuthorizationStatus/denied`` while it is not.
  public var authorizationStatus: AuthorizationStatus { state.authorizationStatus }

  /// Whether the source is reachable; waits for it to say so, up to the availability timeout.
  public func locationServicesEnabled() async -> Bool {
    startIfNeeded()
    return await availability()
  }

  /// The most recent fix, however old.
  public var location: Location? { state.lastLocation }

  /// The regions being monitored.
  public var monitoredRegions: [Region] { state.regionMonitor.monitoredRegions }

  /// The largest radius region monitoring accepts.
  public nonisolated var maximumRegionMonitoringDistance: Double {
    configuration.regionMonitoring.maximumRegionMonitoringDistance
  }

  // MARK: Endpoints

  /// Asks for `level` (``AuthorizationStatus/authorizedWhenInUse`` or `authorizedAlways`);
  /// returns after the resulting ``LocationManager/Action/didChangeAuthorization(_:)``, if any.
  public func requestAuthorization(_ level: AuthorizationStatus) async {
    precondition(level.isAuthorized, "request an authorized level")
    send(.requestAuthorization(level))
    startIfNeeded()
    _ = await availability()
    send(.reportStatus)
  }

  /// Delivers the next fix, or fails with ``LocationError/locationUnknown`` after the timeout.
  public func requestLocation() async {
    startIfNeeded()
    guard await authorizedOrReport() else { return }
    let id = UUID()
    send(.requestLocation(id: id))
    guard state.pendingRequests.contains(id) else { return }
    let timeout = configuration.requestTimeout
    let clock = self.clock
    let engine = WeakEngine(self)
    requestTimers[id] = Task {
      do {
        try await clock.sleep(for: timeout)
      } catch {
        return
      }
      await engine.value?.send(.requestTimedOut(id))
    }
  }

  /// Starts delivering every fix that passes the distance filter.
  public func startUpdatingLocation() async {
    startIfNeeded()
    send(.startUpdatingLocation)
    guard await authorizedOrReport() else { return }
    send(.catchUpUpdates)
  }

  /// Stops continuous updates (pending one-shot requests still complete).
  public func stopUpdatingLocation() {
    send(.stopUpdatingLocation)
  }

  /// Starts delivering a fix whenever the device has moved the significant-change distance.
  public func startMonitoringSignificantLocationChanges() async {
    startIfNeeded()
    send(.startMonitoringSignificantLocationChanges)
    _ = await authorizedOrReport()
  }

  /// Stops significant-change updates.
  public func stopMonitoringSignificantLocationChanges() {
    send(.stopMonitoringSignificantLocationChanges)
  }

  /// Starts reporting visits found in the fix stream.
  public func startMonitoringVisits() async {
    startIfNeeded()
    send(.startMonitoringVisits)
  }

  /// Stops reporting visits and forgets the stay in progress.
  public func stopMonitoringVisits() {
    send(.stopMonitoringVisits)
  }

  /// There is no compass on Linux: reports ``LocationError/headingUnavailable``.
  public func startUpdatingHeading() {
    send(.startUpdatingHeading)
  }

  /// Starts monitoring `region`; replies with `didStartMonitoring` or `monitoringDidFail`.
  public func startMonitoring(_ region: Region) {
    startIfNeeded()
    send(.startMonitoring(region))
  }

  /// Stops monitoring `region`.
  public func stopMonitoring(_ region: Region) {
    send(.stopMonitoring(region))
  }

  /// Replies with `didDetermineState` for `region`.
  public func requestState(for region: Region) {
    send(.requestState(region))
  }

  /// Applies the properties that are set.
  public func set(_ properties: LocationManager.Properties) {
    send(.set(properties))
  }

  /// The properties in force, all set.
  public var properties: LocationManager.Properties { state.properties }

  // MARK: Source events

  /// Applies one event from the source. Sources call this through ``LocationSource/run``.
  public func handle(_ event: LocationSource.Event) {
    switch event {
    case .noFix:
      logger.debug("source \(source.name) reports no fix")
    case .failure(let error):
      // The app hears of it as `didFailWithError` and says so itself: only --verbose repeats it.
      logger.debug("\(error)")
    case .available, .unavailable, .fix:
      break
    }
    let actions = state.reduce(.source(event))
    switch event {
    case .available: resolveAvailability(true)
    case .unavailable: resolveAvailability(false)
    case .fix, .noFix, .failure: break
    }
    publish(actions)
  }

  // MARK: Internals

  /// Applies `input` to the state and publishes what it says.
  private func send(_ input: State.Input) {
    publish(state.reduce(input))
  }

  /// Publishes `actions`, after stopping the timers of requests no longer pending.
  private func publish(_ actions: [LocationManager.Action]) {
    for (id, timer) in requestTimers where !state.pendingRequests.contains(id) {
      timer.cancel()
      requestTimers[id] = nil
    }
    for action in actions { self.actions.send(action) }
  }

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
    if let available = state.available { return available }
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
    guard let refusal = state.refusal(reachable: reachable) else { return true }
    publish([.didFailWithError(refusal)])
    return false
  }
}

/// A weak reference to an engine, so that its own tasks do not keep it alive.
private struct WeakEngine: Sendable {
  weak var value: LocationEngine?

  init(_ value: LocationEngine) {
    self.value = value
  }
}
