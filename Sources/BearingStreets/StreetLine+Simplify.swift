import BearingLocation
import Foundation

extension StreetLine {
  /// The line with the vertices that move it less than `tolerance` metres left out
  /// (Douglas–Peucker, in metres on a plane through the line's first point); the ends are
  /// always kept.
  ///
  /// ```swift
  /// let street = StreetLine(kind: .minor, points: gpsTrace).simplified(tolerance: 1)
  /// ```
  public func simplified(tolerance: Double = 1) -> StreetLine {
    guard points.count > 2 else { return self }
    let origin = points[0]
    let metresPerDegree = Coordinate.earthRadius * .pi / 180
    let cosine = cos(origin.latitude * .pi / 180)
    let plane = points.map { point -> (Double, Double) in
      var east = point.longitude - origin.longitude
      if east > 180 { east -= 360 } else if east < -180 { east += 360 }
      return (east * metresPerDegree * cosine, (point.latitude - origin.latitude) * metresPerDegree)
    }
    var keep = Array(repeating: false, count: points.count)
    keep[0] = true
    keep[points.count - 1] = true
    var pending = [(0, points.count - 1)]
    while let (first, last) = pending.popLast() {
      let (ax, ay) = plane[first]
      let (dx, dy) = (plane[last].0 - ax, plane[last].1 - ay)
      let lengthSquared = dx * dx + dy * dy
      var worst = 0.0
      var worstIndex: Int?
      for index in first + 1..<last {
        let (px, py) = (plane[index].0 - ax, plane[index].1 - ay)
        let t = lengthSquared == 0 ? 0 : max(0, min(1, (px * dx + py * dy) / lengthSquared))
        let distance = ((px - t * dx) * (px - t * dx) + (py - t * dy) * (py - t * dy)).squareRoot()
        if distance > worst {
          worst = distance
          worstIndex = index
        }
      }
      if let worstIndex, worst > tolerance {
        keep[worstIndex] = true
        pending += [(first, worstIndex), (worstIndex, last)]
      }
    }
    return StreetLine(kind: kind, points: zip(points, keep).filter(\.1).map(\.0))
  }
}
