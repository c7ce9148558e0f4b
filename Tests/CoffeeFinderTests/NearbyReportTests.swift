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
}
