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

  /// The walking graph of the stored area around `point` (its places' box, widened by about a
  /// kilometre, since streets reach past the last café), the largest when several hold it;
  /// `nil` when no area there has one.
  ///
  /// - throws: ``StorageError`` when the store cannot be read; a damaged graph is none.
  public func walkingGraph(around point: Coordinate) async throws(StorageError) -> WalkingGraph? {
    try await database.mapErrors {
      try await database.writer.read { db in try Self.walkingGraph(around: point, db) }
    }
  }

  static func walkingGraph(around point: Coordinate, _ db: Database) throws -> WalkingGraph? {
    let margin = 0.01
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT a.west, a.east, g.graph FROM walkingGraph g JOIN area a ON a.id = g.areaId
        WHERE a.south - ? <= ? AND a.north + ? >= ?
        ORDER BY length(g.graph) DESC
        """,
      arguments: [margin, point.latitude, margin, point.latitude])
    for row in rows {
      let west: Double = row["west"]
      let east: Double = row["east"]
      let longitude = point.longitude
      // A box across the antimeridian has its west east of its east.
      let inside =
        west <= east
        ? longitude >= west - margin && longitude <= east + margin
        : longitude >= west - margin || longitude <= east + margin
      guard inside, let bytes = row["graph"] as Data? else { continue }
      if let graph = try? WalkingGraph(serialized: bytes) { return graph }
    }
    return nil
  }
}
