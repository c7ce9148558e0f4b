/// Why a ``RegionMonitor`` refused to monitor a region.
///
/// Every case names the offending value so that the message can be shown or logged as is.
public enum RegionMonitoringError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The identifier is empty; identifiers are how regions are replaced and removed.
  case emptyIdentifier
  /// The radius is NaN or infinite.
  case radiusNotFinite(Double)
  /// The radius is zero or negative.
  case radiusNotPositive(Double)
  /// The radius is larger than the monitor's ``RegionMonitor/Configuration/maximumRegionMonitoringDistance``.
  case radiusBeyondMaximum(radius: Double, maximum: Double)
  /// The center is not a valid coordinate.
  case invalidCenter(CoordinateError)

  /// A sentence naming the offending value, such as "the region's radius 0.0 m is not greater
  /// than zero".
  public var description: String {
    switch self {
    case .emptyIdentifier:
      "the region's identifier is empty"
    case .radiusNotFinite(let radius):
      "the region's radius \(radius) is not a finite number"
    case .radiusNotPositive(let radius):
      "the region's radius \(radius) m is not greater than zero"
    case .radiusBeyondMaximum(let radius, let maximum):
      "the region's radius \(radius) m exceeds the maximum monitoring distance \(maximum) m"
    case .invalidCenter(let error):
      "the region's center is invalid: \(error)"
    }
  }
}
