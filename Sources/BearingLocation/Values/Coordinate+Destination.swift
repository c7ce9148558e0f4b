import Foundation

extension Coordinate {
  /// The point reached by travelling `distance` metres from here on the initial `bearing`
  /// (degrees clockwise from true north), along a great circle of the same sphere as
  /// ``distance(to:)``.
  ///
  /// ```swift
  /// let north = origin.destination(bearing: 0, distance: 100)
  /// ```
  public func destination(bearing: Double, distance: Double) -> Coordinate {
    let δ = distance / Self.earthRadius
    let θ = bearing * .pi / 180
    let φ1 = latitude * .pi / 180
    let λ1 = longitude * .pi / 180
    let sinφ2 = sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ)
    let φ2 = asin(max(-1, min(1, sinφ2)))
    let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sinφ2)
    let latitude = max(-90, min(90, φ2 * 180 / .pi))
    let longitude = VisitDetector.wrapped(λ2 * 180 / .pi)
    return Coordinate(latitude: latitude, longitude: longitude)
  }
}
