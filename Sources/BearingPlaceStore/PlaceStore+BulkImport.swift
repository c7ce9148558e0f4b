import BearingPlaces
import BearingSQLite
import BearingStreets
import BearingWalking
import Foundation
import GRDB

/// Adding an area's places: one transaction, tuned for a million places (ARCHITECTURE.md, "Imports
/// streamed in one transaction").
extension PlaceStore {
  /// Stores `places` (and the street geometry `streets`, for maps) as the area `area`, in one
  /// transaction; an area of the same name is
  /// replaced (that is how an area is updated). Places already stored by another area are
  /// kept once, with this import's values.
  ///
  /// Places in id order (as ``OSMImporter`` returns them) go in fastest: each lands beside the
  /// last in the id index. When the area brings at least as many places as the store holds,
  /// the cell index is dropped and built again after the rows, one sort instead of a random
  /// insert a place.
  @discardableResult
  public func add(
    _ area: NewArea, places: [Place], streets: [StreetLine] = [],
    walkingGraph: WalkingGraph? = nil, storedAt: Date = Date()
  ) async throws(StorageError) -> StoredArea {
    try await database.mapErrors {
      try await database.writer.write { db in
        var handedOut = false
        return try Self.add(
          area, storedAt: storedAt, expectedCount: { places.count },
          next: {
            defer { handedOut = true }
            return handedOut ? nil : places
          },
          end: { (nil, streets) }, walkingGraph: { walkingGraph }, db)
      }
    }
  }

  /// Places that arrive in batches while they are stored: an import that reads its file as it
  /// writes it (`PlaceImportStream`), so that neither the file nor its places are ever all in
  /// memory.
  public struct PlaceFeed: Sendable {
    /// The next batch, waiting for it; `nil` at the end. What it throws ends the transaction.
    public var next: @Sendable () throws -> [Place]?
    /// How many places come, asked after the first batch; `nil` when it is not known.
    public var expectedCount: @Sendable () -> Int?
    /// Called once `next` has returned `nil`: the area as it is known only then (its source
    /// and boundary replace those given; `nil` keeps them), and the area's street lines.
    public var end: @Sendable () throws -> (area: NewArea?, streets: [StreetLine])
    /// The area's walking graph, asked after `end`; `nil` when it has none.
    public var walkingGraph: @Sendable () -> WalkingGraph?

    /// Creates a feed; without `expectedCount` the count is unknown, and without `walkingGraph`
    /// the area has none.
    public init(
      next: @escaping @Sendable () throws -> [Place]?,
      expectedCount: @escaping @Sendable () -> Int? = { nil },
      end: @escaping @Sendable () throws -> (area: NewArea?, streets: [StreetLine]),
      walkingGraph: @escaping @Sendable () -> WalkingGraph? = { nil }
    ) {
      self.next = next
      self.expectedCount = expectedCount
      self.end = end
      self.walkingGraph = walkingGraph
    }
  }

  /// Stores the places `feed` hands out, batch by batch as they come, as the area `area`, in
  /// one transaction, as ``add(_:places:streets:storedAt:)`` stores a list; the area's place
  /// count is the number of places handed out. When the feed throws, nothing is stored.
  ///
  /// A feed whose count is not known ahead writes through a page cache of
  /// ``feedCacheKiB`` and, once its places are as many as the store held (and at least
  /// ``bulkSize``), drops the cell index, to build it again after the rows.
  @discardableResult
  public func add(
    _ area: NewArea, feed: PlaceFeed, storedAt: Date = Date()
  ) async throws(StorageError) -> StoredArea {
    try await database.mapErrors {
      try await database.writer.write { db in
        try Self.add(
          area, storedAt: storedAt, expectedCount: feed.expectedCount, next: feed.next,
          end: feed.end, walkingGraph: feed.walkingGraph, db)
      }
    }
  }

  /// The page cache of a feed of unknown size, in KiB: enough for the id index of a million
  /// places, small beside the memory an import of them may take.
  static let feedCacheKiB = 49_152

  private static func add(
    _ area: NewArea, storedAt: Date, expectedCount: () -> Int?, next: () throws -> [Place]?,
    end: () throws -> (area: NewArea?, streets: [StreetLine]),
    walkingGraph: () -> WalkingGraph?, _ db: Database
  ) throws -> StoredArea {
    _ = try Self.remove(named: area.name, db)
    try db.execute(
      sql: """
        INSERT INTO area (name, source, attribution, origin, south, west, north, east,
          circleLatitude, circleLongitude, circleRadius, storedAt, placeCount)
        VALUES (?, ?, ?, ?, 0, 0, 0, 0, NULL, NULL, NULL, ?, 0)
        """,
      arguments: [area.name, area.source, area.attribution, area.origin.text, storedAt])
    let areaID = db.lastInsertedRowID
    let stored = try Int.fetchOne(db, sql: "SELECT max(rowid) FROM place") ?? 0
    var rebuildsIndex = false
    func rebuildIndex(after count: Int) throws {
      guard !rebuildsIndex, count >= Self.bulkSize, count >= stored else { return }
      try db.execute(sql: "DROP INDEX placeByCell")
      rebuildsIndex = true
    }
    var batch = try next()
    let expectedCount = expectedCount()
    // Into a store of fewer than `bulkSize` places a feed of unknown size drops the index at
    // once: dropping it later, in the transaction, writes its pages to the statement journal,
    // which then stays a file for the rest of the transaction (a write a place, 4 s a million).
    try rebuildIndex(after: expectedCount ?? (stored < Self.bulkSize ? Self.bulkSize : 0))
    let upsert = try BulkStatement(
      db,
      sql: """
        INSERT INTO place (id, name, latitude, longitude, address, categories, phone,
          website, source, cell, openingHours)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET name = excluded.name, latitude = excluded.latitude,
          longitude = excluded.longitude, address = excluded.address,
          categories = excluded.categories, phone = excluded.phone,
          website = excluded.website, source = excluded.source, cell = excluded.cell,
          openingHours = excluded.openingHours
        RETURNING rowid
        """)
    let member = try BulkStatement(
      db, sql: "INSERT OR IGNORE INTO areaPlace (areaId, placeRowid) VALUES (?, ?)")
    // A bulk import's pages stay in memory until the commit instead of spilling to the
    // WAL and being read back (a quarter KiB a place, at most 256 MiB, this transaction
    // only); a feed of unknown size gets a fixed cache, so memory stays bounded.
    let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
    let cacheKiB = expectedCount.map { min(262_144, max(2_000, $0 / 4)) } ?? Self.feedCacheKiB
    try db.execute(sql: "PRAGMA cache_size = \(-cacheKiB)")
    defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
    var count = 0
    while let places = batch {
      for place in places {
        upsert.bind(1, place.id)
        upsert.bind(2, place.name)
        upsert.bind(3, place.coordinate.latitude)
        upsert.bind(4, place.coordinate.longitude)
        upsert.bind(5, place.address)
        upsert.bind(6, place.categories.joined(separator: "\n"))
        upsert.bind(7, place.phone)
        upsert.bind(8, place.website)
        upsert.bind(9, place.source.rawValue)
        upsert.bind(10, CellGrid.places.cell(place.coordinate))
        upsert.bind(11, place.openingHours)
        guard let rowid = try upsert.run() else { continue }
        member.bind(1, areaID)
        member.bind(2, rowid)
        try member.run()
      }
      count += places.count
      if expectedCount == nil { try rebuildIndex(after: count) }
      batch = try next()
    }
    if rebuildsIndex {
      // The index's sort takes as much memory again as the page cache is large: for a feed,
      // whose memory is bounded, the cache shrinks first (its dirty pages go to the WAL, as
      // they would at the commit).
      if expectedCount == nil { try db.execute(sql: "PRAGMA cache_size = -8192") }
      try db.execute(sql: "CREATE INDEX placeByCell ON place(cell)")
    }
    let (known, streets) = try end()
    let finished = known ?? area
    let boundary = finished.boundary
    let box = boundary.boundingBox
    var circle: (Double, Double, Double)?
    if case .circle(let center, let radius) = boundary {
      circle = (center.latitude, center.longitude, radius)
    }
    try db.execute(
      sql: """
        UPDATE area SET source = ?, attribution = ?, south = ?, west = ?, north = ?, east = ?,
          circleLatitude = ?, circleLongitude = ?, circleRadius = ?, placeCount = ?
        WHERE id = ?
        """,
      arguments: [
        finished.source, finished.attribution, box.south, box.west, box.north, box.east, circle?.0,
        circle?.1, circle?.2, count, areaID,
      ])
    try Self.insert(streets, areaID: areaID, db)
    if let graph = walkingGraph(), graph.edgeCount > 0 {
      try Self.insert(graph, areaID: areaID, db)
    }
    return try Self.areas(db).first { $0.id == areaID }!
  }

  /// From this many places up, an area that at least doubles the store rebuilds the cell
  /// index rather than inserting into it.
  static let bulkSize = 10_000
}
