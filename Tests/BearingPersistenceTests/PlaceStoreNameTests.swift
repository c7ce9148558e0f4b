import BearingLocation
import BearingPlaces
import BearingProcessTesting
import Foundation
import GRDB
import Testing

@testable import BearingPlaceStore

/// Names in the place store are compared as a person searching reads them: without case,
/// accents or width, as `localizedStandardContains` does.
@Suite("Place store: names", .offPool)
struct PlaceStoreNameTests {
  static let center = Coordinate(latitude: 60.17, longitude: 24.94)

  static func places() -> [Place] {
    [
      PlaceStoreTests.place("osm:node/1", 60.17, 24.94, name: "Café Regatta", categories: []),
      PlaceStoreTests.place("osm:node/2", 60.1701, 24.9401, name: "Kaffee Straße", categories: []),
      PlaceStoreTests.place("osm:node/3", 60.1702, 24.9402, name: "ＣＯＦＦＥＥ Ｌａｂ", categories: []),
      PlaceStoreTests.place("osm:node/4", 60.1703, 24.9403, name: "Roasters & Co", categories: []),
    ]
  }

  @Test("a stored place is named whatever the case, accents or width of the name asked for")
  func idOrName() async throws {
    let store = try PlaceStore.inMemory()
    try await store.add(PlaceStoreTests.area("Töölö", Self.places()), places: Self.places())
    for text in ["cafe regatta", "CAFÉ REGATTA", "Cafe\u{301} Regatta", "osm:node/1"] {
      #expect(try await store.places(idOrName: text).map(\.id) == ["osm:node/1"], "\(text)")
    }
    #expect(try await store.places(idOrName: "KAFFEE STRASSE").map(\.id) == ["osm:node/2"])
    #expect(try await store.places(idOrName: "coffee lab").map(\.id) == ["osm:node/3"])
    #expect(try await store.places(idOrName: "ROASTERS & CO").map(\.id) == ["osm:node/4"])
    #expect(try await store.places(idOrName: "Cafe").isEmpty)
  }

  @Test("a stored place's name contains the text whatever its case, accents or width")
  func named() async throws {
    let store = try PlaceStore.inMemory()
    try await store.add(PlaceStoreTests.area("Töölö", Self.places()), places: Self.places())
    for (text, id) in [
      ("Cafe", "osm:node/1"), ("CAFÉ", "osm:node/1"), ("strasse", "osm:node/2"),
      ("coffee", "osm:node/3"), ("ＲＥＧＡＴＴＡ", "osm:node/1"),
    ] {
      #expect(try await store.places(named: text).map(\.id) == [id], "\(text)")
      let found = try await store.search(
        PlaceQuery(center: Self.center, radius: 500, text: text))
      #expect(found.map(\.id) == [id], "\(text)")
    }
  }

  @Test("a resolved name is found again whatever its case, accents or width")
  func geocodeCache() async throws {
    let store = try PlaceStore.inMemory()
    let answers = [GeocodedPlace(name: "Kallio, Helsinki", coordinate: Self.center)]
    try await store.saveGeocode(" Kallio ", answers: answers)
    for text in ["kallio", "KALLIO", "Ｋａｌｌｉｏ", "Källio"] {
      #expect(try await store.cachedGeocode(text) == answers, "\(text)")
    }
    #expect(try await store.cachedGeocode("Kallion") == nil)
  }

  @Test("names resolved before places-v5 are found under the folding of today")
  func geocodeKeysFoldedAgain() async throws {
    let directory = try TemporaryDirectory.make()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("places.sqlite").path
    let old = try JSONEncoder().encode([GeocodedPlace(name: "Old", coordinate: Self.center)])
    let new = try JSONEncoder().encode([GeocodedPlace(name: "New", coordinate: Self.center)])
    do {
      let queue = try DatabaseQueue(path: path)
      try PlaceStore.migrator.migrate(queue, upTo: "places-v4")
      // Keys as places-v4's folding (case and accents, not width) left them; the two
      // fullwidth spellings of "kallio" are one key now, and the newer answer wins.
      try await queue.write { db in
        for (key, answers, date) in [
          ("ｋａｌｌｉｏ", old, "2026-01-01 00:00:00"), ("kallio", new, "2026-02-01 00:00:00"),
          ("cafe regatta", old, "2026-01-01 00:00:00"),
        ] {
          try db.execute(
            sql: "INSERT INTO geocode (query, answers, fetchedAt) VALUES (?, ?, ?)",
            arguments: [key, answers, date])
        }
      }
      try queue.close()
    }
    let store = try PlaceStore(path: path)
    #expect(try await store.cachedGeocode("Ｋａｌｌｉｏ")?.map(\.name) == ["New"])
    #expect(try await store.cachedGeocode("Café Regatta")?.map(\.name) == ["Old"])
    let count = try await store.database.writer.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM geocode")
    }
    #expect(count == 2)
  }
}
