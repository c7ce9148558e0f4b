import BearingLocation
import Foundation

/// gpsd's timestamps: ISO 8601 in UTC, `2026-11-22T12:00:00.000Z`, read without a formatter.
enum GPSDTime {
  /// The date, or nil when `bytes` is not `YYYY-MM-DDTHH:MM:SS[.fraction]Z`.
  static func parse<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> Date?
  where Bytes.Element == UInt8, Bytes.Index == Int {
    let s = bytes.startIndex
    guard bytes.count >= 20, bytes[s + 4] == UInt8(ascii: "-"), bytes[s + 7] == UInt8(ascii: "-"),
      bytes[s + 10] == UInt8(ascii: "T"), bytes[s + 13] == UInt8(ascii: ":"),
      bytes[s + 16] == UInt8(ascii: ":"), bytes[bytes.endIndex - 1] == UInt8(ascii: "Z"),
      let year = number(bytes, s, 4), let month = number(bytes, s + 5, 2),
      let day = number(bytes, s + 8, 2), let hour = number(bytes, s + 11, 2),
      let minute = number(bytes, s + 14, 2), let second = number(bytes, s + 17, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
    else { return nil }
    var fraction = 0.0
    var i = s + 19
    if bytes[i] == UInt8(ascii: ".") {
      i += 1
      var scale = 0.1
      while i < bytes.endIndex - 1 {
        let digit = bytes[i]
        guard digit >= 0x30, digit <= 0x39 else { return nil }
        fraction += Double(digit - 0x30) * scale
        scale /= 10
        i += 1
      }
    } else if i != bytes.endIndex - 1 {
      return nil
    }
    let days = CivilDate.daysSince1970(year: year, month: month, day: day)
    let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second) + fraction
    return Date(timeIntervalSince1970: seconds)
  }

  private static func number<Bytes: RandomAccessCollection>(
    _ bytes: Bytes, _ start: Int, _ count: Int
  ) -> Int? where Bytes.Element == UInt8, Bytes.Index == Int {
    var value = 0
    for i in start..<start + count {
      let digit = bytes[i]
      guard digit >= 0x30, digit <= 0x39 else { return nil }
      value = value * 10 + Int(digit - 0x30)
    }
    return value
  }
}
