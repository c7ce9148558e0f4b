import Foundation

/// Monitors circular regions against a stream of fixes: enter, exit and state, with hysteresis,
/// an accuracy gate and optional dwell, at any number of regions.
///
/// A value type: copies are independent (storage is copy-on-write). Feed it every fix with
/// ``update(with:)`` and act on the returned events.
///
/// ```swift
/// var monitor = RegionMonitor()
/// _ = monitor.startMonitoring(ekberg)
/// for event in monitor.update(with: fix) { … }
/// ```
public struct RegionMonitor: Sendable {
  /// The thresholds this monitor applies.
  public let configuration: Configuration
  var regions: [Region] = []
  var tracking: [Tracking] = []
  var slotByIdentifier: [String: Int] = [:]
  /// The last fix that could change any state (valid horizontal accuracy), if any.
  public internal(set) var lastFix: Location?

  /// Creates an empty monitor.
  public init(configuration: Configuration = .init()) {
    self.configuration = configuration
  }

  /// The monitored regions, sorted by identifier.
  public var monitoredRegions: [Region] {
    regions.sorted { $0.identifier < $1.identifier }
  }

  /// How many regions are monitored.
  public var monitoredRegionCount: Int { regions.count }

  /// The monitored region with `identifier`, if any.
  public func region(withIdentifier identifier: String) -> Region? {
    slotByIdentifier[identifier].map { regions[$0] }
  }

  /// The current state of the monitored region with `identifier`, or `nil` when it is not
  /// monitored. A region waiting out its dwell time is still `.outside`.
  public func state(forIdentifier identifier: String) -> RegionState? {
    slotByIdentifier[identifier].map { tracking[$0].regionState }
  }

  /// Starts monitoring `region`, replacing a monitored region with the same identifier.
  ///
  /// Returns `didStartMonitoring`, followed by `didDetermineState` when a fix is known; or
  /// `monitoringDidFail` with the reason when the region is invalid, and then nothing changes.
  public mutating func startMonitoring(_ region: Region) -> [RegionEvent] {
    if let error = configuration.validationError(for: region) {
      return [.monitoringDidFail(region, error)]
    }
    if let slot = slotByIdentifier[region.identifier] { removeSlot(slot) }
    let state = determine(region, from: lastFix)
    slotByIdentifier[region.identifier] = regions.count
    regions.append(region)
    tracking.append(state)
    var events: [RegionEvent] = [.didStartMonitoring(region)]
    if lastFix != nil { events.append(.didDetermineState(state.regionState, region)) }
    return events
  }

  /// Stops monitoring the region with `region`'s identifier; does nothing if it is not monitored.
  public mutating func stopMonitoring(_ region: Region) {
    if let slot = slotByIdentifier[region.identifier] { removeSlot(slot) }
  }

  /// Reports the state of `region`: the tracked state when it is monitored, otherwise the state
  /// the last fix implies (`.unknown` without a usable fix).
  public mutating func requestState(for region: Region) -> [RegionEvent] {
    if let slot = slotByIdentifier[region.identifier] {
      return [.didDetermineState(tracking[slot].regionState, regions[slot])]
    }
    if let error = configuration.validationError(for: region) {
      return [.monitoringDidFail(region, error)]
    }
    return [.didDetermineState(determine(region, from: lastFix).regionState, region)]
  }

  /// Applies a fix and returns what it changed: `didExit`, then `didEnter`, then
  /// `didDetermineState` (for regions whose state was unknown), each sorted by identifier.
  ///
  /// A fix with a negative or NaN horizontal accuracy is invalid and changes nothing.
  public mutating func update(with location: Location) -> [RegionEvent] {
    guard location.horizontalAccuracy >= 0 else { return [] }
    lastFix = location
    var changes = Changes()
    for slot in regions.indices { step(slot, with: location, into: &changes) }
    return changes.events
  }

  func determine(_ region: Region, from fix: Location?) -> Tracking {
    guard let fix,
      configuration.accepts(horizontalAccuracy: fix.horizontalAccuracy, radius: region.radius)
    else { return .unknown }
    return region.center.distance(to: fix.coordinate) <= region.radius ? .inside : .outside
  }

  mutating func step(_ slot: Int, with fix: Location, into changes: inout Changes) {
    let region = regions[slot]
    guard configuration.accepts(horizontalAccuracy: fix.horizontalAccuracy, radius: region.radius)
    else { return }
    let distance = region.center.distance(to: fix.coordinate)
    switch tracking[slot] {
    case .unknown:
      if distance <= region.radius {
        tracking[slot] = .inside
        changes.determined.append(region)
      } else {
        tracking[slot] = .outside
      }
    case .outside:
      guard configuration.isInsideByMargin(distance: distance, radius: region.radius) else {
        return
      }
      if configuration.minimumDwellTime > 0 {
        tracking[slot] = .entering(since: fix.timestamp)
      } else {
        tracking[slot] = .inside
        if region.notifyOnEntry { changes.entered.append(region) }
      }
    case .entering(let since):
      if configuration.isOutsideByMargin(distance: distance, radius: region.radius) {
        tracking[slot] = .outside
      } else if fix.timestamp.timeIntervalSince(since) >= configuration.minimumDwellTime {
        tracking[slot] = .inside
        if region.notifyOnEntry { changes.entered.append(region) }
      }
    case .inside:
      if configuration.isOutsideByMargin(distance: distance, radius: region.radius) {
        tracking[slot] = .outside
        if region.notifyOnExit { changes.exited.append(region) }
      }
    }
  }

  mutating func removeSlot(_ slot: Int) {
    let last = regions.count - 1
    slotByIdentifier[regions[slot].identifier] = nil
    if slot != last {
      regions[slot] = regions[last]
      tracking[slot] = tracking[last]
      slotByIdentifier[regions[slot].identifier] = slot
    }
    regions.removeLast()
    tracking.removeLast()
  }
}

extension RegionMonitor {
  /// What the monitor knows about one region.
  enum Tracking: Hashable, Sendable {
    case unknown
    case outside
    case inside
    /// Inside by the entry margin since `since`, waiting out the dwell time.
    case entering(since: Date)

    var regionState: RegionState {
      switch self {
      case .unknown: .unknown
      case .outside, .entering: .outside
      case .inside: .inside
      }
    }
  }

  /// The events one fix produces, collected by kind and emitted in a stable order.
  struct Changes {
    var exited: [Region] = []
    var entered: [Region] = []
    var determined: [Region] = []

    var events: [RegionEvent] {
      let byIdentifier: (Region, Region) -> Bool = { $0.identifier < $1.identifier }
      return exited.sorted(by: byIdentifier).map(RegionEvent.didExit)
        + entered.sorted(by: byIdentifier).map(RegionEvent.didEnter)
        + determined.sorted(by: byIdentifier).map { .didDetermineState(.inside, $0) }
    }
  }
}
