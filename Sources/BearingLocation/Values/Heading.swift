import Foundation

/// Which way the device points, as `CLHeading` reports it.
///
/// Linux has no compass source, so the live and simulated backends never produce one; the type
/// exists so that features written against ``LocationManager`` compile and test unchanged.
///
/// ```swift
/// let north = Heading(magneticHeading: 3, trueHeading: 0, headingAccuracy: 5)
/// ```
public struct Heading: Hashable, Sendable, Codable {
  /// Degrees clockwise from magnetic north, 0..<360.
  public var magneticHeading: Double
  /// Degrees clockwise from true north; negative when unknown.
  public var trueHeading: Double
  /// Maximum deviation in degrees; negative when the heading is invalid.
  public var headingAccuracy: Double
  /// When the heading was measured.
  public var timestamp: Date

  /// Creates a heading.
  public init(
    magneticHeading: Double,
    trueHeading: Double = -1,
    headingAccuracy: Double = -1,
    timestamp: Date = Date(timeIntervalSince1970: 0)
  ) {
    self.magneticHeading = magneticHeading
    self.trueHeading = trueHeading
    self.headingAccuracy = headingAccuracy
    self.timestamp = timestamp
  }
}
