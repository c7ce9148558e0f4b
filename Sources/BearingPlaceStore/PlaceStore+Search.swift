import BearingLocation
import BearingPlaces
import BearingSQLite
import BearingText
import Foundation
import GRDB

/// Reading places: searches near a point through the cell index, and look-ups by id and name.
/// Names are compared as ``NameFolding`` folds them.
extension PlaceStore {
  /// How many places the store holds, each counted once.
  public func placeCount() async throws(StorageError) -> Int {
    try await database.mapErrors {
      try await database.writer.read { db in
        try Int.fetchOne(db, sql: "SELECT count(*) FROM place") ?? 0
      }
    }
  }

  /// The places matching `query`, nearest first, each with its distance; it does not check
  /// that an area covers the query (``PlacesClient/stored(_:builtIn:)`` does).
  ///
  /// Reads the cell index in growing boxes around the center, from 250 m up to the radius,
  /// one range of cells per row of the box, and stops as soon as the box's inscribed circle
  /// holds `limit` matches.
  public func search(_ query: PlaceQuery) async throws(StorageError) -> [Place] {
    let wanted = Set(query.categories.map(\.displayName))
    let text = query.text.map(NameFolding.fold)
    let grid = CellGrid.places
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
          let margin = reach + Place.sameCaféDistance
          for box in GeoBox.around(query.center, radius: margin).parts {
            let west = grid.column(box.west)
            let east = grid.column(box.east)
            for row in grid.row(box.south)...grid.row(box.north) {
              let rows = try Row.fetchCursor(
                inCells,
                arguments: [
                  grid.cell(row: row, column: west), grid.cell(row: row, column: east),
                  box.south, box.north, box.west, box.east,
                ])
              while let row = try rows.next() {
                var place = Self.place(from: row)
                let distance = query.center.distance(to: place.coordinate)
                guard distance <= margin else { continue }
                if !wanted.isEmpty, !place.categories.contains(where: wanted.contains) { continue }
                if let text, !place.searchText.contains(text) { continue }
                place.distance = distance
                found.append(place)
              }
            }
          }
          found.sort { ($0.distance!, $0.id) < ($1.distance!, $1.id) }
          // A café with a copy within reach is listed by the copy chosen to stand for it,
          // which may lie up to 30 m farther: so the copies beyond reach are read too.
          found = Place.copies(found).compactMap { café in
            café.copies.contains { $0.distance! <= reach } ? café.kept : nil
          }
          found.sort { ($0.distance!, $0.id) < ($1.distance!, $1.id) }
          if found.count >= query.limit || reach >= query.radius {
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
      phone: row["phone"], website: row["website"], openingHours: row["openingHours"],
      source: PlaceSource(rawValue: row["source"]) ?? .openStreetMap)
  }

  /// The stored places whose id is `text` or whose name is `text` (names compared as
  /// ``NameFolding`` folds them), in id order.
  public func places(idOrName text: String) async throws(StorageError) -> [Place] {
    try await database.mapErrors {
      try await database.writer.read { db in
        // An ASCII name folds as SQLite's `lower` lowers it: only names with other characters
        // are folded by a call into Swift, which takes most of a scan's time.
        db.add(function: Self.foldName)
        defer { db.remove(function: Self.foldName) }
        return try Row.fetchAll(
          db,
          sql: """
            SELECT * FROM place
            WHERE id = ?1 OR lower(name) = ?2 OR (name GLOB ?3 AND foldName(name) = ?2)
            ORDER BY id
            """,
          arguments: [text, NameFolding.fold(text), "*[^\u{1}-\u{7F}]*"]
        ).map(Self.place(from:))
      }
    }
  }

  /// `foldName(text)` in SQL: ``NameFolding/fold(_:)``.
  private static let foldName = DatabaseFunction("foldName", argumentCount: 1, pure: true) {
    arguments in
    String.fromDatabaseValue(arguments[0]).map(NameFolding.fold)
  }

  /// The stored places whose names contain `text` (names compared as ``NameFolding`` folds
  /// them), for `--near`.
  public func places(named text: String, limit: Int = 20) async throws(StorageError) -> [Place] {
    let folded = NameFolding.fold(text)
    return try await database.mapErrors {
      try await database.writer.read { db in
        let rows = try Row.fetchCursor(db, sql: "SELECT * FROM place ORDER BY id")
        var matches: [Place] = []
        while let row = try rows.next(), matches.count < limit {
          let place = Self.place(from: row)
          if NameFolding.fold(place.name).contains(folded) { matches.append(place) }
        }
        return matches
      }
    }
  }
}
