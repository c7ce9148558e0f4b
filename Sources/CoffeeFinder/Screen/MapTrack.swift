import BearingLocation
import Foundation

/// Your recent fixes, for the map's track: the last `duration` of them by their timestamps,
/// a new point only once you have moved `spacing` metres, at most `capacity` points.
///
/// ```swift
/// var track = MapTrack()
/// track.record(fix)
/// MapMarks(track: track.points)
/// ```
package struct MapTrack: Equatable, Sendable {
  package private(set) var points: [Coordinate] = []
  private var times: [Date] = []
  package var duration: TimeInterval
  package var spacing: Double
  package var capacity: Int

  package init(duration: TimeInterval = 300, spacing: Double = 2, capacity: Int = 1_000) {
    self.duration = duration
    self.spacing = spacing
    self.capacity = capacity
  }

  /// Adds a fix, if it is far enough from the last point, and forgets what is too old.
  package mutating func record(_ fix: Location) {
    if let last = points.last, last.distance(to: fix.coordinate) < spacing {
      times[times.count - 1] = fix.timestamp
    } else {
      points.append(fix.coordinate)
      times.append(fix.timestamp)
    }
    let oldest = fix.timestamp.addingTimeInterval(-duration)
    let drop = max(times.firstIndex { $0 >= oldest } ?? times.count, points.count - capacity)
    if drop > 0 {
      points.removeFirst(drop)
      times.removeFirst(drop)
    }
  }
}
