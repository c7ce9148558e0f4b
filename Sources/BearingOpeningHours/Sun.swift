import Foundation

/// Where a place is, for its sun events.
public struct Coordinates: Hashable, Sendable {
  /// Degrees north of the equator.
  public var latitude: Double
  /// Degrees east of Greenwich.
  public var longitude: Double

  /// Creates coordinates from degrees.
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// The sunrise equation: the times the sun's centre crosses an altitude on a day, from the
/// sun's mean anomaly, the equation of the centre and the equation of time (accurate to a
/// minute or so at mid latitudes, which is what opening hours need).
enum Sun {
  static let radians = Double.pi / 180

  /// The instant (seconds since 1970-01-01 UTC) of `event` on `date` at `coordinates`; nil when
  /// the sun does not reach the event's altitude that day (polar day or night).
  static func event(_ event: SunEvent, on date: LocalDate, at coordinates: Coordinates) -> Double? {
    // Sunrise and sunset: the upper limb at the horizon, with refraction (-0.833°); dawn and
    // dusk: civil twilight (-6°).
    let altitude = (event == .sunrise || event == .sunset) ? -0.833 : -6.0
    // Days since 2000-01-01 12:00 UTC of the date's mean solar noon at this longitude.
    let n = Double(date.dayNumber - 10_957)
    let meanNoon = n - coordinates.longitude / 360
    let anomaly = (357.5291 + 0.985_600_28 * meanNoon).truncatingRemainder(dividingBy: 360)
    let m = anomaly * radians
    let centre = 1.9148 * sin(m) + 0.0200 * sin(2 * m) + 0.0003 * sin(3 * m)
    let longitude =
      (anomaly + centre + 180 + 102.9372).truncatingRemainder(dividingBy: 360) * radians
    let transit = meanNoon + 0.0053 * sin(m) - 0.0069 * sin(2 * longitude)
    let declination = asin(sin(longitude) * sin(23.4397 * radians))
    let latitude = coordinates.latitude * radians
    let cosHourAngle =
      (sin(altitude * radians) - sin(latitude) * sin(declination))
      / (cos(latitude) * cos(declination))
    guard cosHourAngle >= -1, cosHourAngle <= 1 else { return nil }
    let hourAngle = acos(cosHourAngle) / radians / 360
    let day = event.isMorning ? transit - hourAngle : transit + hourAngle
    // Day 0 is 2000-01-01 12:00 UTC, 946,728,000 s after 1970-01-01.
    return 946_728_000 + day * 86_400
  }

  /// The local time of day, in minutes, of `event` on `date`: the reference evaluator's fixed
  /// times without coordinates (dawn 06:00, sunrise 07:00, sunset 19:00, dusk 20:00).
  static func minutes(
    _ event: SunEvent, on date: LocalDate, at coordinates: Coordinates?, in timeZone: TimeZone
  ) -> Int? {
    guard let coordinates else {
      switch event {
      case .dawn: return 6 * 60
      case .sunrise: return 7 * 60
      case .sunset: return 19 * 60
      case .dusk: return 20 * 60
      }
    }
    guard let instant = Self.event(event, on: date, at: coordinates) else { return nil }
    let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: instant))
    let local = Int((instant + Double(offset)).rounded(.down))
    let minute = (local / 60) % 1440
    return minute < 0 ? minute + 1440 : minute
  }
}
