import BearingLocation
import BearingPersistence
import BearingPlaces
import Foundation
import GRDB
import Testing

@Suite("Place store: many areas, an R*Tree, one transaction per area")
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
