import BearingLocation
import BearingMap
import BearingPlaces
import Foundation
import GRDB

/// Offline places of many areas in one SQLite file, indexed by grid cell, so a search reads
/// only the places near it and opening costs the same for 86 places or a million.
///
/// Each import or download is a ``StoredArea``; places are kept once by id however many areas
/// hold them, and removing an area removes only the places no other area holds. Adding an area
/// is one transaction: an interrupted import or download leaves no half area.
///
/// The file is separate from the app's personal database (favourites, notes): it is large,
/// can be fetched again, and is not integrity-checked on every start.
///
/// ```swift
/// let store = try PlaceStore(path: dataDirectory + "/places.sqlite")
/// try await store.add(StoredArea.New(name: "Kallio", source: "OpenStreetMap",
///   origin: .file(path), boundary: .box(...)), places: places)
/// let cafés = try await store.search(query)
/// ```
public struct PlaceStore: Sendable {
  /// The database, opened with the store's own migrations.
  public let database: LocalDatabase

  /// Opens (creating if needed) the store at `path`.
  public init(path: String) throws(StorageError) {
    database = try LocalDatabase(
      path: path, options: .init(checksIntegrityOnOpen: false), migrator: Self.migrator)
  }

  /// An empty store in memory, for tests.
  public static func inMemory() throws(StorageError) -> PlaceStore {
    PlaceStore(database: try LocalDatabase.inMemory(migrator: migrator))
  }

  init(database: LocalDatabase) { self.database = database }

  /// The store's schema. Never edit a shipped migration: add one.
  ///
  /// - `places-v1`: areas, places, their membership, and an R*Tree over the places' positions.
  /// - `places-v2`: place names resolved online (`--near`), so each is asked for once.
  /// - `places-v3`: the R*Tree gives way to a grid-cell column under an ordinary index
  ///   (``cell(_:)``), which a bulk import can rebuild in one sort instead of a million inserts.
  /// - `places-v4`: street geometry for maps, in pieces under grid cells of 1/400°.
  public static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("places-v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE area (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            source TEXT NOT NULL,
            attribution TEXT NOT NULL,
            origin TEXT NOT NULL,
            south REAL NOT NULL, west REAL NOT NULL, north REAL NOT NULL, east REAL NOT NULL,
            circleLatitude REAL, circleLongitude REAL, circleRadius REAL,
            storedAt DATETIME NOT NULL,
            placeCount INTEGER NOT NULL
          );
          CREATE TABLE place (
            rowid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            address TEXT,
            categories TEXT NOT NULL,
            phone TEXT,
            website TEXT,
            source TEXT NOT NULL
          );
          CREATE TABLE areaPlace (
            areaId INTEGER NOT NULL REFERENCES area(id) ON DELETE CASCADE,
            placeRowid INTEGER NOT NULL REFERENCES place(rowid),
            PRIMARY KEY (areaId, placeRowid)
          ) WITHOUT ROWID;
          CREATE INDEX areaPlaceByPlace ON areaPlace(placeRowid);
          CREATE VIRTUAL TABLE placeIndex USING rtree(
            rowid, minLatitude, maxLatitude, minLongitude, maxLongitude);
          """)
    }
    migrator.registerMigration("places-v2") { db in
      try db.create(table: "geocode") { t in
        t.primaryKey("query", .text)
        t.column("answers", .blob).notNull()
        t.column("fetchedAt", .datetime).notNull()
      }
    }
    migrator.registerMigration("places-v3") { db in
      // The cell expression is `cell(_:)`'s: SQLite's CAST truncates as Swift's `Int(_:)` does.
      try db.execute(
        sql: """
          DROP TABLE placeIndex;
          ALTER TABLE place ADD COLUMN cell INTEGER NOT NULL DEFAULT 0;
          UPDATE place SET cell = CAST((latitude + 90) * \(cellsPerDegree) AS INTEGER) * \(rowStride)
            + CAST((longitude + 180) * \(cellsPerDegree) AS INTEGER);
          CREATE INDEX placeByCell ON place(cell);
          """)
    }
    migrator.registerMigration("places-v4") { db in
      // Street geometry for maps, in pieces under a grid cell each (`PlaceStore+Streets`).
      try db.execute(
        sql: """
          CREATE TABLE street (
            id INTEGER PRIMARY KEY,
            areaId INTEGER NOT NULL REFERENCES area(id) ON DELETE CASCADE,
            cell INTEGER NOT NULL,
            kind INTEGER NOT NULL,
            points BLOB NOT NULL
          );
          CREATE INDEX streetByCell ON street(cell);
          CREATE INDEX streetByArea ON street(areaId);
          """)
    }
    return migrator
  }

  // MARK: - Resolved names

  /// The answers stored for `text` (compared without case or accents), or `nil` when it was
  /// never asked for.
  public func cachedGeocode(_ text: String) async throws(StorageError) -> [GeocodedPlace]? {
    let key = Self.fold(text.trimmingCharacters(in: .whitespaces))
    return try await database.mapErrors {
      try await database.writer.read { db in
        guard
          let data = try Data.fetchOne(
            db, sql: "SELECT answers FROM geocode WHERE query = ?", arguments: [key])
        else { return nil }
        return try JSONDecoder().decode([GeocodedPlace].self, from: data)
      }
    }
  }

  /// Keeps `answers` for `text`.
  public func saveGeocode(
    _ text: String, answers: [GeocodedPlace], at date: Date = Date()
  ) async throws(StorageError) {
    let key = Self.fold(text.trimmingCharacters(in: .whitespaces))
    let data = try await database.mapErrors { try JSONEncoder().encode(answers) }
    try await database.mapErrors {
      try await database.writer.write { db in
        try db.execute(
          sql: "INSERT OR REPLACE INTO geocode (query, answers, fetchedAt) VALUES (?, ?, ?)",
          arguments: [key, data, date])
      }
    }
  }

  // MARK: - Areas

  /// What the caller knows of an area before it is stored.
  public struct NewArea: Hashable, Sendable {
    public var name: String
    public var source: String
    public var attribution: String
    public var origin: StoredArea.Origin
    public var boundary: StoredArea.Boundary

    public init(
      name: String, source: String,
      attribution: String = DataCoverage.openStreetMapAttribution,
      origin: StoredArea.Origin, boundary: StoredArea.Boundary
    ) {
      self.name = name
      self.source = source
      self.attribution = attribution
      self.origin = origin
      self.boundary = boundary
    }
  }

  /// Every stored area, oldest first.
  public func areas() async throws(StorageError) -> [StoredArea] {
    try await database.mapErrors {
      try await database.writer.read { db in try Self.areas(db) }
    }
  }

  static func areas(_ db: Database) throws -> [StoredArea] {
    try Row.fetchAll(db, sql: "SELECT * FROM area ORDER BY storedAt, id").compactMap(area(from:))
  }

  private static func area(from row: Row) -> StoredArea? {
    guard let origin = StoredArea.Origin(text: row["origin"]) else { return nil }
    let boundary: StoredArea.Boundary
    if let latitude: Double = row["circleLatitude"], let longitude: Double = row["circleLongitude"],
      let radius: Double = row["circleRadius"]
    {
      boundary = .circle(
        center: Coordinate(latitude: latitude, longitude: longitude), radius: radius)
    } else {
      boundary = .box(
        south: row["south"], west: row["west"], north: row["north"], east: row["east"])
    }
    return StoredArea(
      id: row["id"], name: row["name"], source: row["source"], attribution: row["attribution"],
      origin: origin, boundary: boundary, storedAt: row["storedAt"], placeCount: row["placeCount"])
  }

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
    _ area: NewArea, places: [Place], streets: [StreetLine] = [], storedAt: Date = Date()
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
          end: { (nil, streets) }, db)
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

    public init(
      next: @escaping @Sendable () throws -> [Place]?,
      expectedCount: @escaping @Sendable () -> Int? = { nil },
      end: @escaping @Sendable () throws -> (area: NewArea?, streets: [StreetLine])
    ) {
      self.next = next
      self.expectedCount = expectedCount
      self.end = end
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
          end: feed.end, db)
      }
    }
  }

  /// The page cache of a feed of unknown size, in KiB: enough for the id index of a million
  /// places, small beside the memory an import of them may take.
  static let feedCacheKiB = 49_152

  private static func add(
    _ area: NewArea, storedAt: Date, expectedCount: () -> Int?, next: () throws -> [Place]?,
    end: () throws -> (area: NewArea?, streets: [StreetLine]), _ db: Database
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
          website, source, cell)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET name = excluded.name, latitude = excluded.latitude,
          longitude = excluded.longitude, address = excluded.address,
          categories = excluded.categories, phone = excluded.phone,
          website = excluded.website, source = excluded.source, cell = excluded.cell
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
        upsert.bind(10, Self.cell(place.coordinate))
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
    return try Self.areas(db).first { $0.id == areaID }!
  }

  /// From this many places up, an area that at least doubles the store rebuilds the cell
  /// index rather than inserting into it.
  static let bulkSize = 10_000

  /// Cells are 1/1000° on a side (111 m north to south): a 250 m search box reads about the
  /// places in it, not a square kilometre around it.
  static let cellsPerDegree = 1_000
  /// A row of cells spans 360° × ``cellsPerDegree`` + 1 columns, rounded up to a power of two.
  static let rowStride = 524_288

  /// The grid cell holding `coordinate`: its row (from the south pole) times ``rowStride``
  /// plus its column (from the antimeridian), so the cells of one row between two longitudes
  /// are one range of integers.
  static func cell(_ coordinate: Coordinate) -> Int64 {
    row(coordinate.latitude) * Int64(rowStride) + column(coordinate.longitude)
  }

  static func row(_ latitude: Double) -> Int64 {
    Int64((latitude + 90) * Double(cellsPerDegree))
  }

  static func column(_ longitude: Double) -> Int64 {
    Int64((longitude + 180) * Double(cellsPerDegree))
  }

  /// Removes the area called `name` and the places no other area holds; `nil` when there is
  /// no such area.
  @discardableResult
  public func removeArea(named name: String) async throws(StorageError) -> StoredArea? {
    try await database.mapErrors {
      try await database.writer.write { db in try Self.remove(named: name, db) }
    }
  }

  private static func remove(named name: String, _ db: Database) throws -> StoredArea? {
    guard
      let area = try Row.fetchOne(db, sql: "SELECT * FROM area WHERE name = ?", arguments: [name])
        .flatMap(area(from:))
    else { return nil }
    let id = area.id
    try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS orphan (rowid INTEGER PRIMARY KEY)")
    try db.execute(sql: "DELETE FROM orphan")
    // The places only this area holds.
    try db.execute(
      sql: """
        INSERT INTO orphan
          SELECT placeRowid FROM areaPlace a WHERE a.areaId = ?
          AND NOT EXISTS (
            SELECT 1 FROM areaPlace b WHERE b.placeRowid = a.placeRowid AND b.areaId != ?)
        """, arguments: [id, id])
    try db.execute(sql: "DELETE FROM street WHERE areaId = ?", arguments: [id])
    try db.execute(sql: "DELETE FROM areaPlace WHERE areaId = ?", arguments: [id])
    try db.execute(sql: "DELETE FROM area WHERE id = ?", arguments: [id])
    try db.execute(sql: "DELETE FROM place WHERE rowid IN (SELECT rowid FROM orphan)")
    try db.execute(sql: "DELETE FROM orphan")
    return area
  }

  /// How many places the store holds, each counted once.
  public func placeCount() async throws(StorageError) -> Int {
    try await database.mapErrors {
      try await database.writer.read { db in
        try Int.fetchOne(db, sql: "SELECT count(*) FROM place") ?? 0
      }
    }
  }

  // MARK: - Search

  /// The places matching `query`, nearest first, each with its distance; it does not check
  /// that an area covers the query (``PlacesClient/stored(_:builtIn:)`` does).
  ///
  /// Reads the cell index in growing boxes around the center, from 250 m up to the radius,
  /// one range of cells per row of the box, and stops as soon as the box's inscribed circle
  /// holds `limit` matches.
  public func search(_ query: PlaceQuery) async throws(StorageError) -> [Place] {
    let wanted = Set(query.categories.map(\.displayName))
    let text = query.text.map(Self.fold)
    return try await database.mapErrors {
      try await database.writer.read { db in
        let inCells = try db.cachedStatement(
          sql: """
            SELECT * FROM place WHERE cell BETWEEN ? AND ?
              AND latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?
            """)
        var reach = min(query.radius, 250)
        while true {
          var found: [Place] = []
          for box in GeoBox.around(query.center, radius: reach).parts {
            let west = Self.column(box.west)
            let east = Self.column(box.east)
            for row in Self.row(box.south)...Self.row(box.north) {
              let rows = try Row.fetchCursor(
                inCells,
                arguments: [
                  row * Int64(Self.rowStride) + west, row * Int64(Self.rowStride) + east,
                  box.south, box.north, box.west, box.east,
                ])
              while let row = try rows.next() {
                var place = Self.place(from: row)
                let distance = query.center.distance(to: place.coordinate)
                guard distance <= reach else { continue }
                if !wanted.isEmpty, !place.categories.contains(where: wanted.contains) { continue }
                if let text,
                  !Self.fold(([place.name] + place.categories).joined(separator: "\n"))
                    .contains(text)
                {
                  continue
                }
                place.distance = distance
                found.append(place)
              }
            }
          }
          found.sort { ($0.distance!, $0.id) < ($1.distance!, $1.id) }
          found = Self.distinct(found)
          if found.count >= query.limit || reach >= query.radius {
            return Array(found.prefix(query.limit))
          }
          reach = min(query.radius, reach * 4)
        }
      }
    }
  }

  /// Metres within which two stored places of the same name are one café: the same list
  /// imported under two names (ids made from the file's name differ), or a café in an
  /// OpenStreetMap extract and in a list of one's own.
  public static let sameCaféDistance = 30.0

  /// `places` (nearest first) with every place dropped that has the name of a nearer one kept
  /// within ``sameCaféDistance`` (names compared ignoring case and accents). Places of one id are
  /// already one row: the store keeps each id once, whatever the number of areas holding it.
  static func distinct(_ places: [Place]) -> [Place] {
    var kept: [Place] = []
    var keptNames: [String] = []
    for place in places {
      let name = fold(place.name)
      let duplicate = zip(kept, keptNames).contains { other, otherName in
        otherName == name
          && other.coordinate.distance(to: place.coordinate) <= sameCaféDistance
      }
      if !duplicate {
        kept.append(place)
        keptNames.append(name)
      }
    }
    return kept
  }

  private static func place(from row: Row) -> Place {
    let categories: String = row["categories"]
    return Place(
      id: row["id"], name: row["name"],
      coordinate: Coordinate(latitude: row["latitude"], longitude: row["longitude"]),
      address: row["address"],
      categories: categories.isEmpty ? [] : categories.components(separatedBy: "\n"),
      phone: row["phone"], website: row["website"],
      source: PlaceSource(rawValue: row["source"]) ?? .openStreetMap)
  }

  /// The stored places whose id is `text` or whose name is `text`, ignoring ASCII case.
  public func places(idOrName text: String) async throws(StorageError) -> [Place] {
    try await database.mapErrors {
      try await database.writer.read { db in
        try Row.fetchAll(
          db, sql: "SELECT * FROM place WHERE id = ?1 OR name = ?1 COLLATE NOCASE ORDER BY id",
          arguments: [text]
        ).map(Self.place(from:))
      }
    }
  }

  /// The stored places whose names contain `text` (case and accents ignored), for `--near`.
  public func places(named text: String, limit: Int = 20) async throws(StorageError) -> [Place] {
    let folded = Self.fold(text)
    return try await database.mapErrors {
      try await database.writer.read { db in
        let rows = try Row.fetchCursor(db, sql: "SELECT * FROM place ORDER BY id")
        var matches: [Place] = []
        while let row = try rows.next(), matches.count < limit {
          let place = Self.place(from: row)
          if Self.fold(place.name).contains(folded) { matches.append(place) }
        }
        return matches
      }
    }
  }

  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}
