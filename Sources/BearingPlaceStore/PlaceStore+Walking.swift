import BearingLocation
import BearingSQLite
import BearingWalking
import Foundation
import GRDB

/// Walking graphs stored with the areas: one blob an area (``WalkingGraph/serialized()``),
/// written by the import that stores the area and removed with it.
extension PlaceStore {
  static func insert(_ graph: WalkingGraph, areaID: Int64, _ db: Database) throws {
    let statement = try BulkStatement(
      db,
      sql: """
        INSERT OR REPLACE INTO walkingGraph (areaId, graph, south, west, north, east)
        VALUES (?, ?, ?, ?, ?, ?)
        """)
    statement.bind(1, areaID)
    statement.bind(2, bytes: graph.serialized())
    // An empty graph has no box: its columns stay NULL, unbound.
    if let box = graph.bounds {
      statement.bind(3, box.south)
      statement.bind(4, box.west)
      statement.bind(5, box.north)
      statement.bind(6, box.east)
    }
    try statement.run()
  }

  /// The stored areas whose walking graph's streets come within 250 m of `point` (the box of
  /// the graph's points, widened), the largest graph first; an area whose graph's box is not
  /// known (a graph stored damaged) by its places' box widened by about a kilometre.
  ///
  /// - throws: ``StorageError`` when the store cannot be read.
  public func walkingAreas(around point: Coordinate) async throws(StorageError) -> [Int64] {
    try await walkingAreas(around: [point])
  }

  /// The stored areas whose walking graph's streets come within 250 m of any of `points`, as
  /// they are found for one point.
  ///
  /// - throws: ``StorageError`` when the store cannot be read.
  public func walkingAreas(around points: [Coordinate]) async throws(StorageError) -> [Int64] {
    try await database.mapErrors {
      try await database.writer.read { db in try Self.walkingAreas(around: points, db) }
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

  static func walkingAreas(around points: [Coordinate], _ db: Database) throws -> [Int64] {
    guard !points.isEmpty else { return [] }
    let areaMargin = 0.01
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT a.id, g.south, g.west, g.north, g.east,
               a.south AS areaSouth, a.west AS areaWest, a.north AS areaNorth, a.east AS areaEast
        FROM walkingGraph g JOIN area a ON a.id = g.areaId
        ORDER BY length(g.graph) DESC, a.id
        """)
    // 250 m, the farthest a point snaps, in degrees of latitude.
    let latitudeMargin = 250 / 111_195.0
    func holds(_ south: Double, _ west: Double, _ north: Double, _ east: Double, _ margin: Double)
      -> Bool
    {
      points.contains { point in
        guard point.latitude >= south - margin, point.latitude <= north + margin else {
          return false
        }
        let longitude = point.longitude
        let across = margin / max(0.01, cos(point.latitude * .pi / 180))
        // A box across the antimeridian has its west east of its east.
        return west <= east
          ? longitude >= west - across && longitude <= east + across
          : longitude >= west - across || longitude <= east + across
      }
    }
    return rows.compactMap { row in
      if let south = row["south"] as Double?, let west = row["west"] as Double?,
        let north = row["north"] as Double?, let east = row["east"] as Double?
      {
        return holds(south, west, north, east, latitudeMargin) ? row["id"] : nil
      }
      return holds(row["areaSouth"], row["areaWest"], row["areaNorth"], row["areaEast"], areaMargin)
        ? row["id"] : nil
    }
  }
}
