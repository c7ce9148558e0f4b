import BearingLocation
import BearingPlaces
import BearingProcessTesting
import Foundation
import GRDB
import Testing

@testable import BearingPlaceStore
@testable import BearingSQLite

@Suite("Place store: many areas, a cell index, one transaction per area", .offPool)
struct PlaceStoreTests {
  static func place(
    _ id: String, _ latitude: Double, _ longitude: Double, name: String? = nil,
    categories: [String] = ["Café"]
  ) -> Place {
    Place(
      id: id, name: name ?? "Café \(id)",
      coordinate: Coordinate(latitude: latitude, longitude: longitude), categories: categories,
      source: .openStreetMap)
  }

  static func area(_ name: String, _ places: [Place]) -> PlaceStore.NewArea {
    let latitudes = places.map(\.coordinate.latitude)
    let longitudes = places.map(\.coordinate.longitude)
    return PlaceStore.NewArea(
      name: name, source: "test", origin: .file("/tmp/\(name).geojson"),
      boundary: .box(
        south: latitudes.min()!, west: longitudes.min()!, north: latitudes.max()!,
        east: longitudes.max()!))
  }

  @Test("areas accumulate, are listed oldest first, and a name is replaced, not repeated")
  func accumulate() async throws {
    let store = try PlaceStore.inMemory()
    let kallio = [Self.place("osm:node/1", 60.18, 24.95), Self.place("osm:node/2", 60.181, 24.951)]
    let paris = [Self.place("osm:node/3", 48.85, 2.35)]
    try await store.add(
      Self.area("Kallio", kallio), places: kallio, storedAt: Date(timeIntervalSince1970: 1))
    try await store.add(
      Self.area("Paris", paris), places: paris, storedAt: Date(timeIntervalSince1970: 2))
    var areas = try await store.areas()
    #expect(areas.map(\.name) == ["Kallio", "Paris"])
    #expect(areas.map(\.placeCount) == [2, 1])
    #expect(try await store.placeCount() == 3)
    // Importing Kallio again replaces it.
    let smaller = [Self.place("osm:node/1", 60.18, 24.95)]
    try await store.add(
      Self.area("Kallio", smaller), places: smaller, storedAt: Date(timeIntervalSince1970: 3))
    areas = try await store.areas()
    #expect(areas.map(\.name) == ["Paris", "Kallio"])
    #expect(try await store.placeCount() == 2)
  }

  @Test("a place in two overlapping areas is stored once and outlives the removal of one")
  func overlapAndDedupe() async throws {
    let store = try PlaceStore.inMemory()
    let shared = Self.place("osm:node/10", 60.170, 24.940)
    let west = [shared, Self.place("osm:node/11", 60.170, 24.930)]
    let east = [
      Self.place("osm:node/10", 60.170, 24.940, name: "Renamed"),
      Self.place("osm:node/12", 60.170, 24.950),
    ]
    try await store.add(Self.area("West", west), places: west)
    try await store.add(Self.area("East", east), places: east)
    #expect(try await store.placeCount() == 3)
    let query = try PlaceQuery(center: shared.coordinate, radius: 2_000, limit: 10)
    let found = try await store.search(query)
    #expect(
      found.map(\.id) == ["osm:node/10", "osm:node/11", "osm:node/12"]
        || found.map(\.id) == ["osm:node/10", "osm:node/12", "osm:node/11"])
    #expect(found.first?.name == "Renamed")  // the later import's values
    let removed = try await store.removeArea(named: "East")
    #expect(removed?.name == "East")
    #expect(try await store.placeCount() == 2)
    #expect(try await store.search(query).map(\.id).sorted() == ["osm:node/10", "osm:node/11"])
    #expect(try await store.removeArea(named: "East") == nil)
    try await store.removeArea(named: "West")
    #expect(try await store.placeCount() == 0)
    #expect(try await store.search(query).isEmpty)
  }

  @Test("a place's opening hours are stored as written, and a later import's replace them")
  func openingHours() async throws {
    let store = try PlaceStore.inMemory()
    var open = Self.place("osm:node/20", 60.170, 24.940)
    open.openingHours = "Mo-Fr 08:00-20:00; Sa 09:00-18:00"
    let unknown = Self.place("osm:node/21", 60.171, 24.941)
    try await store.add(Self.area("Centre", [open, unknown]), places: [open, unknown])
    let query = try PlaceQuery(center: open.coordinate, radius: 1_000, limit: 10)
    let found = try await store.search(query)
    #expect(found.map(\.id) == ["osm:node/20", "osm:node/21"])
    #expect(found.map(\.openingHours) == ["Mo-Fr 08:00-20:00; Sa 09:00-18:00", nil])
    #expect(
      try await store.places(idOrName: "osm:node/20").first?.openingHours == open.openingHours)
    // A value the evaluator cannot read is kept as it is: the app shows it.
    open.openingHours = "Mon-Fri 8am-6pm"
    try await store.add(Self.area("Again", [open]), places: [open])
    #expect(try await store.search(query).first?.openingHours == "Mon-Fri 8am-6pm")
  }

  @Test("a store from before opening hours (places-v5) keeps its places, with none")
  func migratesToOpeningHours() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "place-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("places.sqlite").path
    do {
      let queue = try DatabaseQueue(path: path)
      try PlaceStore.migrator.migrate(queue, upTo: "places-v5")
      try await queue.write { db in
        try db.execute(
          sql: """
            INSERT INTO area (id, name, source, attribution, origin, south, west, north, east,
              storedAt, placeCount)
            VALUES (1, 'Old', 'test', 'OSM', 'file:/old.geojson', 60, 24, 61, 25,
              '2026-01-01 00:00:00', 1);
            INSERT INTO place (rowid, id, name, latitude, longitude, categories, source, cell)
            VALUES (1, 'osm:node/1', 'Old Café', 60.17, 24.94, 'Café', 'openStreetMap', 0);
            INSERT INTO areaPlace VALUES (1, 1);
            """)
      }
      try queue.close()
    }
    let store = try PlaceStore(path: path)
    let found = try await store.places(idOrName: "osm:node/1")
    #expect(found.map(\.name) == ["Old Café"])
    #expect(found.first?.openingHours == nil)
    var new = Self.place("osm:node/2", 60.17, 24.94)
    new.openingHours = "24/7"
    try await store.add(Self.area("New", [new]), places: [new])
    #expect(try await store.places(idOrName: "osm:node/2").first?.openingHours == "24/7")
  }

  @Test("an add that fails midway stores nothing: no half area")
  func atomic() async throws {
    let store = try PlaceStore.inMemory()
    try await store.database.writer.write { db in
      try db.execute(
        sql: """
          CREATE TRIGGER boom BEFORE INSERT ON place WHEN NEW.name = 'boom'
          BEGIN SELECT RAISE(ABORT, 'boom'); END
          """)
    }
    var places = (0..<100).map { Self.place("osm:node/\($0)", 60 + Double($0) * 0.001, 25) }
    places[50].name = "boom"
    await #expect(throws: StorageError.self) {
      try await store.add(Self.area("Half", places), places: places)
    }
    #expect(try await store.areas().isEmpty)
    #expect(try await store.placeCount() == 0)
  }

  @Test("nearest-first search equals a brute-force scan, with filters and across the antimeridian")
  func searchMatchesBruteForce() async throws {
    var generator = SplitMix(seed: 7)
    let centers = [
      Coordinate(latitude: 60.17, longitude: 24.94), Coordinate(latitude: -17.8, longitude: 179.99),
      Coordinate(latitude: 89.99, longitude: 0),
    ]
    var places: [Place] = []
    for (c, center) in centers.enumerated() {
      for i in 0..<400 {
        let bearing = Double(generator.next() % 3600) / 10
        let distance = Double(generator.next() % 30_000)
        let point = center.destination(bearing: bearing, distance: distance)
        places.append(
          Self.place(
            "osm:node/\(c * 1000 + i)", point.latitude, point.longitude,
            name: i % 7 == 0 ? "Kahvila \(i)" : "Café \(i)",
            categories: i % 3 == 0 ? ["Coffee Shop"] : ["Café"]))
      }
    }
    let store = try PlaceStore.inMemory()
    try await store.add(
      PlaceStore.NewArea(
        name: "World", source: "test", origin: .file("/w"),
        boundary: .box(south: -90, west: -180, north: 90, east: 180)), places: places)
    for center in centers {
      for (radius, limit, categories, text) in [
        (500.0, 10, [PlaceCategory](), String?.none), (5_000, 10, [], nil), (30_000, 50, [], nil),
        (20_000, 5, [.coffeeShop], nil), (25_000, 10, [], "kahvila"),
      ] {
        let query = try PlaceQuery(
          center: center, radius: radius, categories: categories, text: text, limit: limit)
        let expected =
          places
          .map { ($0, center.distance(to: $0.coordinate)) }
          .filter { $0.1 <= radius }
          .filter { categories.isEmpty || $0.0.categories.contains("Coffee Shop") }
          .filter { text == nil || $0.0.name.lowercased().contains(text!) }
          .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
          .prefix(limit).map(\.0.id)
        let found = try await store.search(query)
        #expect(
          found.map(\.id) == Array(expected), "\(center) r=\(radius) \(categories) \(text ?? "")")
        #expect(found.allSatisfy { $0.distance != nil })
      }
    }
  }

  /// The ids of `places` within `radius` of `center`, nearest first, by a scan of them all.
  static func bruteForce(_ places: [Place], _ center: Coordinate, radius: Double, limit: Int)
    -> [String]
  {
    places.map { ($0.id, center.distance(to: $0.coordinate)) }.filter { $0.1 <= radius }
      .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
  }

  /// Every stored place's cell is the one ``CellGrid/places`` gives its position.
  static func expectCellsMatch(_ store: PlaceStore) async throws {
    let rows = try store.database.writer.read { db in
      try Row.fetchAll(db, sql: "SELECT latitude, longitude, cell FROM place")
    }
    #expect(!rows.isEmpty)
    for row in rows {
      let coordinate = Coordinate(latitude: row["latitude"], longitude: row["longitude"])
      #expect(CellGrid.places.cell(coordinate) == row["cell"] as Int64, "\(coordinate)")
    }
  }

  @Test("a bulk import rebuilds the cell index; a small one inserts into it; both are searched")
  func bulkImport() async throws {
    var generator = SplitMix(seed: 11)
    let helsinki = Coordinate(latitude: 60.17, longitude: 24.94)
    func around(_ prefix: String, _ count: Int) -> [Place] {
      (0..<count).map { i in
        let point = helsinki.destination(
          bearing: Double(generator.next() % 3600) / 10,
          distance: Double(generator.next() % 20_000))
        return Self.place("\(prefix)\(i)", point.latitude, point.longitude)
      }.sorted { $0.id < $1.id }
    }
    let store = try PlaceStore.inMemory()
    var all: [String: Place] = [:]
    // Into the empty store (bulk), a few into the big store (not bulk; two ids already
    // stored, moved), and then a second area bigger than the store (bulk again).
    var small = around("osm:node/s", 50)
    small[0].id = "osm:node/b1"
    small[1].id = "osm:node/b2"
    for (name, places) in [
      ("Big", around("osm:node/b", PlaceStore.bulkSize + 2_000)), ("Small", small),
      ("Bigger", around("osm:way/", 2 * PlaceStore.bulkSize)),
    ] {
      try await store.add(Self.area(name, places), places: places)
      for place in places { all[place.id] = place }
      let indexes = try await store.database.writer.read { db in
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'")
      }
      #expect(indexes.contains("placeByCell"), "after \(name)")
      #expect(try await store.placeCount() == all.count)
      for (radius, limit) in [(300.0, 10), (2_000, 10), (15_000, 50)] {
        for center in [helsinki, Coordinate(latitude: 60.2, longitude: 25.1)] {
          let found = try await store.search(
            try PlaceQuery(center: center, radius: radius, limit: limit))
          #expect(
            found.map(\.id)
              == Self.bruteForce(Array(all.values), center, radius: radius, limit: limit),
            "after \(name), r=\(radius)")
        }
      }
    }
    try await Self.expectCellsMatch(store)
    let plan = try await store.database.writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          EXPLAIN QUERY PLAN SELECT * FROM place WHERE cell BETWEEN 1 AND 2
            AND latitude BETWEEN 0 AND 1 AND longitude BETWEEN 0 AND 1
          """
      ).map { $0["detail"] as String }.joined()
    }
    #expect(plan.contains("placeByCell"))
  }

  @Test("a store made with the R*Tree (places-v2) moves to the cell index with its places")
  func migratesFromTheRTree() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "place-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("places.sqlite").path
    // Corners of the grid, the antimeridian, and positions whose cell is a rounding away.
    let places = [
      Self.place("osm:node/1", 60.17, 24.94), Self.place("osm:node/2", -90, -180),
      Self.place("osm:node/3", 90, 180), Self.place("osm:node/4", -17.8, 179.999_99),
      Self.place("osm:node/5", -17.8, -179.999_99), Self.place("osm:node/6", 0.29, -0.57),
      Self.place("osm:node/7", 60.169_999_999, 24.940_000_001),
    ]
    do {
      let queue = try DatabaseQueue(path: path)
      try PlaceStore.migrator.migrate(queue, upTo: "places-v2")
      try await queue.write { db in
        try db.execute(
          sql: """
            INSERT INTO area (id, name, source, attribution, origin, south, west, north, east,
              storedAt, placeCount)
            VALUES (1, 'Old', 'test', 'OSM', 'file:/old.geojson', -90, -180, 90, 180,
              '2026-01-01 00:00:00', 7)
            """)
        for (rowid, place) in places.enumerated() {
          let latitude = place.coordinate.latitude
          let longitude = place.coordinate.longitude
          try db.execute(
            sql: """
              INSERT INTO place (rowid, id, name, latitude, longitude, categories, source)
              VALUES (?, ?, ?, ?, ?, 'Café', 'openStreetMap')
              """, arguments: [rowid + 1, place.id, place.name, latitude, longitude])
          try db.execute(
            sql: "INSERT INTO areaPlace VALUES (1, ?)", arguments: [rowid + 1])
          try db.execute(
            sql: "INSERT INTO placeIndex VALUES (?, ?, ?, ?, ?)",
            arguments: [rowid + 1, latitude, latitude, longitude, longitude])
        }
      }
      try queue.close()
    }
    let store = try PlaceStore(path: path)
    try await Self.expectCellsMatch(store)
    let tables = try await store.database.writer.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master")
    }
    #expect(!tables.contains("placeIndex"))
    #expect(tables.contains("placeByCell"))
    #expect(try await store.areas().map(\.name) == ["Old"])
    for place in places {
      let found = try await store.search(
        try PlaceQuery(center: place.coordinate, radius: 100, limit: 1))
      #expect(found.map(\.id) == [place.id])
    }
  }

  @Test("a file store keeps its areas across opening it again")
  func persistent() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "place-store-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("places.sqlite").path
    let places = [Self.place("osm:node/1", 60.18, 24.95)]
    do {
      let store = try PlaceStore(path: path)
      try await store.add(
        PlaceStore.NewArea(
          name: "Circle", source: "Overpass",
          origin: .around(Coordinate(latitude: 60.18, longitude: 24.95), radius: 2_000),
          boundary: .circle(center: Coordinate(latitude: 60.18, longitude: 24.95), radius: 2_000)),
        places: places)
      try store.database.close()
    }
    let reopened = try PlaceStore(path: path)
    let area = try #require(try await reopened.areas().first)
    #expect(area.origin == .around(Coordinate(latitude: 60.18, longitude: 24.95), radius: 2_000))
    #expect(area.contains(Coordinate(latitude: 60.19, longitude: 24.95)))
    #expect(!area.contains(Coordinate(latitude: 60.20, longitude: 24.95)))
    #expect(area.contains(Coordinate(latitude: 60.20, longitude: 24.95), margin: 1_000))
  }

  @Test("an origin keeps how its file was read, and where a migrated area's data is")
  func origins() throws {
    let origins: [StoredArea.Origin] = [
      .file("/data/old style.geojson"),
      .file("/data/cafés[1]: list.geojson", .init(format: .geoJSON, everyNamedFeature: true)),
      .file("/data/berlin.osm.pbf", .init(format: .pbf)),
      .file("/data/answer.json", .init(everyNamedFeature: true)),
      .migrated("/data/imported-places.json.migrated"),
      .around(Coordinate(latitude: 60.18, longitude: 24.95), radius: 2_000),
    ]
    for origin in origins {
      #expect(StoredArea.Origin(text: origin.text) == origin, "\(origin.text)")
    }
    // What earlier versions stored reads as it did.
    #expect(StoredArea.Origin(text: "file:/data/x.geojson") == .file("/data/x.geojson"))
    #expect(StoredArea.Origin(text: "file[furlongs]:/data/x.geojson") == nil)
  }
}

/// A small deterministic generator, so a failure can be replayed.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
