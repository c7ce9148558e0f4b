import Foundation

@testable import BearingLocation

/// The brute-force reference for `RegionMonitor`: every region checked against every fix with
/// the great-circle distance, straight from the rules in `RegionMonitor`'s documentation.
struct RegionMonitorOracle {
  enum State: Equatable {
    case unknown, outside, inside
    case entering(since: Date)
  }

  let configuration: RegionMonitor.Configuration
  var regions: [String: (region: Region, state: State)] = [:]
  var lastFix: Location?

  init(configuration: RegionMonitor.Configuration) {
    self.configuration = configuration
  }

  private func accepts(_ fix: Location, _ region: Region) -> Bool {
    fix.horizontalAccuracy <= configuration.maximumAccuracyRatio * region.radius
  }

  private func initialState(_ region: Region) -> State {
    guard let fix = lastFix, accepts(fix, region) else { return .unknown }
    return region.center.distance(to: fix.coordinate) <= region.radius ? .inside : .outside
  }

  private func reported(_ state: State) -> RegionState {
    switch state {
    case .unknown: .unknown
    case .outside, .entering: .outside
    case .inside: .inside
    }
  }

  mutating func startMonitoring(_ region: Region) -> [RegionEvent] {
    let invalid =
      region.identifier.isEmpty || !region.radius.isFinite || region.radius <= 0
      || region.radius > configuration.maximumRegionMonitoringDistance
    if invalid {
      // The reason is checked by the unit tests; here only that it failed.
      return [.monitoringDidFail(region, .emptyIdentifier)]
    }
    let state = initialState(region)
    regions[region.identifier] = (region, state)
    return lastFix == nil
      ? [.didStartMonitoring(region)]
      : [.didStartMonitoring(region), .didDetermineState(reported(state), region)]
  }

  mutating func stopMonitoring(_ identifier: String) {
    regions[identifier] = nil
  }

  func state(of identifier: String) -> RegionState? {
    regions[identifier].map { reported($0.state) }
  }

  mutating func update(with fix: Location) -> [RegionEvent] {
    guard fix.horizontalAccuracy >= 0 else { return [] }
    lastFix = fix
    var exited: [Region] = []
    var entered: [Region] = []
    var determined: [Region] = []
    for (identifier, value) in regions {
      let region = value.region
      guard accepts(fix, region) else { continue }
      let distance = region.center.distance(to: fix.coordinate)
      let entryMargin = min(configuration.entryMargin, region.radius * 0.5)
      let insideByMargin = distance <= region.radius - entryMargin
      let outsideByMargin = distance > region.radius + configuration.exitMargin
      var state = value.state
      switch value.state {
      case .unknown:
        state = distance <= region.radius ? .inside : .outside
        if state == .inside { determined.append(region) }
      case .outside where insideByMargin:
        if configuration.minimumDwellTime > 0 {
          state = .entering(since: fix.timestamp)
        } else {
          state = .inside
          if region.notifyOnEntry { entered.append(region) }
        }
      case .outside:
        break
      case .entering(let since):
        if outsideByMargin {
          state = .outside
        } else if fix.timestamp.timeIntervalSince(since) >= configuration.minimumDwellTime {
          state = .inside
          if region.notifyOnEntry { entered.append(region) }
        }
      case .inside:
        if outsideByMargin {
          state = .outside
          if region.notifyOnExit { exited.append(region) }
        }
      }
      regions[identifier]!.state = state
    }
    let byIdentifier: (Region, Region) -> Bool = { $0.identifier < $1.identifier }
    return exited.sorted(by: byIdentifier).map(RegionEvent.didExit)
      + entered.sorted(by: byIdentifier).map(RegionEvent.didEnter)
      + determined.sorted(by: byIdentifier).map { .didDetermineState(.inside, $0) }
  }
}

/// Events in a canonical order: by kind as the monitor emits them (exits, entries,
/// determinations, then the rest), and by identifier within a kind.
func canonical(_ events: some Sequence<RegionEvent>) -> [RegionEvent] {
  func rank(_ event: RegionEvent) -> (Int, String) {
    switch event {
    case .didExit(let region): (0, region.identifier)
    case .didEnter(let region): (1, region.identifier)
    case .didDetermineState(_, let region): (2, region.identifier)
    case .didStartMonitoring(let region): (3, region.identifier)
    case .monitoringDidFail(let region, _): (4, region.identifier)
    }
  }
  return events.sorted { rank($0) < rank($1) }
}

/// Whether `actual` has the same events as `expected`, with the kinds in the same order
/// (the monitor does not sort within a kind).
func sameEvents(_ actual: some Sequence<RegionEvent>, _ expected: [RegionEvent]) -> Bool {
  func kinds(_ events: some Sequence<RegionEvent>) -> [Int] {
    events.map {
      switch $0 {
      case .didExit: 0
      case .didEnter: 1
      case .didDetermineState: 2
      case .didStartMonitoring: 3
      case .monitoringDidFail: 4
      }
    }
  }
  return kinds(actual) == kinds(expected) && canonical(actual) == canonical(expected)
}
