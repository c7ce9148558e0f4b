import BearingLocation
import BearingPlaces
import Foundation
import Testing

@Suite("DataCoverage and PlaceDataset")
struct DataCoverageTests {
  func place(_ id: Int, _ latitude: Double, _ longitude: Double) -> Place {
    Place(
      id: "osm:node/\(id)", name: "Café \(id)",
      coordinate: Coordinate(latitude: latitude, longitude: longitude), source: .openStreetMap)
  }

  @Test("the box takes the narrow way round the antimeridian")
  func antimeridian() throws {
    let fiji = try PlaceDataset(
      area: "Fiji", source: "test",
      places: [place(1, -17, 177.5), place(2, -18, -179.5), place(3, -16.5, 179.9)])
    let coverage = fiji.coverage
    #expect(coverage.west == 177.5)
    #expect(coverage.east == -179.5)
    #expect(coverage.contains(Coordinate(latitude: -17, longitude: 180), margin: 0))
    #expect(coverage.contains(Coordinate(latitude: -17, longitude: -179.6), margin: 0))
    #expect(!coverage.contains(Coordinate(latitude: -17, longitude: 0), margin: 0))
    #expect(!coverage.contains(Coordinate(latitude: -17, longitude: -179), margin: 0))
    #expect(coverage.contains(Coordinate(latitude: -17, longitude: -179), margin: 60_000))
  }

  @Test("the margin widens the box by about that many metres")
  func margin() throws {
    let coverage = try PlaceDataset(
      area: "Helsinki", source: "test", places: [place(1, 60.16, 24.93), place(2, 60.18, 24.96)]
    ).coverage
    // 0.05° of latitude is about 5.6 km.
    let north = Coordinate(latitude: 60.23, longitude: 24.95)
    #expect(!coverage.contains(north, margin: 5_000))
    #expect(coverage.contains(north, margin: 6_000))
    // 0.1° of longitude at 60° N is about 5.6 km.
    let east = Coordinate(latitude: 60.17, longitude: 25.06)
    #expect(!coverage.contains(east, margin: 5_000))
    #expect(coverage.contains(east, margin: 6_000))
  }

  @Test("near a pole every longitude is in")
  func pole() throws {
    let coverage = try PlaceDataset(
      area: "Alert", source: "test", places: [place(1, 89.99, 10), place(2, 89.98, 12)]
    ).coverage
    #expect(coverage.contains(Coordinate(latitude: 89.99, longitude: -170), margin: 5_000))
    #expect(!coverage.contains(Coordinate(latitude: 80, longitude: 10), margin: 5_000))
  }

  @Test("an empty dataset is refused")
  func empty() {
    #expect(throws: PlaceImportError.self) {
      try PlaceDataset(area: "nowhere", source: "test", places: [])
    }
  }

  @Test("a dataset survives a write and a read")
  func roundTrip() throws {
    let dataset = try PlaceDataset(
      area: "Kallio", source: "OpenStreetMap 2025-01-02",
      places: [
        place(1, 60.18, 24.95),
        Place(
          id: "osm:way/2", name: "Kahvila \"Ä\"\u{7}",
          coordinate: .init(latitude: 60.181, longitude: 24.951), address: "Vaasankatu 1",
          categories: ["Café", "Coffee Shop"], phone: "+358 1", website: "https://example.fi",
          source: .openStreetMap),
      ])
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("places-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try dataset.write(to: url)
    #expect(try PlaceDataset.read(from: url) == dataset)
  }

  @Test("reading a file of another format says what is wrong")
  func badFiles() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("places-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(#"{"format":"other","version":1,"coverage":{},"places":[]}"#.utf8).write(to: url)
    #expect {
      try PlaceDataset.read(from: url)
    } throws: { error in
      "\(error)".contains(url.lastPathComponent) && "\(error)".contains("coverage")
    }
    try Data(
      #"{"format":"bearing-places","version":1,"places":[{"id":"x"}],"coverage":{"#.utf8
    )
    .write(to: url)
    #expect(throws: PlaceImportError.self) { try PlaceDataset.read(from: url) }
  }

  @Test(
    "a damaged coverage is an error naming the file and the edge, never a trap",
    arguments: [
      (#""south":95,"west":24.9,"north":96,"east":25"#, "south"),
      (#""south":60,"west":24.9,"north":61,"east":250"#, "east"),
      (#""south":61,"west":24.9,"north":60,"east":25"#, "south"),
    ])
  func damagedCoverage(edges: String, key: String) throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("places-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    let text =
      #"{"format":"bearing-places","version":1,"places":[],"coverage":{"area":"a","source":"s","#
      + edges + #","placeCount":0}}"#
    try Data(text.utf8).write(to: url)
    #expect {
      try PlaceDataset.read(from: url)
    } throws: { error in
      "\(error)".contains(url.lastPathComponent) && "\(error)".contains(".coverage.\(key)")
    }
  }
}
