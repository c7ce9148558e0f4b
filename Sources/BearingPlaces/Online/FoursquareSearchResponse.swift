/// The body of `GET /places/search` in the Foursquare Places API (version 2025-06-17).
///
/// Only the fields Bearing uses are decoded; the rest are ignored. Everything but the id and
/// name is optional, because the API leaves out fields it has no data for.
struct FoursquareSearchResponse: Decodable, Sendable {
  var results: [Result]

  /// One place.
  struct Result: Decodable, Sendable {
    var fsqPlaceID: String
    var name: String
    var latitude: Double?
    var longitude: Double?
    /// Metres from the query's `ll`.
    var distance: Double?
    var categories: [Category]?
    var location: Location?
    var tel: String?
    var website: String?
    var hours: Hours?

    enum CodingKeys: String, CodingKey {
      case fsqPlaceID = "fsq_place_id"
      case name, latitude, longitude, distance, categories, location, tel, website, hours
    }
  }

  /// A place's opening hours: `regular` has one entry per opening, `day` 1 (Monday) to 7
  /// (Sunday), `open` and `close` as `HHMM`; a close at or before the open (or written `+HHMM`)
  /// is on the next day.
  struct Hours: Decodable, Sendable {
    struct Opening: Decodable, Sendable {
      var day: Int
      var open: String
      var close: String
    }
    var regular: [Opening]?

    /// The hours as an OpenStreetMap `opening_hours` value, days with the same times joined
    /// into ranges: `Mo-Fr 07:00-18:00, Sa 09:00-16:00`. Nil when there are none, or when an
    /// entry is not a day and two times (the app then says nothing rather than guess).
    var openingHours: String? {
      guard let regular, !regular.isEmpty else { return nil }
      var days = Array(repeating: [(Int, String)](), count: 7)
      for opening in regular {
        guard (1...7).contains(opening.day), let open = Self.minutes(opening.open),
          var close = Self.minutes(opening.close)
        else { return nil }
        if close <= open { close += 1440 }
        // Midnight at the end is the day's end, 24:00, so that 00:00-24:00 is the whole day.
        let end = close % 1440 == 0 ? "24:00" : Self.clock(close % 1440)
        days[opening.day - 1].append((open % 1440, Self.clock(open % 1440) + "-" + end))
      }
      let times = days.map { $0.sorted { $0.0 < $1.0 }.map(\.1).joined(separator: ",") }
      let names = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
      var rules: [String] = []
      var start = 0
      while start < 7 {
        var end = start
        while end + 1 < 7, times[end + 1] == times[start] { end += 1 }
        if !times[start].isEmpty {
          let range = start == end ? names[start] : names[start] + "-" + names[end]
          rules.append(range + " " + times[start])
        }
        start = end + 1
      }
      // Joined as additional rules (`,`), not `;`: a `;` rule for Sunday would take back the
      // hours Saturday's opening runs past midnight into Sunday.
      return rules.isEmpty ? nil : rules.joined(separator: ", ")
    }

    /// Minutes since midnight of `HHMM` (`+HHMM`: the next day's).
    static func minutes(_ text: String) -> Int? {
      let nextDay = text.hasPrefix("+")
      let digits = nextDay ? text.dropFirst() : Substring(text)
      guard digits.count == 4, digits.allSatisfy(\.isASCII), let value = Int(digits),
        value / 100 <= 24, value % 100 < 60
      else { return nil }
      return (value / 100) * 60 + value % 100 + (nextDay ? 1440 : 0)
    }

    static func clock(_ minutes: Int) -> String {
      let hour = minutes / 60
      let minute = minutes % 60
      return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
  }

  /// A category of a place.
  struct Category: Decodable, Sendable {
    var fsqCategoryID: String?
    var name: String

    enum CodingKeys: String, CodingKey {
      case fsqCategoryID = "fsq_category_id"
      case name
    }
  }

  /// A place's postal address.
  struct Location: Decodable, Sendable {
    var address: String?
    var locality: String?
    var postcode: String?
    var country: String?
    var formattedAddress: String?

    enum CodingKeys: String, CodingKey {
      case address, locality, postcode, country
      case formattedAddress = "formatted_address"
    }

    /// `formatted_address`, or the address and locality when the API gave no formatted one.
    var oneLine: String? {
      if let formattedAddress, !formattedAddress.isEmpty { return formattedAddress }
      let parts = [address, [postcode, locality].compactMap { $0 }.joined(separator: " ")]
        .compactMap { $0 }.filter { !$0.isEmpty }
      return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
  }
}
