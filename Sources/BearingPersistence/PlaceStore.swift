import BearingLocation
import BearingPlaces
import Foundation
import GRDB

/// Offline places of many areas in one SQLite file, with an R*Tree index, so a search reads
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

  /// Stores `places` as the area `area`, in one transaction; an area of the same name is
  /// replaced (that is how an area is updated). Places already stored by another area are
  /// kept once, with this import's values.
  @discardableResult
  public func add(
    _ area: NewArea, places: [Place], storedAt: Date = Date()
  ) async throws(StorageError) -> StoredArea {
    try await database.mapErrors {
      try await database.writer.write { db in
        try Self.remove(named: area.name, db)
        let box = StoredArea(
          id: 0, name: area.name, source: area.source, attribution: area.attribution,
          origin: area.origin, boundary: area.boundary, storedAt: storedAt,
          placeCount: places.count
        ).boundingBox
        var circle: (Double, Double, Double)?
        if case .circle(let center, let radius) = area.boundary {
          circle = (center.latitude, center.longitude, radius)
        }
        try db.execute(
          sql: """
            INSERT INTO area (name, source, attribution, origin, south, west, north, east,
              circleLatitude, circleLongitude, circleRadius, storedAt, placeCount)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            area.name, area.source, area.attribution, area.origin.text, box.south, box.west,
            box.north, box.east, circle?.0, circle?.1, circle?.2, storedAt, places.count,
          ])
        let areaID = db.lastInsertedRowID
        let upsert = try db.cachedStatement(
          sql: """
            INSERT INTO place (id, name, latitude, longitude, address, categories, phone,
              website, source)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, latitude = excluded.latitude,
              longitude = excluded.longitude, address = excluded.address,
              categories = excluded.categories, phone = excluded.phone,
              website = excluded.website, source = excluded.source
            RETURNING rowid
            """)
        let index = try db.cachedStatement(
          sql: "INSERT OR REPLACE INTO placeIndex VALUES (?, ?, ?, ?, ?)")
        let member = try db.cachedStatement(
          sql: "INSERT OR IGNORE INTO areaPlace (areaId, placeRowid) VALUES (?, ?)")
        // A bulk import's pages stay in memory until the commit instead of spilling to the
        // WAL and being read back (a quarter KiB a place, at most 256 MiB, this transaction
        // only).
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
        try db.execute(sql: "PRAGMA cache_size = \(-min(262_144, max(2_000, places.count / 4)))")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
        var stored: [(rowid: Int64, coordinate: Coordinate)] = []
        stored.reserveCapacity(places.count)
        for place in places {
          let latitude = place.coordinate.latitude
          let longitude = place.coordinate.longitude
          guard
            let rowid = try Int64.fetchOne(
              upsert,
              arguments: [
                place.id, place.name, latitude, longitude, place.address,
                place.categories.joined(separator: "\n"), place.phone, place.website,
                place.source.rawValue,
              ])
          else { continue }
          try member.execute(arguments: [areaID, rowid])
          stored.append((rowid, place.coordinate))
        }
        // Into the R*Tree in space-filling-curve order: each insert lands near the last, in
        // pages already in memory.
        stored.sort { Self.zOrder($0.coordinate) < Self.zOrder($1.coordinate) }
        for (rowid, coordinate) in stored {
          let latitude = coordinate.latitude
          let longitude = coordinate.longitude
          try index.execute(arguments: [rowid, latitude, latitude, longitude, longitude])
        }
        return try Self.areas(db).first { $0.id == areaID }!
      }
    }
  }

  /// A position's place on a Z-order (Morton) curve over a 2^16 × 2^16 grid.
  static func zOrder(_ coordinate: Coordinate) -> UInt32 {
    let x = UInt32((coordinate.longitude + 180) / 360 * 65_535)
    let y = UInt32((coordinate.latitude + 90) / 180 * 65_535)
    func spread(_ v: UInt32) -> UInt32 {
      var v = v & 0xFFFF
      v = (v | v << 8) & 0x00FF_00FF
      v = (v | v << 4) & 0x0F0F_0F0F
      v = (v | v << 2) & 0x3333_3333
      v = (v | v << 1) & 0x5555_5555
      return v
    }
    return spread(x) | spread(y) << 1
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
    try db.execute(sql: "DELETE FROM areaPlace WHERE areaId = ?", arguments: [id])
    try db.execute(sql: "DELETE FROM area WHERE id = ?", arguments: [id])
    try db.execute(sql: "DELETE FROM placeIndex WHERE rowid IN (SELECT rowid FROM orphan)")
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
  /// Reads the index in growing boxes around the center, from 250 m up to the radius, and
  /// stops as soon as the box's inscribed circle holds `limit` matches.
  public func search(_ query: PlaceQuery) async throws(StorageError) -> [Place] {
    let wanted = Set(query.categories.map(\.displayName))
    let text = query.text.map(Self.fold)
    return try await database.mapErrors {
      try await database.writer.read { db in
        var reach = min(query.radius, 250)
        while true {
          var found: [Place] = []
          for box in GeoBox.around(query.center, radius: reach).parts {
            let rows = try Row.fetchCursor(
              db,
              sql: """
                SELECT p.* FROM placeIndex i JOIN place p ON p.rowid = i.rowid
                WHERE i.minLatitude >= ? AND i.maxLatitude <= ?
                  AND i.minLongitude >= ? AND i.maxLongitude <= ?
                """, arguments: [box.south, box.north, box.west, box.east])
            while let row = try rows.next() {
              var place = Self.place(from: row)
              let distance = query.center.distance(to: place.coordinate)
              guard distance <= reach else { continue }
              if !wanted.isEmpty, !place.categories.contains(where: wanted.contains) { continue }
              if let text,
                !Self.fold(([place.name] + place.categories).joined(separator: "\n")).contains(text)
              {
                continue
              }
              place.distance = distance
              found.append(place)
            }
          }
          if found.count >= query.limit || reach >= query.radius {
            found.sort { ($0.distance!, $0.id) < ($1.distance!, $1.id) }
            return Array(found.prefix(query.limit))
          }
          reach = min(query.radius, reach * 4)
        }
      }
    }
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
