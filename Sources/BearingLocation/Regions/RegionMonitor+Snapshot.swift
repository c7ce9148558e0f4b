import Foundation

extension RegionMonitor {
  /// Everything needed to restore a monitor after a restart: the regions, which of them the
  /// device is inside (or waiting to enter), which are unknown, and the last usable fix.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(monitor.snapshot)
  /// let restored = RegionMonitor(
  ///   restoring: try JSONDecoder().decode(RegionMonitor.Snapshot.self, from: data))
  /// ```
  public struct Snapshot: Hashable, Sendable, Codable {
    /// A region the device was inside by the entry margin, waiting out the dwell time.
    public struct PendingEntry: Hashable, Sendable, Codable {
      /// The `Region.identifier` of the region being entered.
      public var identifier: String
      /// The timestamp of the fix that started the dwell.
      public var since: Date

      /// Creates a pending entry for the region `identifier`, dwelling since `since`.
      public init(identifier: String, since: Date) {
        self.identifier = identifier
        self.since = since
      }
    }

    /// Every monitored region, sorted by identifier.
    public var regions: [Region]
    /// Identifiers of the regions the device is inside, sorted.
    public var inside: [String]
    /// Regions waiting out the dwell time, sorted by identifier.
    public var pendingEntries: [PendingEntry]
    /// Identifiers of regions whose state is unknown although a fix is known, sorted.
    /// Without ``lastFix`` every region is unknown.
    public var unknown: [String]
    /// The last fix that could change any state.
    public var lastFix: Location?

    /// Creates a snapshot; only `regions` is required, and without `lastFix` every region restores
    /// as unknown.
    public init(
      regions: [Region], inside: [String] = [], pendingEntries: [PendingEntry] = [],
      unknown: [String] = [], lastFix: Location? = nil
    ) {
      self.regions = regions
      self.inside = inside
      self.pendingEntries = pendingEntries
      self.unknown = unknown
      self.lastFix = lastFix
    }
  }

  /// The state to persist; restore it with ``init(restoring:configuration:)``.
  public var snapshot: Snapshot {
    var since: [Int32: Date] = [:]
    for entry in pending { since[entry.slot] = entry.since }
    var inside: [String] = []
    var pendingEntries: [Snapshot.PendingEntry] = []
    var unknown: [String] = []
    for slot in regions.indices {
      let identifier = regions[slot].identifier
      switch states[slot] {
      case .inside, .insideSeen: inside.append(identifier)
      case .entering:
        pendingEntries.append(
          .init(identifier: identifier, since: since[Int32(slot)] ?? .distantPast))
      case .unknown where lastFix != nil: unknown.append(identifier)
      case .unknown, .outside: break
      }
    }
    return Snapshot(
      regions: monitoredRegions, inside: inside.sorted(),
      pendingEntries: pendingEntries.sorted { $0.identifier < $1.identifier },
      unknown: unknown.sorted(), lastFix: lastFix)
  }

  /// Restores a monitor from a ``Snapshot``.
  ///
  /// Regions that `configuration` rejects (a corrupt file, a smaller maximum distance) are not
  /// monitored; ``restoreFailures(for:configuration:)`` lists them with the reason. A repeated
  /// identifier keeps its last region.
  public init(restoring snapshot: Snapshot, configuration: Configuration = .init()) {
    self.init(configuration: configuration)
    lastFix = snapshot.lastFix.flatMap { $0.horizontalAccuracy >= 0 ? $0 : nil }
    let inside = Set(snapshot.inside)
    let unknown = Set(snapshot.unknown)
    let pending = Dictionary(
      snapshot.pendingEntries.map { ($0.identifier, $0.since) }, uniquingKeysWith: { $1 })
    reserveCapacity(snapshot.regions.count)
    for region in snapshot.regions where configuration.validationError(for: region) == nil {
      if let slot = identifiers.slot(of: region.identifier, in: regions) { removeSlot(slot) }
      if lastFix == nil || unknown.contains(region.identifier) {
        insert(region, state: .unknown, regrouping: false)
      } else if inside.contains(region.identifier) {
        insert(region, state: .inside, regrouping: false)
      } else if let since = pending[region.identifier] {
        insert(region, state: .entering, since: since, regrouping: false)
      } else {
        insert(region, state: .outside, regrouping: false)
      }
    }
    index.regroupCells()
  }

  /// The regions of `snapshot` that a monitor with `configuration` would not restore, each with
  /// the reason.
  public static func restoreFailures(
    for snapshot: Snapshot, configuration: Configuration = .init()
  ) -> [(region: Region, error: RegionMonitoringError)] {
    snapshot.regions.compactMap { region in
      configuration.validationError(for: region).map { (region, $0) }
    }
  }
}
