import Foundation

/// Finds visits in a stream of fixes: a stay within ``radius`` metres for at least
/// ``minimumDuration`` of the fixes' own time.
///
/// Time comes from the fixes' timestamps, never the wall clock, so a replayed track yields the
/// same visits at any speed.
///
/// ```swift
/// var detector = VisitDetector(radius: 100, minimumDuration: 300)
/// for fix in fixes { for visit in detector.update(with: fix) { print(visit) } }
/// ```
public struct VisitDetector: Sendable, Equatable {
  /// Metres a stay may spread from its first fix.
  public var radius: Double
  /// Seconds a stay must last before it counts as a visit.
  public var minimumDuration: TimeInterval

  private var anchor: Location?
  private var latitudeSum = 0.0
  private var longitudeSum = 0.0
  private var count = 0
  private var spread = 0.0
  private var lastInside: Date?
  private var reported = false

  /// Creates a detector.
  public init(radius: Double = 100, minimumDuration: TimeInterval = 300) {
    self.radius = radius
    self.minimumDuration = minimumDuration
  }

  /// Feeds one fix; returns an arrival visit when a stay first lasts long enough, and a
  /// departure visit when a reported stay ends.
  public mutating func update(with fix: Location) -> [Visit] {
    guard fix.horizontalAccuracy >= 0 else { return [] }
    guard let anchor else {
      begin(at: fix)
      return []
    }
    let distance = anchor.coordinate.distance(to: fix.coordinate)
    if distance <= radius {
      latitudeSum += fix.coordinate.latitude
      longitudeSum += Self.wrapped(fix.coordinate.longitude - anchor.coordinate.longitude)
      count += 1
      spread = max(spread, distance)
      lastInside = fix.timestamp
      let lasted = fix.timestamp.timeIntervalSince(anchor.timestamp)
      if !reported, lasted >= minimumDuration {
        reported = true
        return [visit(departure: .distantFuture)]
      }
      return []
    }
    var visits: [Visit] = []
    if reported, let lastInside {
      visits.append(visit(departure: lastInside))
    }
    begin(at: fix)
    return visits
  }

  private mutating func begin(at fix: Location) {
    anchor = fix
    latitudeSum = fix.coordinate.latitude
    longitudeSum = 0
    count = 1
    spread = 0
    lastInside = fix.timestamp
    reported = false
  }

  /// `degrees` brought into −180…180.
  static func wrapped(_ degrees: Double) -> Double {
    var value = degrees.truncatingRemainder(dividingBy: 360)
    if value > 180 { value -= 360 }
    if value < -180 { value += 360 }
    return value
  }

  private func visit(departure: Date) -> Visit {
    let n = Double(count)
    // Longitudes are summed as offsets from the anchor so that a stay across the antimeridian
    // averages to a point near it, not to the other side of the Earth.
    let anchorLongitude = anchor?.coordinate.longitude ?? 0
    let center = Coordinate(
      latitude: latitudeSum / n, longitude: Self.wrapped(anchorLongitude + longitudeSum / n))
    return Visit(
      arrivalDate: anchor?.timestamp ?? .distantPast,
      departureDate: departure,
      coordinate: center,
      horizontalAccuracy: max(spread, anchor?.horizontalAccuracy ?? 0)
    )
  }
}
