import Foundation

/// Identifies the beacons to range, as `CLBeaconIdentityConstraint`.
///
/// Linux offers no beacon ranging (``LocationManager/isRangingAvailable`` is false); the type
/// exists so that the ``LocationManager/Action`` enum mirrors every Core Location event.
public struct BeaconIdentityConstraint: Hashable, Sendable, Codable {
  public var uuid: UUID
  public var major: UInt16?
  public var minor: UInt16?

  /// Creates a constraint.
  public init(uuid: UUID, major: UInt16? = nil, minor: UInt16? = nil) {
    self.uuid = uuid
    self.major = major
    self.minor = minor
  }
}

/// A ranged beacon, as `CLBeacon`.
public struct Beacon: Hashable, Sendable, Codable {
  /// How near the beacon seems.
  public enum Proximity: String, Hashable, Sendable, Codable {
    case unknown, immediate, near, far
  }

  public var uuid: UUID
  public var major: UInt16
  public var minor: UInt16
  public var proximity: Proximity
  /// Metres; negative when unknown.
  public var accuracy: Double
  /// Received signal strength in decibel-milliwatts.
  public var rssi: Int
  public var timestamp: Date

  /// Creates a beacon reading.
  public init(
    uuid: UUID, major: UInt16, minor: UInt16, proximity: Proximity, accuracy: Double, rssi: Int,
    timestamp: Date
  ) {
    self.uuid = uuid
    self.major = major
    self.minor = minor
    self.proximity = proximity
    self.accuracy = accuracy
    self.rssi = rssi
    self.timestamp = timestamp
  }
}
