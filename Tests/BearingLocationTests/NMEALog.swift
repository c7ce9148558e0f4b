import Foundation

/// Writes NMEA sentences with correct checksums, for tests.
enum NMEALog {
  static func sentence(_ body: String) -> String {
    let checksum = body.utf8.reduce(UInt8(0), ^)
    return "$" + body + "*" + String(format: "%02X", checksum)
  }

  /// `degrees` as NMEA `ddmm.mmmm` (latitude) or `dddmm.mmmm` (longitude) with a hemisphere.
  static func angle(_ degrees: Double, latitude: Bool) -> (String, String) {
    let whole = Int(abs(degrees))
    let minutes = (abs(degrees) - Double(whole)) * 60
    let text = String(format: latitude ? "%02d%07.4f" : "%03d%07.4f", whole, minutes)
    let hemisphere = latitude ? (degrees < 0 ? "S" : "N") : (degrees < 0 ? "W" : "E")
    return (text, hemisphere)
  }

  /// RMC and GGA for one epoch at `second` seconds after 12:00:00 on 2026-11-22.
  static func epoch(
    second: Int, latitude: Double, longitude: Double, fix: Bool = true, altitude: Double = 12.5,
    hdop: Double = 0.9, knots: Double = 1.5, course: Double = 45
  ) -> [String] {
    let time = String(format: "12%02d%02d.00", second / 60, second % 60)
    let (lat, ns) = angle(latitude, latitude: true)
    let (lon, ew) = angle(longitude, latitude: false)
    let rmc =
      "GPRMC,\(time),\(fix ? "A" : "V"),\(lat),\(ns),\(lon),\(ew),\(knots),\(course),221126,,,A"
    let gga =
      "GPGGA,\(time),\(lat),\(ns),\(lon),\(ew),\(fix ? 1 : 0),08,\(hdop),\(altitude),M,18.0,M,,"
    return [sentence(rmc), sentence(gga)]
  }

  /// 2026-11-22T12:00:00Z plus `second`.
  static func date(second: Int) -> Date {
    Date(timeIntervalSince1970: 1_795_348_800 + Double(second))
  }
}
