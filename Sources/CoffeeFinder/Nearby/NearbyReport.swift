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
  /// The zone (and fixed moment, if any) the hours are read in.
  package var clock: HoursClock
  /// When the report was made: the hours are read at ``clock``'s fixed time, else at this.
  package var now: Date
  /// With `--open-now`: how many places found were left out for being closed or for hours not
  /// known.
  package var leftOut: OpenNowFilter.LeftOut?
  /// The walks to the places, when streets are stored there; `nil` otherwise.
  package var walks: Walks?
  /// How the places are ordered.
  package var sort: WalkSort = .line
  /// Metres a second a walk's time is reckoned at.
  package var walkSpeed: Double = WalkingClient.defaultSpeed

  /// Creates a report.
  package init(
    center: Coordinate, radius: Double, places: [Place], location: LocationOrigin,
    data: DataOrigin, units: MeasurementSystem = .metric, clock: HoursClock = HoursClock(),
    now: Date = Date(), leftOut: OpenNowFilter.LeftOut? = nil
  ) {
    self.center = center
    self.radius = radius
    self.places = places
    self.location = location
    self.data = data
    self.units = units
    self.clock = clock
    self.now = now
    self.leftOut = leftOut
  }

  /// Each place's opening hours at the moment asked about, in the order of ``places``.
  package var hours: [PlaceHours] {
    let instant = clock.instant(now: now)
    return places.map { PlaceHours($0, at: instant, clock: clock) }
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
    if places.isEmpty, let leftOut, leftOut.closed + leftOut.unknown > 0 {
      lines.append("None of the cafés found is open now.")
    } else if places.isEmpty {
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
      // The hours column is as wide as its longest phrase; it gives way before names do.
      let hours = hours
      // A comment or an unreadable value is cut to 32 columns on a terminal, whole in a pipe.
      let longestHours = hours.map { TerminalText.columns(of: $0.summary) }.max() ?? 0
      var hoursWidth = longestHours > 0 ? min(max(5, longestHours), width == nil ? .max : 32) : 0
      if let width, max(40, width) - 14 - walkWidth - (hoursWidth + 2) < 16 { hoursWidth = 0 }
      let hoursRoom = hoursWidth > 0 ? hoursWidth + 2 : 0
      let nameWidth: Int
      var addressWidth = 0
      if let width {
        let width = max(40, width)
        let reserved =
          hasAddresses && width - hoursRoom - walkWidth >= 70 ? width / 3 + 2 : 0
        nameWidth = max(4, min(longestName, width - 14 - walkWidth - hoursRoom - reserved))
        if reserved > 0 { addressWidth = width - 14 - walkWidth - hoursRoom - nameWidth - 2 }
      } else {
        nameWidth = longestName
        addressWidth = hasAddresses ? Int.max : 0
      }
      var header =
        " #  " + "Name".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        + "  Distance"
      // Every column but the last is padded; no line ends in spaces.
      if walkWidth > 0 {
        header += "  " + "Walk".padding(toLength: walkWidth - 2, withPad: " ", startingAt: 0)
      }
      if hoursWidth > 0 {
        header += "  " + "Hours".padding(toLength: hoursWidth, withPad: " ", startingAt: 0)
      }
      if addressWidth > 0 { header += "  Address" }
      while header.hasSuffix(" ") { header.removeLast() }
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
            "  " + walkTexts[index].padding(toLength: walkWidth - 2, withPad: " ", startingAt: 0)
        }
        if hoursWidth > 0 {
          let summary =
            width == nil
            ? hours[index].summary : TerminalText.truncate(hours[index].summary, width: hoursWidth)
          line += "  " + summary.padding(toLength: hoursWidth, withPad: " ", startingAt: 0)
        }
        if addressWidth > 0, let address = place.address {
          line += "  " + TerminalText.truncate(address, width: addressWidth)
        }
        while line.hasSuffix(" ") { line.removeLast() }
        lines.append(line)
      }
    }
    if !places.isEmpty { lines.append(TerminalText.truncate(sortLine, width: limit)) }
    if let leftOut {
      lines.append(TerminalText.truncate(leftOut.footer(shown: places.count), width: limit))
    }
    // Which moment and zone the hours speak of, wherever a place has hours.
    if places.contains(where: { !($0.openingHours ?? "").isEmpty }) || leftOut != nil {
      lines.append(
        TerminalText.truncate(
          PlaceHours.readingLine(clock.instant(now: now), in: clock.timeZone), width: limit))
    }
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
    guard let walks else { return UserMessage.sortedByLineNoStreets }
    guard sort == .walk else { return UserMessage.sortedByLineAsked }
    return walks.lengths.isEmpty
      ? UserMessage.sortedByLineNoWalk : UserMessage.sortedByWalk(speed: walkSpeed, units: units)
  }

  /// The order the list is in: by the walk only where some walk is known (with none, the
  /// walk's order is the line's).
  package var effectiveSort: WalkSort {
    guard let walks, !walks.lengths.isEmpty else { return .line }
    return sort
  }

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
      var opening_hours: JSONValue
      var open_now: JSONValue
      var next_change: JSONValue
    }
    var center: Point
    var radius: Double
    var locationSource: String
    var location: String
    var dataSource: String
    var data: String
    var attribution: String?
    /// The moment and zone hours are read at.
    var hoursAt: String
    var timeZone: String
    /// With `--open-now`: how many were left out.
    var leftOut: LeftOutForm?
    /// "walk" or "line": how `places` is ordered.
    var sort: String
    /// Each entry with its walk (`null` where there is none, or no streets are stored).
    var places: [Walks.JSONObject<Entry>]
  }
  private struct LeftOutForm: Encodable {
    var closed: Int
    var unknown: Int
  }

  /// The JSON form: one object with `center`, `radius`, `locationSource`, `dataSource`,
  /// `attribution`, `hoursAt` and `timeZone` (the moment opening hours are read at), `leftOut`
  /// (with `--open-now`) and `places` (each with `id`, `name`, `distance` in metres, `latitude`,
  /// `longitude`, …, `opening_hours`, `open_now`, `next_change`) on one line, written by ``JSONLines``, so even raw JSON is safe on a
  /// terminal.
  package func json() -> String {
    let hours = hours
    let form = JSONForm(
      center: .init(
        latitude: Self.degrees(center.latitude), longitude: Self.degrees(center.longitude)),
      radius: radius, locationSource: location.kind, location: location.description,
      dataSource: data.kind, data: data.description, attribution: data.credit,
      hoursAt: PlaceHours.isoText(clock.instant(now: now), in: clock.timeZone),
      timeZone: clock.timeZone.identifier,
      leftOut: leftOut.map { LeftOutForm(closed: $0.closed, unknown: $0.unknown) },
      sort: effectiveSort.rawValue,
      places: zip(places, hours).map { place, hours in
        let metres = walks?.lengths[place.id]
        let entry = JSONForm.Entry(
          id: place.id, name: place.name,
          distance: place.distance.map { ($0 * 10).rounded() / 10 },
          latitude: Self.degrees(place.coordinate.latitude),
          longitude: Self.degrees(place.coordinate.longitude),
          address: place.address, categories: place.categories, phone: place.phone,
          website: place.website, source: place.source.rawValue,
          opening_hours: hours.raw.map(JSONValue.string) ?? .null,
          open_now: hours.openNow.map(JSONValue.bool) ?? .null,
          next_change: hours.nextChange.map {
            .string(PlaceHours.isoText($0, in: clock.timeZone))
          } ?? .null)
        return Walks.JSONObject(entry, walk: metres, speed: walkSpeed)
      })
    // Plain strings and finite numbers always encode.
    return (try? JSONLines.line(form)) ?? "{}"
  }

  /// Degrees to 7 decimals (about a centimetre), so that JSON shows 60.1696135, not the
  /// float noise of 60.169613500000004.
  package static func degrees(_ value: Double) -> Double { (value * 1e7).rounded() / 1e7 }
}
