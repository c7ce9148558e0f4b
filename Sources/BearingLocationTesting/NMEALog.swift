import Foundation

/// Writes NMEA sentences with correct checksums, for tests.
public enum NMEALog {
  /// `body` (without `$` and `*`) framed as a sentence: `$body*CS`, where CS is the XOR of its
  /// bytes in two hex digits.
  public static func sentence(_ body: String) -> String {
    let checksum = body.utf8.reduce(UInt8(0), ^)
    return "$" + body + "*" + String(format: "%02X", checksum)
  }

  /// `degrees` as NMEA `ddmm.mmmm` (latitude) or `dddmm.mmmm` (longitude) with a hemisphere.
  public static func angle(_ degrees: Double, latitude: Bool) -> (String, String) {
    let whole = Int(abs(degrees))
    let minutes = (abs(degrees) - Double(whole)) * 60
    let text = String(format: latitude ? "%02d%07.4f" : "%03d%07.4f", whole, minutes)
    let hemisphere = latitude ? (degrees < 0 ? "S" : "N") : (degrees < 0 ? "W" : "E")
    return (text, hemisphere)
  }

  /// RMC, GGA and GSA for one epoch at `second` seconds after 12:00:00 on 2026-11-22. Without
  /// a fix the position fields are empty, as receivers send them.
  public static func epoch(
    second: Int, latitude: Double, longitude: Double, fix: Bool = true, altitude: Double = 12.5,
    hdop: Double = 0.9, knots: Double = 1.5, course: Double = 45
  ) -> [String] {
    let time = String(format: "12%02d%02d.00", second / 60, second % 60)
    guard fix else {
      return [
        sentence("GPRMC,\(time),V,,,,,,,221126,,,N"),
        sentence("GPGGA,\(time),,,,,0,00,99.99,,,,,,"),
        sentence("GPGSA,A,1,,,,,,,,,,,,,99.99,99.99,99.99"),
      ]
    }
    let (lat, ns) = angle(latitude, latitude: true)
    let (lon, ew) = angle(longitude, latitude: false)
    let position = "\(lat),\(ns),\(lon),\(ew)"
    return [
      sentence("GPRMC,\(time),A,\(position),\(knots),\(course),221126,,,A"),
      sentence("GPGGA,\(time),\(position),1,08,\(hdop),\(altitude),M,18.0,M,,"),
      sentence("GPGSA,A,3,01,02,03,04,05,06,07,08,,,,,1.8,\(hdop),1.5"),
    ]
  }

  /// 2026-11-22T12:00:00Z plus `second`.
  public static func date(second: Int) -> Date {
    Date(timeIntervalSince1970: 1_795_348_800 + Double(second))
  }
}
