import BearingLocation

/// Which way a place is from the user: an arrow relative to the way the user is going while
/// they move with a known course, otherwise a compass point (north up).
///
/// ```swift
/// Direction.text(from: fix, to: place.coordinate)  // "NE", or "↗" while walking north
/// ```
package enum Direction {
  static let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
  static let arrows = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"]
  /// Below this speed (metres per second) a course is noise: the user is standing still.
  static let movingSpeed = 0.5

  /// The eight-point compass direction of `bearing` (degrees clockwise from north).
  package static func compassPoint(_ bearing: Double) -> String {
    points[sector(bearing)]
  }

  /// An arrow pointing to `bearing` for someone facing `course` (both in degrees clockwise
  /// from north): "↑" is straight ahead, "↓" behind.
  package static func arrow(bearing: Double, course: Double) -> String {
    arrows[sector(bearing - course)]
  }

  /// The direction from `fix` to `target`: an arrow relative to the course while moving with a
  /// valid course, a compass point otherwise; empty when they are the same point.
  package static func text(from fix: Location, to target: Coordinate) -> String {
    guard fix.coordinate.distance(to: target) >= 1 else { return "" }
    let bearing = fix.coordinate.bearing(to: target)
    if fix.course >= 0, fix.speed >= movingSpeed {
      return arrow(bearing: bearing, course: fix.course)
    }
    return compassPoint(bearing)
  }

  private static func sector(_ degrees: Double) -> Int {
    guard degrees.isFinite else { return 0 }
    var normalized = degrees.truncatingRemainder(dividingBy: 360)
    if normalized < 0 { normalized += 360 }
    return Int((normalized + 22.5) / 45) % 8
  }
}
