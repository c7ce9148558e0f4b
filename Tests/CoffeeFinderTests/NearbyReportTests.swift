import BearingPlaces
import CoffeeFinder
import Foundation
import Testing

@Suite struct NearbyReportTests {
  let report = NearbyReport(
    center: Fixtures.station, radius: 1_000, places: [Fixtures.ekberg, Fixtures.regatta],
    location: .manual(Fixtures.station), data: .offline(Fixtures.coverage))

  @Test func tableListsNearestFirstWithDistanceAndCredit() {
    let lines = report.table(width: 60).split(separator: "\n").map(String.init)
    #expect(lines.count == 7)
    #expect(lines.allSatisfy { $0.count <= 60 })
    #expect(lines[1].hasPrefix(" #  Name"))
    #expect(lines[2].hasPrefix(" 1  Café Ekberg") && lines[2].hasSuffix("120 m"))
    #expect(lines[3].hasPrefix(" 2  Café Regatta") && lines[3].hasSuffix("1.5 km"))
    // No walks: the list is by the line, and says why.
    #expect(lines[4] == "Sorted by straight-line distance: no streets stored here.")
    #expect(lines[6] == "© OpenStreetMap contributors (ODbL)")
  }

  /// `walk_m` is whole metres, whatever the length (not 8 beside 509.4), and `walk_s` the
  /// seconds of the metres written.
  @Test func walkMetresAreWholeInJSON() throws {
    var report = report
    report.walks = Walks(
      from: Fixtures.station, lengths: [Fixtures.ekberg.id: 509.44, Fixtures.regatta.id: 8.04])
    report.sort = .walk
    let json = report.json()
    #expect(json.contains(#""walk_m":509,"#), "\(json)")
    #expect(json.contains(#""walk_m":8,"#), "\(json)")
    #expect(json.contains(#""walk_s":392"#), "\(json)")
  }

  @Test func walksTakeAColumnWithinTheWidth() throws {
    var report = report
    report.walks = Walks(from: Fixtures.station, lengths: [Fixtures.ekberg.id: 420])
    report.sort = .walk
    for width in [40, 60, 100] {
      let lines = report.table(width: width).split(separator: "\n").map(String.init)
      #expect(lines.allSatisfy { $0.count <= width }, "\(lines)")
      #expect(lines[2].contains("420 m walk · 5 min"), "\(lines)")
      #expect(lines[3].contains("no walk found"), "\(lines)")
      #expect(lines[4].hasPrefix("Sorted by walk"))
      if width >= 60 {
        #expect(lines[4] == "Sorted by walk at 1.3 m/s over the stored streets.")
      }
    }
    let json = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
    let places = try #require(json?["places"] as? [[String: Any]])
    #expect(places.first?["walk_m"] as? Double == 420)
    #expect(places.first?["walk_s"] as? Double == 323)
    #expect(places.last?["walk_m"] is NSNull)
    #expect(json?["sort"] as? String == "walk")
  }

  // Streets are stored but no café's walk was found (the start far from every street): the
  // list is in the line's order, and the footer and the JSON say so, not "by walk".
  @Test func noWalkFoundIsSortedByTheLineAndSaysSo() throws {
    var report = report
    report.walks = Walks(from: Fixtures.station, lengths: [:])
    report.sort = .walk
    let lines = report.table(width: 100).split(separator: "\n").map(String.init)
    #expect(lines.contains(UserMessage.sortedByLineNoWalk), "\(lines)")
    #expect(!lines.contains { $0.hasPrefix("Sorted by walk") }, "\(lines)")
    let json = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
    #expect(json?["sort"] as? String == "line")
  }

  @Test func jsonEscapesEveryTerminalControl() throws {
    var evil = Fixtures.ekberg
    evil.name = "A\u{1B}[2J\u{9B}B\u{202E}C"
    var report = report
    report.places = [evil]
    let json = report.json()
    #expect(
      !json.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E })
    // It is still the same name once decoded.
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let places = object?["places"] as? [[String: Any]]
    #expect(places?.first?["name"] as? String == evil.name)
    #expect(object?["attribution"] as? String == "© OpenStreetMap contributors (ODbL)")
  }

  @Test func watchLines() {
    #expect(
      WatchLine.enter(id: "osm:node/1", name: "Café\u{1B}").text()
        == "enter  Café\\u{1B} (osm:node/1)")
    #expect(
      WatchLine.exit(id: "osm:node/1", name: "Café Ekberg").json
        == #"{"id":"osm:node/1","name":"Café Ekberg","type":"exit"}"#)
  }

  /// Three cafés on a Monday at 10:00 in Helsinki: one open, one closed, one with a value that
  /// cannot be read; the fourth has none.
  static func hoursReport(openNowLeftOut: OpenNowFilter.LeftOut? = nil) -> NearbyReport {
    var open = Fixtures.ekberg
    open.openingHours = "Mo-Fr 08:00-20:00"
    var closed = Fixtures.regatta
    closed.openingHours = "Sa-Su 10:00-16:00"
    var garbled = Fixtures.regatta
    garbled.id = "osm:node/3"
    garbled.name = "Garbled"
    garbled.openingHours = "8ish\u{1B}[2J"
    var none = Fixtures.regatta
    none.id = "osm:node/4"
    none.name = "No hours"
    return NearbyReport(
      center: Fixtures.station, radius: 1_000, places: [open, closed, garbled, none],
      location: .manual(Fixtures.station), data: .offline(Fixtures.coverage),
      clock: HoursClock(timeZone: PlaceHoursTests.helsinki), now: PlaceHoursTests.at(30, 10),
      leftOut: openNowLeftOut)
  }

  @Test func theTableHasAnHoursColumn() {
    let lines = Self.hoursReport().table(width: 100).split(separator: "\n").map(String.init)
    #expect(lines[1].contains("Distance  Hours"), "\(lines)")
    #expect(lines[2].contains("120 m  open · until 20:00"), "\(lines)")
    #expect(lines[3].contains("1.5 km  closed · opens Sa 10:00"), "\(lines)")
    #expect(lines[4].contains("hours: see OSM"), "\(lines)")
    #expect(lines[5].hasSuffix("1.5 km"), "\(lines)")
    #expect(lines.allSatisfy { $0.count <= 100 && !$0.hasSuffix(" ") }, "\(lines)")
    // On a narrow terminal names keep their room and the column gives way.
    let narrow = Self.hoursReport().table(width: 40).split(separator: "\n").map(String.init)
    #expect(narrow.allSatisfy { $0.count <= 40 }, "\(narrow)")
    // With --open-now the footer counts what was left out.
    let filtered = Self.hoursReport(openNowLeftOut: .init(closed: 1, unknown: 2)).table(width: 100)
    #expect(filtered.contains("Open now: 4 shown; left out: 1 closed, 2 with hours not known"))
    // The moment and zone the hours speak of.
    #expect(lines.contains("Hours at 2026-11-30 10:00 +02:00 (Europe/Helsinki)"), "\(lines)")
    // None open: said so, not "try a larger radius".
    var none = Self.hoursReport(openNowLeftOut: .init(closed: 2, unknown: 0))
    none.places = []
    #expect(none.table(width: 80).contains("None of the cafés found is open now."))
  }

  @Test func jsonHasRawHoursOpenNowAndTheNextChange() throws {
    let json = Self.hoursReport().json()
    #expect(!json.unicodeScalars.contains { $0.value == 0x1B }, "\(json)")
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let places = try #require(object?["places"] as? [[String: Any]])
    #expect(places[0]["opening_hours"] as? String == "Mo-Fr 08:00-20:00")
    #expect(places[0]["open_now"] as? Bool == true)
    #expect(places[0]["next_change"] as? String == "2026-11-30T20:00:00+02:00")
    #expect(places[1]["open_now"] as? Bool == false)
    #expect(places[1]["next_change"] as? String == "2026-12-05T10:00:00+02:00")
    // Not known: present, and null.
    for place in places[2...] {
      #expect(place.keys.contains("open_now") && place["open_now"] is NSNull, "\(place)")
      #expect(place.keys.contains("next_change") && place["next_change"] is NSNull)
    }
    #expect(places[2]["opening_hours"] as? String == "8ish\u{1B}[2J")
    #expect(places[3]["opening_hours"] is NSNull)
    #expect(object?["hoursAt"] as? String == "2026-11-30T10:00:00+02:00")
    #expect(object?["timeZone"] as? String == "Europe/Helsinki")
    #expect(object?["leftOut"] == nil)
    let filtered = Self.hoursReport(openNowLeftOut: .init(closed: 1, unknown: 2)).json()
    let left = try JSONSerialization.jsonObject(with: Data(filtered.utf8)) as? [String: Any]
    #expect(left?["leftOut"] as? [String: Int] == ["closed": 1, "unknown": 2])
  }
}
