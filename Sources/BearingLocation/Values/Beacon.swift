import Foundation

/// Identifies the beacons to range, as `CLBeaconIdentityConstraint`.
///
/// Linux offers no beacon ranging (``LocationManager/isRangingAvailable`` is false); the type
/// exists so that the ``LocationManager/Action`` enum mirrors every Core Location event.
public struct BeaconIdentityConstraint: Hashable, Sendable, Codable {
  /// The proximity UUID every matching beacon shares.
  public var uuid: UUID
  /// The major value to match, or `nil` to match any.
  public var major: UInt16?
  /// The minor value to match, or `nil` to match any.
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
    /// Not known, right next to the device, close by, or further away, as `CLProximity`.
    case unknown, immediate, near, far
  }

  /// The beacon's proximity UUID.
  public var uuid: UUID
  /// The beacon's major value, which groups beacons under one UUID.
  public var major: UInt16
  /// The beacon's minor value, which tells beacons of one major value apart.
  public var minor: UInt16
  /// How near the beacon seems, in coarse steps.
  public var proximity: Proximity
  /// Metres; negative when unknown.
  public var accuracy: Double
  /// Received signal strength in decibel-milliwatts.
  public var rssi: Int
  /// When the beacon was ranged.
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
