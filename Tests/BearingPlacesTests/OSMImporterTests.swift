import BearingLocation
import BearingPlaces
import BearingPlacesTesting
import BearingProcessTesting
import Foundation
import Testing

@Suite("OSMImporter", .offPool)
struct OSMImporterTests {
  static let helsinkiURL = Bundle.module.url(
    forResource: "Helsinki.osm", withExtension: "pbf", subdirectory: "Fixtures")!

  @Test("the Swift PBF reader finds what the Python script derived from the same file")
  func helsinkiMatchesEmbedded() throws {
    let imported = try OSMImporter.importFile(at: Self.helsinkiURL, area: "central Helsinki")
    let embedded = try OfflinePlaces.embedded().dataset
    #expect(imported.coverage.area == "central Helsinki")
    #expect(imported.coverage.source.hasPrefix("OpenStreetMap"))
    #expect(imported.places.count == embedded.places.count)
    #expect(imported.places.map(\.id) == embedded.places.map(\.id))
    for (mine, theirs) in zip(imported.places, embedded.places) {
      #expect(mine.name == theirs.name)
      #expect(mine.categories == theirs.categories)
      #expect(mine.address == theirs.address)
      #expect(mine.phone == theirs.phone)
      #expect(mine.website == theirs.website)
      #expect(mine.openingHours == theirs.openingHours)
      #expect(mine.coordinate.distance(to: theirs.coordinate) < 0.02)
    }
    #expect(abs(imported.coverage.north - embedded.coverage.north) < 1e-6)
    // 44 of the 86 named cafés carry `opening_hours`, kept as the mapper wrote it.
    #expect(imported.places.filter { $0.openingHours != nil }.count == 44)
    let ekberg = imported.places.first { $0.id == "osm:node/151006533" }
    #expect(ekberg?.openingHours == "Mo-Fr 7:30-19:00;Sa 8:30-17:00;Su 9:00-17:00")
  }

  func expectMalformed(
    _ data: Data, mentioning fragments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(sourceLocation: sourceLocation) {
      try OSMImporter.importData(data, area: "test")
    } throws: { error in
      let text = "\(error)"
      let ok = error is PlaceImportError && fragments.allSatisfy(text.contains)
      if !ok { Issue.record("unexpected error: \(text)", sourceLocation: sourceLocation) }
      return ok
    }
  }

  @Test("a cut-short Helsinki file fails naming the byte, and imports nothing")
  func truncated() throws {
    let data = try Data(contentsOf: Self.helsinkiURL)
    expectMalformed(data.prefix(data.count / 2), mentioning: ["byte ", "cut short"])
    expectMalformed(data.prefix(2), mentioning: ["byte 0", "length prefix"])
  }

  @Test("a corrupt compressed block fails naming the block's offset")
  func corrupt() throws {
    var data = try Data(contentsOf: Self.helsinkiURL)
    // Scribble over the middle of the file, inside some compressed block.
    for i in stride(from: data.count / 2, to: data.count / 2 + 64, by: 1) { data[i] ^= 0x5A }
    expectMalformed(data, mentioning: ["byte ", "block"])
  }

  @Test("files that are not PBF say so")
  func notPBF() {
    expectMalformed(
      Data("hello, world, not a pbf".utf8), mentioning: ["byte 0", "over the 64 KiB"])
    expectMalformed(Data(), mentioning: ["empty"])
  }

  /// A small file: a square café way, a café as a dense node (by cuisine), a café as a plain
  /// node (shop=coffee), an unnamed café, a non-café, and a café way whose node is missing.
  static func sampleFile() -> PBFFileBuilder {
    let strings = [
      "", "amenity", "cafe", "name", "Square Café", "shop", "coffee", "Plain Node Coffee",
      "cuisine", "coffee_shop;cake", "Dense Cuisine", "bench", "Lost Way",
    ]
    typealias B = PBFFileBuilder
    var nodesGroup = B.Message()
    nodesGroup.message(
      2,
      B.denseNodes(
        [
          (1, 60.0, 25.0), (2, 60.0, 25.002), (3, 60.002, 25.002), (4, 60.002, 25.0),
          (5, 60.01, 25.01), (6, 60.02, 25.02), (8, 60.03, 25.03),
        ],
        tags: [[], [], [], [], [(8, 9), (3, 10)], [(1, 2)], [(1, 11), (3, 4)]]))
    nodesGroup.message(1, B.node((7, 60.005, 25.005), keys: [5, 3], values: [6, 7]))
    var waysGroup = B.Message()
    waysGroup.message(3, B.way(100, refs: [1, 2, 3, 4, 1], keys: [1, 3], values: [2, 4]))
    waysGroup.message(3, B.way(101, refs: [1, 999], keys: [1, 3], values: [2, 12]))
    var file = B()
    file.block("OSMHeader", B.header())
    file.block("OSMData", B.primitiveBlock(strings: strings, groups: [nodesGroup, waysGroup]))
    return file
  }

  @Test("ways stand at their centroid; plain and dense nodes both count")
  func ways() throws {
    let dataset = try OSMImporter.importData(Data(Self.sampleFile().bytes), area: "sample")
    let byID = Dictionary(uniqueKeysWithValues: dataset.places.map { ($0.id, $0) })
    #expect(Set(byID.keys) == ["osm:way/100", "osm:node/5", "osm:node/7"])
    let square = try #require(byID["osm:way/100"])
    #expect(square.name == "Square Café")
    #expect(square.categories == ["Café"])
    #expect(square.coordinate.distance(to: .init(latitude: 60.001, longitude: 25.001)) < 0.05)
    #expect(byID["osm:node/5"]?.categories == ["Coffee Shop"])
    #expect(byID["osm:node/7"]?.name == "Plain Node Coffee")
    #expect(dataset.coverage.placeCount == 3)
  }

  @Test("broken blocks name what is wrong")
  func brokenBlocks() {
    typealias B = PBFFileBuilder
    var badString = B()
    badString.block("OSMHeader", B.header())
    var group = B.Message()
    group.message(1, B.node((7, 60, 25), keys: [1], values: [42]))
    badString.block("OSMData", B.primitiveBlock(strings: ["", "amenity"], groups: [group]))
    expectMalformed(Data(badString.bytes), mentioning: ["OSMData block", "string index 42"])

    var history = B()
    history.block("OSMHeader", B.header(features: ["OsmSchema-V0.6", "HistoricalInformation"]))
    expectMalformed(Data(history.bytes), mentioning: ["HistoricalInformation"])

    var noHeader = B()
    noHeader.block("OSMData", B.primitiveBlock(strings: [""], groups: []))
    expectMalformed(Data(noHeader.bytes), mentioning: ["not OSMHeader"])

    var badLatitude = B()
    badLatitude.block("OSMHeader", B.header())
    var far = B.Message()
    far.message(1, B.node((9, 95, 25), keys: [], values: []))
    badLatitude.block("OSMData", B.primitiveBlock(strings: [""], groups: [far]))
    expectMalformed(Data(badLatitude.bytes), mentioning: ["node 9", "latitude 95"])
  }

  @Test("a file without cafés imports nothing and says so")
  func noCafes() {
    typealias B = PBFFileBuilder
    var file = B()
    file.block("OSMHeader", B.header())
    #expect(throws: PlaceImportError.self) {
      try OSMImporter.importData(Data(file.bytes), area: "empty")
    }
  }

  @Test(
    "a numeric id that is not a whole Int64 is no OpenStreetMap id: a stable id, never a trap",
    arguments: ["1e19", "-1e19", "2.5", "1e300"])
  func hugeNumericID(id: String) throws {
    let geoJSON = """
      {"type": "FeatureCollection", "features": [
        {"type": "Feature",
         "properties": {"type": "node", "id": \(id), "amenity": "cafe", "name": "Huge"},
         "geometry": {"type": "Point", "coordinates": [24.96, 60.18]}}]}
      """
    let dataset = try OSMImporter.importData(Data(geoJSON.utf8), area: "huge")
    #expect(dataset.places.map(\.name) == ["Huge"])
    #expect(dataset.places.first?.id.hasPrefix("geo:") == true)
  }

  static let overpassGeoJSON = """
    {
      "type": "FeatureCollection",
      "generator": "overpass-turbo",
      "features": [
        {"type": "Feature", "id": "node/1",
         "properties": {"@id": "node/1", "amenity": "cafe", "name": "Point Café",
                        "addr:street": "Iso Roobertinkatu", "addr:housenumber": "1"},
         "geometry": {"type": "Point", "coordinates": [24.94, 60.16]}},
        {"type": "Feature", "id": "way/2",
         "properties": {"@id": "way/2", "shop": "coffee", "name": "Polygon Coffee",
                        "website": "https://example.fi", "opening_hours": "Mo-Fr 11:00-02:00"},
         "geometry": {"type": "Polygon", "coordinates": [[[24.95, 60.17], [24.952, 60.17],
                      [24.952, 60.172], [24.95, 60.172], [24.95, 60.17]]]}},
        {"type": "Feature", "id": "node/3",
         "properties": {"@id": "node/3", "amenity": "bench"},
         "geometry": {"type": "Point", "coordinates": [24.9, 60.1]}},
        {"type": "Feature",
         "properties": {"type": "node", "id": 4,
                        "tags": {"cuisine": "coffee_shop", "name": "Old Format",
                                 "opening_hours": "24/7"}},
         "geometry": {"type": "Point", "coordinates": [24.96, 60.18]}}
      ]
    }
    """

  @Test("Overpass GeoJSON: points, polygons at their centroid, old-style tags")
  func geoJSON() throws {
    let dataset = try OSMImporter.importData(Data(Self.overpassGeoJSON.utf8), area: "Overpass")
    #expect(dataset.places.map(\.id) == ["osm:node/1", "osm:node/4", "osm:way/2"])
    let polygon = dataset.places[2]
    #expect(polygon.coordinate.distance(to: .init(latitude: 60.171, longitude: 24.951)) < 0.05)
    #expect(polygon.website == "https://example.fi")
    #expect(polygon.categories == ["Coffee Shop"])
    #expect(dataset.places[0].address == "Iso Roobertinkatu 1")
    #expect(dataset.places[1].name == "Old Format")
    #expect(dataset.places.map(\.openingHours) == [nil, "24/7", "Mo-Fr 11:00-02:00"])
  }

  @Test("GeoJSON file import through a file on disk round-trips via PlaceDataset")
  func geoJSONFile() throws {
    let directory = FileManager.default.temporaryDirectory
    let input = directory.appendingPathComponent("kallio-\(UUID().uuidString).geojson")
    let saved = directory.appendingPathComponent("kallio-\(UUID().uuidString).json")
    defer {
      try? FileManager.default.removeItem(at: input)
      try? FileManager.default.removeItem(at: saved)
    }
    try Data(Self.overpassGeoJSON.utf8).write(to: input)
    let dataset = try OSMImporter.importFile(at: input)
    #expect(dataset.coverage.area.hasPrefix("kallio-"))
    try dataset.write(to: saved)
    let places = OfflinePlaces(dataset: try PlaceDataset.read(from: saved))
    let found = try places.search(
      PlaceQuery(center: .init(latitude: 60.16, longitude: 24.94), radius: 10_000))
    #expect(found.first?.name == "Point Café")
  }

  @Test(
    "malformed GeoJSON names the feature and the problem",
    arguments: [
      (#"{"type": "Point", "coordinates": [24.9, 60.1]}"#, "not a GeoJSON FeatureCollection"),
      (#"{"type": "FeatureCollection", "features": 3}"#, "no \"features\" array"),
      ("{not json", "not valid JSON"),
      (
        #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"node/1","#
          + #""properties":{"amenity":"cafe","name":"A"},"geometry":{"type":"Point","#
          + #""coordinates":[24.9,60.1]}},{"type":"Feature","id":"node/2","properties":{"#
          + #""amenity":"cafe","name":"B"},"geometry":{"type":"Point","coordinates":[24.9,95]}}]}"#,
        "feature 2: node/2: latitude 95"
      ),
      (
        #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"#
          + #""amenity":"cafe","name":"B"},"geometry":null}]}"#,
        #"feature 1: the feature named "B" has no geometry"#
      ),
      (
        #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"way/5","properties":{"#
          + #""amenity":"cafe","name":"B"},"geometry":{"type":"Polygon","coordinates":[]}}]}"#,
        "feature 1: way/5: the Polygon has no rings"
      ),
    ])
  func malformedGeoJSON(json: String, message: String) {
    expectMalformed(Data(json.utf8), mentioning: [message])
  }
}

@Suite("OSMImporter, streets", .offPool)
struct OSMImporterStreetTests {
  @Test("an .osm.pbf file gives its cafés and streets from one read")
  func pbfFileAndStreets() throws {
    let imported = try OSMImporter.importFileAndStreets(at: OSMImporterTests.helsinkiURL)
    #expect(imported.dataset == (try OSMImporter.importFile(at: OSMImporterTests.helsinkiURL)))
    #expect(imported.streets.count == 2_849)
    let data = try Data(contentsOf: OSMImporterTests.helsinkiURL)
    #expect(StreetReader.streets(in: data, format: .pbf) == imported.streets)
  }
}
