import BearingLocation
import BearingPlaces
import BearingProcessTesting
import Foundation
import Testing

@testable import BearingPlaceStore
@testable import BearingSQLite

/// A streaming import hands the store its places in batches while it reads the file: they go
/// into one transaction as they come, and a feed that fails leaves the store as it was.
@Suite("Place store: places stored batch by batch as a file is read", .offPool)
struct PlaceStoreFeedTests {
  /// Batches handed out one at a time, as a file's reader would, failing after `failAfter`.
  final class Batches: @unchecked Sendable {
    // `@unchecked Sendable`: `taken` is only touched under `lock`; `batches` never changes.
    let batches: [[Place]]
    let failAfter: Int?
    private let lock = NSLock()
    private var taken = 0

    init(_ batches: [[Place]], failAfter: Int? = nil) {
      self.batches = batches
      self.failAfter = failAfter
    }

    struct Broken: Error {}

    func next() throws -> [Place]? {
      lock.lock()
      defer { lock.unlock() }
      if taken == failAfter { throw Broken() }
      guard taken < batches.count else { return nil }
      taken += 1
      return batches[taken - 1]
    }
  }

  static func places(_ count: Int, from first: Int = 0) -> [Place] {
    (first..<first + count).map { i in
      PlaceStoreTests.place(
        "osm:node/\(i)", 60 + Double(i % 100) * 0.001, 24 + Double(i / 100) * 0.001)
    }
  }

  static func feed(_ batches: Batches, area: PlaceStore.NewArea) -> PlaceStore.PlaceFeed {
    PlaceStore.PlaceFeed(next: { try batches.next() }, end: { (area, []) })
  }

  @Test("a feed of unknown size is stored whole, with the area and count known at its end")
  func storedAsItComes() async throws {
    let store = try PlaceStore.inMemory()
    // More than `bulkSize`: the cell index is dropped midway and built again.
    let batches = (0..<6).map { Self.places(2_500, from: $0 * 2_500) }
    let all = Array(batches.joined())
    let known = PlaceStoreTests.area("Feed", all)
    let placeholder = PlaceStore.NewArea(
      name: "Feed", source: "later", origin: .file("/tmp/feed.geojson"),
      boundary: .box(south: 0, west: 0, north: 0, east: 0))
    let stored = try await store.add(placeholder, feed: Self.feed(Batches(batches), area: known))
    #expect(stored.placeCount == 15_000)
    #expect(stored.source == "test")
    #expect(stored.boundary == known.boundary)
    #expect(try await store.placeCount() == 15_000)
    let query = try PlaceQuery(center: Coordinate(latitude: 60.05, longitude: 24.1), radius: 500)
    let found = try await store.search(query)
    #expect(!found.isEmpty)
    let indexes = try await store.database.writer.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'")
    }
    #expect(indexes.contains("placeByCell"))
  }

  @Test("a feed that fails after some batches stores nothing; the area it replaced stays")
  func failingFeed() async throws {
    let store = try PlaceStore.inMemory()
    let old = Self.places(10)
    try await store.add(PlaceStoreTests.area("Kept", old), places: old)
    let batches = Batches((0..<3).map { Self.places(5_000, from: 100 + $0 * 5_000) }, failAfter: 2)
    await #expect(throws: StorageError.self) {
      try await store.add(
        PlaceStoreTests.area("Kept", old),
        feed: Self.feed(batches, area: PlaceStoreTests.area("Kept", old)))
    }
    #expect(try await store.areas().map(\.placeCount) == [10])
    #expect(try await store.placeCount() == 10)
  }
}
