import BearingLocation
import Foundation

/// Writes an NMEA log (GGA + RMC per fix, one fix a second) of a straight walk, for gpsfake.
enum NMEAWalk {
  /// Where ``writeCentralWalk(in:)`` ends: Töölönlahti.
  static let centralWalkEnd = Coordinate(latitude: 60.1760, longitude: 24.9420)

  /// The walk the UI's replay tests follow, from the Market Square's west end north to
  /// Töölönlahti: 1.2 km in 110 one-second fixes, written to `walk.nmea` in `directory`.
  static func writeCentralWalk(in directory: URL) throws -> URL {
    let walk = directory.appendingPathComponent("walk.nmea")
    try log(
      from: Coordinate(latitude: 60.1650, longitude: 24.9380), to: centralWalkEnd, steps: 110,
      pause: 0, date: Date(timeIntervalSince1970: 1_800_000_000)
    ).write(to: walk, atomically: true, encoding: .utf8)
    return walk
  }

  /// A walk from `start` to `end` in `steps` equal steps, beginning at `date`, after
  /// `pause` fixes standing still at `start`.
  static func log(from start: Coordinate, to end: Coordinate, steps: Int, pause: Int, date: Date)
    -> String
  {
    var sentences: [String] = []
    for index in 0..<(pause + steps + 1) {
      let fraction = Double(max(0, index - pause)) / Double(steps)
      let latitude = start.latitude + (end.latitude - start.latitude) * fraction
      let longitude = start.longitude + (end.longitude - start.longitude) * fraction
      let time = date.addingTimeInterval(Double(index))
      sentences += fix(latitude: latitude, longitude: longitude, at: time)
    }
    return sentences.joined(separator: "\r\n") + "\r\n"
  }

  static func fix(latitude: Double, longitude: Double, at date: Date) -> [String] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    let time = String(format: "%02d%02d%02d.00", parts.hour!, parts.minute!, parts.second!)
    let day = String(format: "%02d%02d%02d", parts.day!, parts.month!, parts.year! % 100)
    let lat = degreesMinutes(abs(latitude), degreeDigits: 2)
    let lon = degreesMinutes(abs(longitude), degreeDigits: 3)
    let ns = latitude >= 0 ? "N" : "S"
    let ew = longitude >= 0 ? "E" : "W"
    return [
      checksummed("GPGGA,\(time),\(lat),\(ns),\(lon),\(ew),1,09,0.9,15.0,M,18.0,M,,"),
      checksummed("GPRMC,\(time),A,\(lat),\(ns),\(lon),\(ew),2.7,0.0,\(day),,,A"),
    ]
  }

  static func degreesMinutes(_ value: Double, degreeDigits: Int) -> String {
    let degrees = Int(value)
    let minutes = (value - Double(degrees)) * 60
    return String(format: "%0\(degreeDigits)d%07.4f", degrees, minutes)
  }

  static func checksummed(_ body: String) -> String {
    let sum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
    return "$" + body + "*" + String(format: "%02X", sum)
  }
}
