import BearingLocation
import BearingWalking
import Foundation
import GRDB

/// Walking graphs stored with the areas: one blob an area (``WalkingGraph/serialized()``),
/// written by the import that stores the area and removed with it.
extension PlaceStore {
  static func insert(_ graph: WalkingGraph, areaID: Int64, _ db: Database) throws {
    let statement = try BulkStatement(
      db, sql: "INSERT OR REPLACE INTO walkingGraph (areaId, graph) VALUES (?, ?)")
    statement.bind(1, areaID)
    statement.bind(2, bytes: graph.serialized())
    try statement.run()
  }

  /// The stored areas with a walking graph around `point` (their places' box, widened by
  /// about a kilometre, since streets reach past the last café), the largest graph first: the
  /// areas whose graph a walk from `point` may use. Overlapping areas hold several; the one
  /// to use is the first whose streets are near `point` (``walkingGraph(area:)``).
  ///
  /// - throws: ``StorageError`` when the store cannot be read.
  public func walkingAreas(around point: Coordinate) async throws(StorageError) -> [Int64] {
    try await database.mapErrors {
      try await database.writer.read { db in try Self.walkingAreas(around: point, db) }
    }
  }

  /// The walking graph stored with area `id`; `nil` when it has none or it is damaged.
  ///
  /// - throws: ``StorageError`` when the store cannot be read.
  public func walkingGraph(area id: Int64) async throws(StorageError) -> WalkingGraph? {
    try await database.mapErrors {
      try await database.writer.read { db in
        let bytes = try Data.fetchOne(
          db, sql: "SELECT graph FROM walkingGraph WHERE areaId = ?", arguments: [id])
        return bytes.flatMap { try? WalkingGraph(serialized: $0) }
      }
    }
  }

  static func walkingAreas(around point: Coordinate, _ db: Database) throws -> [Int64] {
    let margin = 0.01
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT a.id, a.west, a.east FROM walkingGraph g JOIN area a ON a.id = g.areaId
        WHERE a.south - ? <= ? AND a.north + ? >= ?
        ORDER BY length(g.graph) DESC, a.id
        """,
      arguments: [margin, point.latitude, margin, point.latitude])
    return rows.compactMap { row in
      let west: Double = row["west"]
      let east: Double = row["east"]
      let longitude = point.longitude
      // A box across the antimeridian has its west east of its east.
      let inside =
        west <= east
        ? longitude >= west - margin && longitude <= east + margin
        : longitude >= west - margin || longitude <= east + margin
      return inside ? row["id"] : nil
    }
  }
}
