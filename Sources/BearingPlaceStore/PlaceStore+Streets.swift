import BearingLocation
import BearingSQLite
import BearingStreets
import Foundation
import GRDB
import GRDBSQLite

/// Street geometry stored with the places, for maps.
///
/// A line is cut into pieces, each stored under the grid cell (1/400°, 278 m north to south) of
/// its first point, and each staying within the 3 × 3 cells around that cell: segments longer
/// than a cell are first divided. A query for the streets around a point then reads the cells of
/// its box and one more ring, one `cell BETWEEN` range per row, so what it reads depends on the
/// streets near it, not on how many are stored. Points are stored as little-endian 32-bit
/// microdegrees (8 bytes a point). An area's streets go with it.
extension PlaceStore {
  /// Points a piece holds at most, so a piece stays a short read.
  private static let piecePoints = 32

  /// `line` in pieces of at most ``piecePoints`` points, each with the cell of its first point
  /// and within one cell of it; consecutive pieces share their end point.
  static func pieces(of line: StreetLine) -> [(cell: Int64, points: [Coordinate])] {
    let grid = CellGrid.streets
    let step = 1 / grid.cellsPerDegree
    var points: [Coordinate] = []
    for point in line.points {
      if let last = points.last {
        var east = point.longitude - last.longitude
        if east > 180 { east -= 360 } else if east < -180 { east += 360 }
        let north = point.latitude - last.latitude
        let parts = Int((max(abs(east), abs(north)) / step).rounded(.up))
        if parts > 1 {
          for part in 1..<parts {
            let fraction = Double(part) / Double(parts)
            var longitude = last.longitude + east * fraction
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            points.append(
              Coordinate(latitude: last.latitude + north * fraction, longitude: longitude))
          }
        }
      }
      points.append(point)
    }
    guard points.count >= 2 else { return [] }
    var pieces: [(cell: Int64, points: [Coordinate])] = []
    var current = [points[0]]
    var row = grid.row(points[0].latitude)
    var column = grid.column(points[0].longitude)
    for point in points.dropFirst() {
      let near =
        abs(grid.row(point.latitude) - row) <= 1
        && abs(grid.column(point.longitude) - column) <= 1
      if current.count >= 2, !near || current.count >= piecePoints {
        pieces.append((grid.cell(row: row, column: column), current))
        current = [current[current.count - 1]]
        row = grid.row(current[0].latitude)
        column = grid.column(current[0].longitude)
      }
      current.append(point)
    }
    pieces.append((grid.cell(row: row, column: column), current))
    return pieces
  }

  static func insert(_ streets: [StreetLine], areaID: Int64, _ db: Database) throws {
    guard !streets.isEmpty else { return }
    let statement = try BulkStatement(
      db, sql: "INSERT INTO street (areaId, cell, kind, points) VALUES (?, ?, ?, ?)")
    var bytes: [UInt8] = []
    for line in streets {
      for piece in pieces(of: line) {
        bytes.removeAll(keepingCapacity: true)
        for point in piece.points {
          for value in [point.latitude, point.longitude] {
            let micro = UInt32(bitPattern: Int32((value * 1e6).rounded()))
            bytes += [
              UInt8(truncatingIfNeeded: micro), UInt8(truncatingIfNeeded: micro >> 8),
              UInt8(truncatingIfNeeded: micro >> 16), UInt8(truncatingIfNeeded: micro >> 24),
            ]
          }
        }
        statement.bind(1, areaID)
        statement.bind(2, piece.cell)
        statement.bind(3, Int64(line.kind.rawValue))
        statement.bind(4, bytes: bytes)
        try statement.run()
      }
    }
  }

  /// The stored street pieces that may show within `reach` metres of `center`: every piece
  /// that starts in the box around that circle or one cell beyond it.
  ///
  /// - throws: ``StorageError`` when the store cannot be read.
  public func streets(around center: Coordinate, reach: Double) async throws(StorageError)
    -> [StreetLine]
  {
    try await database.mapErrors {
      try await database.writer.read { db in try Self.streets(around: center, reach: reach, db) }
    }
  }

  static func streets(around center: Coordinate, reach: Double, _ db: Database) throws
    -> [StreetLine]
  {
    let degrees = max(0, reach) / 111_195
    let south = max(-90, center.latitude - degrees)
    let north = min(90, center.latitude + degrees)
    let grid = CellGrid.streets
    let firstRow = grid.row(south) - 1
    let lastRow = grid.row(north) + 1
    // Columns: the box's longitudes and one more on each side, or all of them near a pole.
    let cosine = cos(max(abs(south), abs(north)) * .pi / 180)
    let halfWidth = cosine < 1e-6 ? 360 : degrees / cosine
    let ranges = streetColumnRanges(
      west: center.longitude - halfWidth, east: center.longitude + halfWidth)
    // Stepped through SQLite's C API and decoded from the blob in place: GRDB's rows and a
    // `Data` copy a piece took half the query's time.
    let statement = try db.cachedStatement(
      sql: "SELECT kind, points FROM street WHERE cell BETWEEN ? AND ?")
    let handle = statement.sqliteStatement
    defer { sqlite3_reset(handle) }
    var lines: [StreetLine] = []
    for row in max(0, firstRow)...min(grid.row(90), lastRow) {
      for (west, east) in ranges {
        sqlite3_reset(handle)
        sqlite3_bind_int64(handle, 1, grid.cell(row: row, column: west))
        sqlite3_bind_int64(handle, 2, grid.cell(row: row, column: east))
        while true {
          let code = sqlite3_step(handle)
          if code == SQLITE_DONE { break }
          guard code == SQLITE_ROW else {
            throw DatabaseError(
              resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage,
              sql: statement.sql)
          }
          guard let kind = StreetKind(rawValue: UInt8(clamping: sqlite3_column_int64(handle, 0))),
            let blob = sqlite3_column_blob(handle, 1)
          else { continue }
          let bytes = UnsafeRawBufferPointer(
            start: blob, count: Int(sqlite3_column_bytes(handle, 1)))
          lines.append(StreetLine(kind: kind, points: points(from: bytes)))
        }
      }
    }
    return lines
  }

  /// The column ranges from `west` to `east` (degrees, either beyond ±180) and a column more
  /// on each side, wrapped at the antimeridian into at most three ranges. Column
  /// `360 × 400` holds longitude 180 exactly, beside column 0.
  static func streetColumnRanges(west: Double, east: Double) -> [(Int64, Int64)] {
    let cellsPerDegree = CellGrid.streets.cellsPerDegree
    let full = Int64(360 * cellsPerDegree)
    let first = Int64(((west + 180) * cellsPerDegree).rounded(.down)) - 1
    let last = Int64(((east + 180) * cellsPerDegree).rounded(.down)) + 1
    guard last - first + 1 < full else { return [(0, full)] }
    let start = (first % full + full) % full
    let end = start + (last - first)
    var ranges: [(Int64, Int64)] =
      end < full ? [(start, end)] : [(start, full), (Int64(0), end - full)]
    if start == 0 { ranges.append((full, full)) }
    return ranges
  }

  private static func points(from buffer: UnsafeRawBufferPointer) -> [Coordinate] {
    let count = buffer.count / 8
    var points: [Coordinate] = []
    points.reserveCapacity(count)
    for index in 0..<count {
      let latitude = Int32(
        bitPattern: buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt32.self).littleEndian)
      let longitude = Int32(
        bitPattern: buffer.loadUnaligned(fromByteOffset: index * 8 + 4, as: UInt32.self)
          .littleEndian)
      // Stored from valid coordinates; a damaged row yields no point rather than a trap.
      guard
        let point = try? Coordinate(
          validatingLatitude: Double(latitude) / 1e6, longitude: Double(longitude) / 1e6)
      else { continue }
      points.append(point)
    }
    return points
  }
}
