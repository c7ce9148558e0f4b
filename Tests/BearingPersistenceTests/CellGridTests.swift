import BearingLocation
import BearingProcessTesting
import GRDB
import Testing

@testable import BearingPlaceStore

/// The grid's arithmetic is Swift's alone (``CellGrid``); stores migrated by earlier versions
/// got their cells from SQL that wrote the formula again. These tests hold the two to the same
/// cells, so that a search finds what an old migration indexed.
@Suite("Cell grid", .offPool)
struct CellGridTests {
  /// The cell expression migration `places-v3` shipped with, as it was.
  static let shippedV3Cell = """
    CAST((?1 + 90) * 1000 AS INTEGER) * 524288 + CAST((?2 + 180) * 1000 AS INTEGER)
    """

  /// Poles, the antimeridian from both sides, the equator and prime meridian, negative
  /// coordinates, cell boundaries and the doubles on either side of them, and positions whose
  /// cell is a rounding away.
  static func edgeCases() -> [Coordinate] {
    var latitudes: [Double] = [
      -90, -89.999_5, -45.000_5, -33.868_8, -17.8, -0.001, -0.000_5, -0.0, 0, 0.000_5, 0.29,
      48.85, 60.169_999_999, 60.17, 60.001, 89.999_9, 90,
    ]
    var longitudes: [Double] = [
      -180, -179.999_99, -179.999_5, -151.209_3, -43.2, -0.57, -0.000_5, -0.0, 0, 0.000_5,
      2.35, 24.940_000_001, 151.209_3, 179.999_5, 179.999_99, 180,
    ]
    // Every 1/1000° boundary near a few places, and its neighbouring doubles.
    for boundary in [-89.999, -12.345, -0.001, 0.001, 60.17, 89.999] {
      latitudes += [boundary.nextDown, boundary, boundary.nextUp]
    }
    for boundary in [-179.999, -122.419, -0.001, 0.001, 24.94, 179.999] {
      longitudes += [boundary.nextDown, boundary, boundary.nextUp]
    }
    return latitudes.flatMap { latitude in
      longitudes.map { Coordinate(latitude: latitude, longitude: $0) }
    }
  }

  @Test("the SQL v3 shipped with and the grid give every edge case the same cell")
  func shippedSQLAgrees() throws {
    let queue = try DatabaseQueue()
    let cases = Self.edgeCases()
    var generator = SplitMix(seed: 25)
    let random = (0..<10_000).map { _ in
      Coordinate(
        latitude: Double(generator.next() % 180_000_001) / 1_000_000 - 90,
        longitude: Double(generator.next() % 360_000_001) / 1_000_000 - 180)
    }
    try queue.read { db in
      let cell = CellGrid.places.sqlFunction(named: "placeCell")
      db.add(function: cell)
      for coordinate in cases + random {
        let arguments: StatementArguments = [coordinate.latitude, coordinate.longitude]
        let shipped = try Int64.fetchOne(
          db, sql: "SELECT \(Self.shippedV3Cell)", arguments: arguments)
        let function = try Int64.fetchOne(db, sql: "SELECT placeCell(?1, ?2)", arguments: arguments)
        #expect(shipped == CellGrid.places.cell(coordinate), "\(coordinate)")
        #expect(function == CellGrid.places.cell(coordinate), "\(coordinate)")
      }
    }
  }

  @Test("a cell's row and column are its position's, from the south pole and the antimeridian")
  func rowsAndColumns() {
    let grid = CellGrid.places
    #expect(grid.cell(Coordinate(latitude: -90, longitude: -180)) == 0)
    #expect(grid.cell(Coordinate(latitude: -90, longitude: 180)) == 360_000)
    #expect(grid.cell(Coordinate(latitude: 90, longitude: -180)) == 180_000 * 524_288)
    #expect(grid.row(0.000_5) == 90_000)
    #expect(grid.row(-0.000_5) == 89_999)
    #expect(grid.column(-0.000_5) == 179_999)
    #expect(grid.column(0) == 180_000)
    // The columns of a row fit in its stride, so rows never overlap.
    #expect(grid.column(180) < grid.rowStride)
    #expect(CellGrid.streets.column(180) < CellGrid.streets.rowStride)
    #expect(
      CellGrid.streets.cell(Coordinate(latitude: 0, longitude: 0)) == 36_000 * 262_144 + 72_000)
  }
}
