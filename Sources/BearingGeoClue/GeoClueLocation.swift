import BearingLocation
import Foundation

/// Turns the properties of a GeoClue `Location` object into a ``Location``.
///
/// GeoClue marks what it does not know with sentinels: altitude `-G_MAXDOUBLE`, speed and
/// heading `-1`. Those become Core Location's "unknown": a negative vertical accuracy, speed
/// or course.
enum GeoClueLocation {
  /// The fix, or `nil` when the latitude or longitude is missing or not a coordinate.
  static func location(from properties: [String: BusValue]) -> Location? {
    guard let latitude = properties["Latitude"]?.double,
      let longitude = properties["Longitude"]?.double,
      let coordinate = try? Coordinate(validatingLatitude: latitude, longitude: longitude)
    else { return nil }
    var fix = Location(coordinate: coordinate)
    let accuracy = properties["Accuracy"]?.double ?? -1
    fix.horizontalAccuracy = accuracy.isFinite && accuracy >= 0 ? accuracy : -1
    // GeoClue gives no vertical accuracy: a known altitude keeps -1 there, as a gpsd fix
    // without `epv` does.
    if let altitude = properties["Altitude"]?.double, altitude.isFinite,
      altitude > -Double.greatestFiniteMagnitude
    {
      fix.altitude = altitude
      fix.ellipsoidalAltitude = altitude
    }
    let speed = properties["Speed"]?.double ?? -1
    fix.speed = speed.isFinite && speed >= 0 ? speed : -1
    let heading = properties["Heading"]?.double ?? -1
    fix.course = heading.isFinite && heading >= 0 && heading < 360 ? heading : -1
    if case .structure(let parts)? = properties["Timestamp"], parts.count == 2,
      let seconds = parts[0].uint64, let microseconds = parts[1].uint64
    {
      fix.timestamp = Date(
        timeIntervalSince1970: Double(seconds) + Double(microseconds) / 1_000_000)
    } else {
      fix.timestamp = Date()
      fix.timestampSource = .receipt
    }
    return fix
  }
}
