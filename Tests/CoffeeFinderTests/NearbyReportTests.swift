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
    #expect(lines.count == 6)
    #expect(lines.allSatisfy { $0.count <= 60 })
    #expect(lines[1].hasPrefix(" #  Name"))
    #expect(lines[2].hasPrefix(" 1  Café Ekberg") && lines[2].hasSuffix("120 m"))
    #expect(lines[3].hasPrefix(" 2  Café Regatta") && lines[3].hasSuffix("1.5 km"))
    #expect(lines[5] == "© OpenStreetMap contributors (ODbL)")
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
