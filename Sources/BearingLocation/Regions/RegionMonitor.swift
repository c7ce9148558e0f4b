import Foundation

/// Monitors circular regions against a stream of fixes: enter, exit and state, with hysteresis,
/// an accuracy gate and optional dwell, at any number of regions.
///
/// A value type: copies are independent (storage is copy-on-write). Feed it every fix with
/// ``update(with:)`` and act on the returned events. A fix costs time in proportion to the
/// regions near it, not to the number monitored: a `RegionIndex` finds the candidates.
///
/// ```swift
/// var monitor = RegionMonitor()
/// _ = monitor.startMonitoring(ekberg)
/// for event in monitor.update(with: fix) { … }
/// ```
///
/// Semantics, region by region (see ``Configuration`` for the thresholds):
/// - Before the first fix a region is `.unknown`; the first fix that passes the accuracy gate
///   decides inside (distance ≤ radius) or outside, reporting `didDetermineState(.inside, …)`
///   for the regions it is inside and nothing for the others.
/// - Outside → inside when a fix is inside by the entry margin (after the dwell time, if set);
///   inside → outside when a fix is outside by the exit margin. `didEnter` / `didExit` are
///   reported for regions with `notifyOnEntry` / `notifyOnExit`.
/// - A fix whose horizontal accuracy is worse than the gate for a region changes nothing for it.
public struct RegionMonitor: Sendable {
  /// The thresholds this monitor applies.
  public let configuration: Configuration
  /// The last fix that could change any state (valid horizontal accuracy), if any.
  public internal(set) var lastFix: Location?

  // Regions live in dense slots; removal moves the last slot into the hole.
  var regions: [Region] = []
  var states: [SlotState] = []
  /// Each slot's region's `notifyOnEntry` and `notifyOnExit`, next to its state rather than
  /// in the region, which a fix does not otherwise read.
  var notifications: [Notifications] = []
  var identifiers = IdentifierTable()
  var index = RegionIndex()
  /// Slots in state `.inside`: checked for exit on every fix.
  var inside: [Int32] = []
  /// Slots in state `.entering`, with the time the dwell began.
  var pending: [PendingSlot] = []
  /// Slots in state `.unknown` once a fix is known (before it, every slot is unknown).
  var unknown: [Int32] = []
  /// At most the smallest radius monitored, so that a fix accurate enough for it is accurate
  /// enough for every region without reading one.
  var smallestRadius = Double.infinity
  /// Reused between fixes so that a fix allocates nothing but its events.
  var candidateRanges: [Range<Int32>] = []
  var changes = Changes()

  /// Creates an empty monitor.
  public init(configuration: Configuration = .init()) {
    self.configuration = configuration
  }

  /// The monitored regions, sorted by identifier (O(n log n): prefer
  /// ``monitoredRegionCount`` or ``region(withIdentifier:)`` for one answer).
  public var monitoredRegions: [Region] {
    regions.sorted { $0.identifier < $1.identifier }
  }

  /// How many regions are monitored.
  public var monitoredRegionCount: Int { regions.count }

  /// The monitored region with `identifier`, if any.
  public func region(withIdentifier identifier: String) -> Region? {
    identifiers.slot(of: identifier, in: regions).map { regions[$0] }
  }

  /// The current state of the monitored region with `identifier`, or `nil` when it is not
  /// monitored. A region waiting out its dwell time is still `.outside`.
  public func state(forIdentifier identifier: String) -> RegionState? {
    identifiers.slot(of: identifier, in: regions).map { states[$0].regionState }
  }

  /// Reserves room for `count` regions in total, before adding many.
  public mutating func reserveCapacity(_ count: Int) {
    regions.reserveCapacity(count)
    states.reserveCapacity(count)
    notifications.reserveCapacity(count)
    identifiers.reserveCapacity(count, in: regions)
    index.reserveCapacity(regions: max(0, count - index.count), cells: 0)
  }

  /// Starts monitoring `region`, replacing a monitored region with the same identifier.
  ///
  /// Returns `didStartMonitoring`, followed by `didDetermineState` when a fix is known; or
  /// `monitoringDidFail` with the reason when the region is invalid, and then nothing changes.
  public mutating func startMonitoring(_ region: Region) -> [RegionEvent] {
    if let error = configuration.validationError(for: region) {
      return [.monitoringDidFail(region, error)]
    }
    if let slot = identifiers.slot(of: region.identifier, in: regions) { removeSlot(slot) }
    let state = determine(region, from: lastFix)
    insert(region, state: state)
    var events: [RegionEvent] = [.didStartMonitoring(region)]
    if lastFix != nil { events.append(.didDetermineState(state.regionState, region)) }
    return events
  }

  /// Starts monitoring many regions at once, as ``startMonitoring(_:)`` does one by one, but
  /// returns only what needs attention, in input order: `monitoringDidFail` for each rejected
  /// region and, when a fix is known, `didDetermineState(.inside, …)` for each region the
  /// device is inside.
  ///
  /// Regions are stored in the order of the index's cells, so that regions near each other are
  /// near each other in memory and a fix touches few cache lines.
  @discardableResult
  public mutating func startMonitoring(contentsOf regions: some Sequence<Region>) -> [RegionEvent] {
    let regions = Array(regions)
    reserveCapacity(self.regions.count + regions.count)
    var failures: [(position: Int, event: RegionEvent)] = []
    var order: [(key: UInt64, position: Int)] = []
    order.reserveCapacity(regions.count)
    for (position, region) in regions.enumerated() {
      if let error = configuration.validationError(for: region) {
        failures.append((position, .monitoringDidFail(region, error)))
      } else {
        let placement = RegionIndex.placement(center: region.center, reach: reach(of: region))
        order.append((placement.order, position))
      }
    }
    order.sort { $0.key < $1.key || ($0.key == $1.key && $0.position < $1.position) }
    var cellCount = 0
    for (offset, element) in order.enumerated()
    where offset == 0 || order[offset - 1].key >> 6 != element.key >> 6 {
      cellCount += 1
    }
    index.reserveCapacity(regions: 0, cells: cellCount)
    var events = failures
    // The input position of each slot's region (-1 for regions monitored before), kept in
    // step with removal's moves, so that of repeated identifiers the last in input wins.
    var positions = [Int](repeating: -1, count: self.regions.count)
    positions.reserveCapacity(self.regions.count + order.count)
    for (_, position) in order {
      let region = regions[position]
      if let slot = identifiers.slot(of: region.identifier, in: self.regions) {
        if positions[slot] > position { continue }
        removeSlot(slot)
        positions[slot] = positions[positions.count - 1]
        positions.removeLast()
      }
      let state = determine(region, from: lastFix)
      insert(region, state: state, regrouping: false)
      positions.append(position)
      if state == .inside { events.append((position, .didDetermineState(.inside, region))) }
    }
    index.regroupCells()
    if events.count > failures.count { events.sort { $0.position < $1.position } }
    return events.map(\.event)
  }

  /// Stops monitoring the region with `region`'s identifier; does nothing if it is not monitored.
  public mutating func stopMonitoring(_ region: Region) {
    if let slot = identifiers.slot(of: region.identifier, in: regions) { removeSlot(slot) }
  }

  /// Reports the state of `region`: the tracked state when it is monitored, otherwise the state
  /// the last fix implies (`.unknown` without a usable fix), or `monitoringDidFail` when the
  /// region is invalid.
  public mutating func requestState(for region: Region) -> [RegionEvent] {
    if let slot = identifiers.slot(of: region.identifier, in: regions) {
      return [.didDetermineState(states[slot].regionState, regions[slot])]
    }
    if let error = configuration.validationError(for: region) {
      return [.monitoringDidFail(region, error)]
    }
    return [.didDetermineState(determine(region, from: lastFix).regionState, region)]
  }

  /// Applies a fix and returns what it changed: `didExit`, then `didEnter`, then
  /// `didDetermineState` (for regions whose state was unknown). Within each kind the order is
  /// the monitor's internal one (deterministic for the same history, but not alphabetical:
  /// sorting a hundred events by identifier would cost more than finding them).
  ///
  /// A fix with a negative or NaN horizontal accuracy is invalid and changes nothing.
  public mutating func update(with location: Location) -> RegionEvents {
    guard location.horizontalAccuracy >= 0 else { return RegionEvents() }
    let isFirstFix = lastFix == nil
    lastFix = location
    changes.removeAll()
    let fix = Fix(location, monitor: self)
    if !pending.isEmpty { advancePending(with: fix) }
    if isFirstFix {
      for slot in regions.indices { resolveUnknown(slot, with: fix) }
    } else if !unknown.isEmpty {
      let slots = unknown
      unknown.removeAll(keepingCapacity: true)
      for slot in slots { resolveUnknown(Int(slot), with: fix) }
    }
    scanNearbyRegions(around: fix)
    settleInsideRegions(with: fix)
    return changes.events(in: regions)
  }
}

extension RegionMonitor {
  /// What the monitor knows about one slot (one byte a region).
  enum SlotState: UInt8, Sendable {
    case unknown
    case outside
    case inside
    /// Inside and confirmed near by the fix being applied; `.inside` again once it is done.
    case insideSeen
    /// Inside by the entry margin, waiting out the dwell time (see ``RegionMonitor/pending``).
    case entering

    var regionState: RegionState {
      switch self {
      case .unknown: .unknown
      case .outside, .entering: .outside
      case .inside, .insideSeen: .inside
      }
    }
  }

  /// Which transitions of a region are reported.
  struct Notifications: OptionSet, Sendable {
    let rawValue: UInt8
    static let entry = Notifications(rawValue: 1)
    static let exit = Notifications(rawValue: 2)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init(_ region: Region) {
      self = []
      if region.notifyOnEntry { insert(.entry) }
      if region.notifyOnExit { insert(.exit) }
    }
  }

  struct PendingSlot: Sendable {
    var slot: Int32
    var since: Date
  }

  /// The slots whose events one fix produces, collected by kind and emitted in a stable order.
  /// Slots, not regions: ``RegionEvents`` reads the regions when asked.
  struct Changes: Sendable {
    /// Exited regions that notify on exit.
    var exited: [Int32] = []
    /// Entered regions that notify on entry.
    var entered: [Int32] = []
    var determined: [Int32] = []

    /// The three kinds in order, reused from fix to fix: the events share it, and the next
    /// fix finds it unshared again unless the caller kept them.
    var ordered: [Int32] = []

    mutating func removeAll() {
      // `removeAll(keepingCapacity:)` costs a call even on an empty array.
      if !exited.isEmpty { exited.removeAll(keepingCapacity: true) }
      if !entered.isEmpty { entered.removeAll(keepingCapacity: true) }
      if !determined.isEmpty { determined.removeAll(keepingCapacity: true) }
    }

    mutating func events(in regions: [Region]) -> RegionEvents {
      if exited.isEmpty, entered.isEmpty, determined.isEmpty { return RegionEvents() }
      if !ordered.isEmpty { ordered.removeAll(keepingCapacity: true) }
      ordered.append(contentsOf: exited)
      ordered.append(contentsOf: entered)
      ordered.append(contentsOf: determined)
      return RegionEvents(
        regions: regions, slots: ordered, exitCount: exited.count, entryCount: entered.count)
    }
  }

  /// A fix as the passes of ``update(with:)`` use it.
  struct Fix {
    let location: Location
    /// Whether the fix is accurate enough for every monitored region.
    let isAccurateForAll: Bool

    init(_ location: Location, monitor: RegionMonitor) {
      self.location = location
      isAccurateForAll = monitor.configuration.accepts(
        horizontalAccuracy: location.horizontalAccuracy, radius: monitor.smallestRadius)
    }

    var coordinate: Coordinate { location.coordinate }
  }

  func reach(of region: Region) -> Double {
    region.radius + configuration.exitMargin
  }

  func entryDistance(of region: Region) -> Double {
    region.radius - configuration.effectiveEntryMargin(forRadius: region.radius)
  }

  func accepts(_ fix: Location, for region: Region) -> Bool {
    configuration.accepts(horizontalAccuracy: fix.horizontalAccuracy, radius: region.radius)
  }

  /// Whether `fix` may change the state of the region in `slot`.
  @inline(__always)
  func accepts(_ fix: Fix, slot: Int) -> Bool {
    fix.isAccurateForAll || accepts(fix.location, for: regions[slot])
  }

  func determine(_ region: Region, from fix: Location?) -> SlotState {
    guard let fix, accepts(fix, for: region) else { return .unknown }
    return region.center.distance(to: fix.coordinate) <= region.radius ? .inside : .outside
  }

  mutating func insert(
    _ region: Region, state: SlotState, since: Date? = nil, regrouping: Bool = true
  ) {
    let slot = regions.count
    regions.append(region)
    states.append(state)
    notifications.append(Notifications(region))
    identifiers.insert(slot: slot, in: regions)
    let reach = reach(of: region)
    index.insert(
      RegionIndex.entry(
        center: region.center, reach: reach, innerDistance: entryDistance(of: region),
        slot: Int32(slot)),
      center: region.center, reach: reach, regrouping: regrouping)
    smallestRadius = min(smallestRadius, region.radius)
    switch state {
    case .inside, .insideSeen: inside.append(Int32(slot))
    case .entering: pending.append(PendingSlot(slot: Int32(slot), since: since ?? .distantPast))
    case .unknown: if lastFix != nil { unknown.append(Int32(slot)) }
    case .outside: break
    }
  }

  mutating func removeSlot(_ slot: Int) {
    let region = regions[slot]
    identifiers.remove(region.identifier, in: regions)
    index.remove(slot: slot, center: region.center, reach: reach(of: region))
    renumber(slot, to: nil)
    let last = regions.count - 1
    if slot != last {
      let moved = regions[last]
      regions[slot] = moved
      states[slot] = states[last]
      notifications[slot] = notifications[last]
      identifiers.retarget(moved.identifier, to: slot, in: regions)
      renumber(last, to: slot)
    }
    regions.removeLast()
    states.removeLast()
    notifications.removeLast()
    if regions.isEmpty { smallestRadius = .infinity }
  }

  /// Replaces `slot` by `new` in the state lists, or drops it when `new` is `nil`.
  private mutating func renumber(_ slot: Int, to new: Int?) {
    let old = Int32(slot)
    switch states[slot] {
    case .inside, .insideSeen:
      if let position = inside.firstIndex(of: old) {
        if let new { inside[position] = Int32(new) } else { inside.remove(at: position) }
      }
    case .entering:
      if let position = pending.firstIndex(where: { $0.slot == old }) {
        if let new { pending[position].slot = Int32(new) } else { pending.remove(at: position) }
      }
    case .unknown:
      if let position = unknown.firstIndex(of: old) {
        if let new { unknown[position] = Int32(new) } else { unknown.remove(at: position) }
      }
    case .outside: break
    }
  }
}
