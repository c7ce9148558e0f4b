import BearingLocation
import Foundation

/// Places coordinates on a viewport's dot grid: an orthographic projection onto the plane that
/// touches the sphere at the viewport's centre, north up.
///
/// It works from unit vectors, so nothing changes at the antimeridian (longitudes 179.99 and
/// −179.99 are neighbours) and nothing degenerates near a pole, where an equirectangular map
/// would stretch east–west without bound. At a pole itself "north" is the direction of the
/// centre's own meridian beyond the pole. Points on the far hemisphere have no position.
struct MapProjection: Sendable {
  private let cx, cy, cz: Double
  private let ex, ey: Double
  private let nx, ny, nz: Double
  /// Dots per metre on the sphere of `Coordinate.earthRadius`, folded into one factor.
  private let dotsPerUnit: Double
  let originX: Double
  let originY: Double

  init(_ viewport: MapViewport) {
    let φ = viewport.center.latitude * .pi / 180
    let λ = viewport.center.longitude * .pi / 180
    (cx, cy, cz) = (cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
    (ex, ey) = (-sin(λ), cos(λ))
    (nx, ny, nz) = (-sin(φ) * cos(λ), -sin(φ) * sin(λ), cos(φ))
    dotsPerUnit = Coordinate.earthRadius / viewport.metresPerDot
    // The centre is the middle of a dot, never a dot's edge, where rounding would put a mark
    // at the centre in one cell or its neighbour by turns.
    originX = Double(viewport.dotColumns / 2) + 0.5
    originY = Double(viewport.dotRows / 2) + 0.5
  }

  /// The dot position of a point in degrees (x right, y down, fractional), or `nil` on the far
  /// hemisphere.
  @inline(__always)
  func project(latitude: Double, longitude: Double) -> (x: Double, y: Double)? {
    let φ = latitude * .pi / 180
    let λ = longitude * .pi / 180
    let cosφ = cos(φ)
    let px = cosφ * cos(λ)
    let py = cosφ * sin(λ)
    let pz = sin(φ)
    guard px * cx + py * cy + pz * cz > 0 else { return nil }
    let east = px * ex + py * ey
    let north = px * nx + py * ny + pz * nz
    return (originX + east * dotsPerUnit, originY - north * dotsPerUnit)
  }

  func project(_ coordinate: Coordinate) -> (x: Double, y: Double)? {
    project(latitude: coordinate.latitude, longitude: coordinate.longitude)
  }
}
