// Temporary brute-force stand-in for the region branch's RegionMonitor, with the agreed
// interface; it is deleted when that branch is merged.

/// Tracks circular regions and reports entering and leaving them, one fix at a time.
///
/// ```swift
/// var monitor = RegionMonitor()
/// _ = monitor.startMonitoring(region)
/// let events = monitor.update(with: fix)
/// ```
public struct RegionMonitor: Sendable {
  /// Tuning for region decisions.
  public struct Configuration: Sendable, Equatable, Codable {
    /// Metres; larger regions are refused.
    public var maximumRegionMonitoringDistance: Double
    /// Fixes less accurate than this (metres) do not change a region's state.
    public var accuracyThreshold: Double

    /// Creates a configuration.
    public init(maximumRegionMonitoringDistance: Double = 100_000, accuracyThreshold: Double = 200)
    {
      self.maximumRegionMonitoringDistance = maximumRegionMonitoringDistance
      self.accuracyThreshold = accuracyThreshold
    }
  }

  /// Everything needed to resume monitoring later.
  public struct Snapshot: Codable, Sendable, Equatable {
    var regions: [Region]
    var states: [String: RegionState]
    var lastLocation: Location?
  }

  private var configuration: Configuration
  private var regions: [String: Region] = [:]
  private var order: [String] = []
  private var states: [String: RegionState] = [:]
  private var lastLocation: Location?

  /// Creates an empty monitor.
  public init(configuration: Configuration = .init()) {
    self.configuration = configuration
  }

  /// Resumes from a snapshot.
  public init(restoring snapshot: Snapshot, configuration: Configuration) {
    self.configuration = configuration
    for region in snapshot.regions {
      regions[region.identifier] = region
      order.append(region.identifier)
    }
    states = snapshot.states
    lastLocation = snapshot.lastLocation
  }

  /// The monitored regions, in the order monitoring began.
  public var monitoredRegions: [Region] { order.compactMap { regions[$0] } }

  /// The state to save.
  public var snapshot: Snapshot {
    Snapshot(regions: monitoredRegions, states: states, lastLocation: lastLocation)
  }

  /// Starts monitoring `region`, replacing one with the same identifier.
  public mutating func startMonitoring(_ region: Region) -> [RegionEvent] {
    guard region.radius.isFinite, region.radius > 0 else {
      return [.monitoringDidFail(region, .invalidRadius(region.radius))]
    }
    guard region.radius <= configuration.maximumRegionMonitoringDistance else {
      return [
        .monitoringDidFail(
          region,
          .radiusTooLarge(region.radius, maximum: configuration.maximumRegionMonitoringDistance))
      ]
    }
    if regions[region.identifier] == nil { order.append(region.identifier) }
    regions[region.identifier] = region
    var events: [RegionEvent] = [.didStartMonitoring(region)]
    if let lastLocation {
      let state: RegionState = region.contains(lastLocation.coordinate) ? .inside : .outside
      states[region.identifier] = state
      events.append(.didDetermineState(state, region))
    } else {
      states[region.identifier] = .unknown
    }
    return events
  }

  /// Stops monitoring `region` (by identifier).
  public mutating func stopMonitoring(_ region: Region) {
    regions[region.identifier] = nil
    states[region.identifier] = nil
    order.removeAll { $0 == region.identifier }
  }

  /// Reports the current state of `region`.
  public mutating func requestState(for region: Region) -> [RegionEvent] {
    [.didDetermineState(states[region.identifier] ?? .unknown, region)]
  }

  /// Feeds a fix; returns enter and exit events in monitoring order.
  public mutating func update(with location: Location) -> [RegionEvent] {
    guard location.horizontalAccuracy >= 0,
      location.horizontalAccuracy <= configuration.accuracyThreshold
    else { return [] }
    lastLocation = location
    var events: [RegionEvent] = []
    for identifier in order {
      guard let region = regions[identifier] else { continue }
      let state: RegionState = region.contains(location.coordinate) ? .inside : .outside
      let previous = states[identifier] ?? .unknown
      states[identifier] = state
      guard previous != state else { continue }
      if state == .inside, region.notifyOnEntry { events.append(.didEnter(region)) }
      if state == .outside, previous == .inside, region.notifyOnExit {
        events.append(.didExit(region))
      }
    }
    return events
  }
}

/// What a ``RegionMonitor`` reports.
public enum RegionEvent: Equatable, Sendable {
  case didStartMonitoring(Region)
  case didEnter(Region)
  case didExit(Region)
  case didDetermineState(RegionState, Region)
  case monitoringDidFail(Region, RegionMonitoringError)
}

/// Why a region cannot be monitored.
public enum RegionMonitoringError: Error, Equatable, Sendable, CustomStringConvertible {
  case invalidRadius(Double)
  case radiusTooLarge(Double, maximum: Double)

  public var description: String {
    switch self {
    case .invalidRadius(let radius): "radius \(radius) m is not a positive number"
    case .radiusTooLarge(let radius, let maximum):
      "radius \(radius) m is larger than the maximum \(maximum) m"
    }
  }
}
