import BearingLocation
import BearingPlaces
import BearingText
import CoffeeFinderSettings
import Foundation

/// What `coffee-finder nearby` prints: a table for people or JSON for programs.
///
/// ```swift
/// let report = NearbyReport(center: here, radius: 1_000, places: places,
///                           location: .manual(here), data: .offline(coverage))
/// print(report.table(width: 80))
/// ```
package struct NearbyReport: Equatable, Sendable {
  /// Where the search was made.
  package var center: Coordinate
  /// Metres searched around ``center``.
  package var radius: Double
  /// The results, nearest first.
  package var places: [Place]
  /// Where the location came from.
  package var location: LocationOrigin
  /// Where the places came from.
  package var data: DataOrigin
  /// The units of the table's distances (JSON is always in metres).
  package var units: MeasurementSystem
  /// The walks to the places, when streets are stored there; `nil` otherwise.
  package var walks: Walks?
  /// How the places are ordered.
  package var sort: WalkSort = .line
  /// Metres a second a walk's time is reckoned at.
  package var walkSpeed: Double = WalkingClient.defaultSpeed

  /// Creates a report.
  package init(
    center: Coordinate, radius: Double, places: [Place], location: LocationOrigin,
    data: DataOrigin, units: MeasurementSystem = .metric
  ) {
    self.center = center
    self.radius = radius
    self.places = places
    self.location = location
    self.data = data
    self.units = units
  }

  /// The human-readable table, every line at most `width` columns (at least 40); with no
  /// `width`, nothing is cut.
  package func table(width: Int? = 80) -> String {
    // Not on a terminal (a pipe, a file), nothing is cut: a saved table keeps every address.
    let limit = width.map { max(40, $0) } ?? Int.max
    var lines = [
      TerminalText.truncate(
        "Coffee within \(DistanceText.format(radius, units: units)) of \(LocationOrigin.short(center)) "
          + "(location: \(location))", width: limit)
    ]
    if places.isEmpty {
      lines.append("No coffee shops found. Try a larger --radius.")
    } else {
      // The name column is as wide as the longest name, so that distances sit beside names;
      // on a narrow terminal names give way to a third of the width for addresses.
      let longestName =
        places.map { TerminalText.columns(of: TerminalText.escape($0.name)) }
        .max().map { max(4, $0) } ?? 4
      let hasAddresses = places.contains { $0.address != nil }
      // Walks take a column of their own after the distance, out of the names' room.
      let walkTexts = places.map { walkText($0) }
      let walkWidth = walks == nil ? 0 : 2 + (walkTexts.map(\.count).max() ?? 0)
      let nameWidth: Int
      var addressWidth = 0
      if let width {
        let width = max(40, width)
        let reserved = hasAddresses && width >= 70 ? width / 3 + 2 : 0
        nameWidth = max(4, min(longestName, width - 14 - walkWidth - reserved))
        if reserved > 0 { addressWidth = width - 14 - walkWidth - nameWidth - 2 }
      } else {
        nameWidth = longestName
        addressWidth = hasAddresses ? Int.max : 0
      }
      var header =
        " #  " + "Name".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        + "  Distance"
      if walkWidth > 0, addressWidth > 0 {
        header += "  Walk".padding(toLength: walkWidth, withPad: " ", startingAt: 0)
      } else if walkWidth > 0 {
        header += "  Walk"
      }
      if addressWidth > 0 { header += "  Address" }
      lines.append(header)
      for (index, place) in places.enumerated() {
        let number = String(index + 1)
        let distance = DistanceText.format(place.distance, units: units)
        var line =
          String(repeating: " ", count: max(0, 2 - number.count)) + number + "  "
          + TerminalText.fit(place.name, width: nameWidth)
          + String(repeating: " ", count: max(1, 10 - distance.count)) + distance
        if walkWidth > 0 {
          line +=
            "  "
            + (addressWidth > 0 && place.address != nil
              ? walkTexts[index].padding(toLength: walkWidth - 2, withPad: " ", startingAt: 0)
              : walkTexts[index])
        }
        if addressWidth > 0, let address = place.address {
          line += "  " + TerminalText.truncate(address, width: addressWidth)
        }
        lines.append(line)
      }
    }
    if !places.isEmpty { lines.append(TerminalText.truncate(sortLine, width: limit)) }
    lines.append(TerminalText.truncate("Data: \(data)", width: limit))
    if let credit = data.credit { lines.append(TerminalText.truncate(credit, width: limit)) }
    return lines.joined(separator: "\n")
  }

  /// The walk column's text for `place`.
  private func walkText(_ place: Place) -> String {
    guard let length = walks?.lengths[place.id] else { return UserMessage.noWalk }
    return UserMessage.walk(length, speed: walkSpeed, units: units)
  }

  /// The footer that says how the list is ordered.
  private var sortLine: String {
    guard walks != nil else { return UserMessage.sortedByLineNoStreets }
    return sort == .walk
      ? UserMessage.sortedByWalk(speed: walkSpeed) : UserMessage.sortedByLineAsked
  }

  /// The order the list is in: by the walk only where walks are known.
  package var effectiveSort: WalkSort { walks == nil ? .line : sort }

  private struct JSONForm: Encodable {
    struct Point: Encodable {
      var latitude: Double
      var longitude: Double
    }
    struct Entry: Encodable {
      var id: String
      var name: String
      var distance: Double?
      var latitude: Double
      var longitude: Double
      var address: String?
      var categories: [String]
      var phone: String?
      var website: String?
      var source: String
    }
    var center: Point
    var radius: Double
    var locationSource: String
    var location: String
    var dataSource: String
    var data: String
    var attribution: String?
    /// "walk" or "line": how `places` is ordered.
    var sort: String
    var places: [Walked]

    /// An entry with its walk: `walk_m` and `walk_s` are always there, `null` where there is
    /// no walk (or no streets are stored).
    struct Walked: Encodable {
      var entry: Entry
      var metres: Double?
      var seconds: Double?

      enum Keys: String, CodingKey {
        case metres = "walk_m"
        case seconds = "walk_s"
      }

      func encode(to encoder: any Encoder) throws {
        try entry.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(metres, forKey: .metres)
        try container.encode(seconds, forKey: .seconds)
      }
    }
  }

  /// The JSON form: one object with `center`, `radius`, `locationSource`, `dataSource`,
  /// `attribution` and `places` (each with `id`, `name`, `distance` in metres, `latitude`,
  /// `longitude`, …) on one line, written by ``JSONLines``, so even raw JSON is safe on a
  /// terminal.
  package func json() -> String {
    let form = JSONForm(
      center: .init(
        latitude: Self.degrees(center.latitude), longitude: Self.degrees(center.longitude)),
      radius: radius, locationSource: location.kind, location: location.description,
      dataSource: data.kind, data: data.description, attribution: data.credit,
      sort: effectiveSort.rawValue,
      places: places.map { place in
        let metres = walks?.lengths[place.id].map { ($0 * 10).rounded() / 10 }
        let entry = JSONForm.Entry(
          id: place.id, name: place.name,
          distance: place.distance.map { ($0 * 10).rounded() / 10 },
          latitude: Self.degrees(place.coordinate.latitude),
          longitude: Self.degrees(place.coordinate.longitude),
          address: place.address, categories: place.categories, phone: place.phone,
          website: place.website, source: place.source.rawValue)
        return JSONForm.Walked(
          entry: entry, metres: metres, seconds: metres.map { ($0 / walkSpeed).rounded() })
      })
    // Plain strings and finite numbers always encode.
    return (try? JSONLines.line(form)) ?? "{}"
  }

  /// Degrees to 7 decimals (about a centimetre), so that JSON shows 60.1696135, not the
  /// float noise of 60.169613500000004.
  static func degrees(_ value: Double) -> Double { (value * 1e7).rounded() / 1e7 }
}
