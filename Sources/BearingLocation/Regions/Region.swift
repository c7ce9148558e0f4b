/// A circular geographic region to monitor, as `CLCircularRegion` is on Apple platforms.
///
/// Monitoring a region whose ``identifier`` is already monitored replaces it.
///
/// ```swift
/// let ekberg = Region(
///   identifier: "cafe-ekberg", center: .init(latitude: 60.1632, longitude: 24.9393), radius: 150)
/// ```
public struct Region: Hashable, Sendable, Codable, Identifiable {
  /// The region's key: monitoring another region with the same identifier replaces this one.
  public var identifier: String
  /// The centre of the circle.
  public var center: Coordinate
  /// Metres.
  public var radius: Double
  /// Whether entering the region is reported as `didEnterRegion`.
  public var notifyOnEntry: Bool
  /// Whether leaving the region is reported as `didExitRegion`.
  public var notifyOnExit: Bool

  /// The `identifier`, so that a region with a new centre or radius keeps its identity.
  public var id: String { identifier }

  /// Creates a region of `radius` metres around `center` that reports entries and exits unless
  /// told not to.
  public init(
    identifier: String,
    center: Coordinate,
    radius: Double,
    notifyOnEntry: Bool = true,
    notifyOnExit: Bool = true
  ) {
    self.identifier = identifier
    self.center = center
    self.radius = radius
    self.notifyOnEntry = notifyOnEntry
    self.notifyOnExit = notifyOnExit
  }

  /// Whether `coordinate` lies within the circle (great-circle distance, no hysteresis).
  public func contains(_ coordinate: Coordinate) -> Bool {
    center.distance(to: coordinate) <= radius
  }
}

/// Where the device is relative to a region.
public enum RegionState: String, Hashable, Sendable, Codable {
  /// Not known yet: no fix, or none accurate enough for the region's radius.
  case unknown
  /// Inside the region, as the monitor judges it: entered (past the entry margin, and after
  /// the dwell time when one is set) and not yet left.
  case inside
  /// Outside the region, as the monitor judges it: not entered yet, or left past the exit
  /// margin.
  case outside
}
