/// A circular geographic region to monitor, as `CLCircularRegion` is on Apple platforms.
///
/// Monitoring a region whose ``identifier`` is already monitored replaces it.
///
/// ```swift
/// let ekberg = Region(
///   identifier: "cafe-ekberg", center: .init(latitude: 60.1632, longitude: 24.9393), radius: 150)
/// ```
public struct Region: Hashable, Sendable, Codable, Identifiable {
  public var identifier: String
  public var center: Coordinate
  /// Metres.
  public var radius: Double
  public var notifyOnEntry: Bool
  public var notifyOnExit: Bool

  public var id: String { identifier }

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
  case unknown
  case inside
  case outside
}
