import Foundation

@testable import BearingLocation

extension Coordinate {
  /// The point `distance` metres from here along the great circle with initial `bearing`
  /// (degrees clockwise from north); longitude normalised to −180…180.
  func moved(by distance: Double, bearing: Double) -> Coordinate {
    let δ = distance / Coordinate.earthRadius
    let θ = bearing * .pi / 180
    let φ1 = latitude * .pi / 180
    let λ1 = longitude * .pi / 180
    let φ2 = asin(min(1, max(-1, sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ))))
    let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2))
    var longitude = λ2 * 180 / .pi
    longitude = (longitude + 540).truncatingRemainder(dividingBy: 360) - 180
    return Coordinate(
      latitude: min(90, max(-90, φ2 * 180 / .pi)), longitude: min(180, max(-180, longitude)))
  }
}

func fix(
  _ coordinate: Coordinate, accuracy: Double = 5, at seconds: TimeInterval = 0
) -> Location {
  Location(
    coordinate: coordinate, horizontalAccuracy: accuracy,
    timestamp: Date(timeIntervalSince1970: 1_700_000_000 + seconds))
}
