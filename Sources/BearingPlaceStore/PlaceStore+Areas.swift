import BearingLocation
import BearingPlaces
import BearingSQLite
import Foundation
import GRDB

/// The areas of the store: each import or download is one, and a place is kept once however
/// many areas hold it.
extension PlaceStore {
  /// What the caller knows of an area before it is stored.
  public struct NewArea: Hashable, Sendable {
    /// The area's name; storing an area under a name already stored replaces that area.
    public var name: String
    /// Where and when the data comes from, such as "OpenStreetMap 2026-11-20".
    public var source: String
    /// The credit the data's licence asks for.
    public var attribution: String
    /// Where the data came from and how it was read, so that it can be fetched again.
    public var origin: StoredArea.Origin
    /// The area's shape, which decides the points it covers.
    public var boundary: StoredArea.Boundary

    /// Describes an area to store; the attribution defaults to OpenStreetMap's.
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

  /// Removes the area called `name` and the places no other area holds; `nil` when there is
  /// no such area.
  @discardableResult
  public func removeArea(named name: String) async throws(StorageError) -> StoredArea? {
    try await database.mapErrors {
      try await database.writer.write { db in try Self.remove(named: name, db) }
    }
  }

  /// Removes the area called `name` with its streets, its walking graph and the places only it holds, in the
  /// caller's transaction (an import replacing an area of the same name calls it too); returns
  /// the area as it was, its ``StoredArea/placeCount`` the places removed with it.
  static func remove(named name: String, _ db: Database) throws -> StoredArea? {
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
    try db.execute(sql: "DELETE FROM walkingGraph WHERE areaId = ?", arguments: [id])
    try db.execute(sql: "DELETE FROM areaPlace WHERE areaId = ?", arguments: [id])
    try db.execute(sql: "DELETE FROM area WHERE id = ?", arguments: [id])
    try db.execute(sql: "DELETE FROM place WHERE rowid IN (SELECT rowid FROM orphan)")
    var removed = area
    removed.placeCount = db.changesCount
    try db.execute(sql: "DELETE FROM orphan")
    return removed
  }
}
