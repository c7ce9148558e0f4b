/// Calendar arithmetic shared by the parsers of timestamps (NMEA here, gpsd's ISO 8601 in
/// BearingGPSD), without Foundation's calendars on the hot path.
package enum CivilDate {
  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  ///
  /// ```swift
  /// CivilDate.daysSince1970(year: 2000, month: 3, day: 1)  // 11_017
  /// ```
  package static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The days of `month` (1…12) in `year`: 28 to 31.
  ///
  /// ```swift
  /// CivilDate.days(inMonth: 2, of: 2028)  // 29
  /// ```
  package static func days(inMonth month: Int, of year: Int) -> Int {
    let next = month == 12 ? (year + 1, 1) : (year, month + 1)
    return daysSince1970(year: next.0, month: next.1, day: 1)
      - daysSince1970(year: year, month: month, day: 1)
  }
}
