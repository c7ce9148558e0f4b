import BearingLocation
import GRDB

/// A grid of cells over the globe, numbered row by row from the south pole, so that the cells of
/// one row between two longitudes are one range of integers: a search box is read as one
/// `cell BETWEEN` range per row of it.
///
/// The one home of the grid's arithmetic: Swift computes the cells of what it stores, and
/// SQL that needs a cell calls the grid's ``sqlFunction`` (as migration `places-v3` does) rather
/// than writing the formula again.
///
/// ```swift
/// let cell = CellGrid.places.cell(coordinate)   // row × rowStride + column
/// ```
struct CellGrid: Sendable {
  /// Cells a degree spans, north to south and east to west.
  let cellsPerDegree: Double
  /// The numbers a row takes: 360 × ``cellsPerDegree`` + 1 columns (longitude 180 is a
  /// column of its own), rounded up to a power of two.
  let rowStride: Int64

  /// The places' grid: cells are 1/1000° on a side (111 m north to south), so a 250 m search
  /// box reads about the places in it, not a square kilometre around it.
  static let places = CellGrid(cellsPerDegree: 1_000, rowStride: 524_288)
  /// The street pieces' grid: 1/400° (278 m north to south), see `PlaceStore+Streets`.
  static let streets = CellGrid(cellsPerDegree: 400, rowStride: 262_144)

  /// The row holding `latitude`, counted from the south pole; the conversion truncates, as
  /// SQLite's `CAST(... AS INTEGER)` does.
  func row(_ latitude: Double) -> Int64 {
    Int64((latitude + 90) * cellsPerDegree)
  }

  /// The column holding `longitude`, counted eastwards from the antimeridian.
  func column(_ longitude: Double) -> Int64 {
    Int64((longitude + 180) * cellsPerDegree)
  }

  /// The cell at `row` and `column`.
  func cell(row: Int64, column: Int64) -> Int64 {
    row * rowStride + column
  }

  /// The cell holding `coordinate`.
  func cell(_ coordinate: Coordinate) -> Int64 {
    cell(row: row(coordinate.latitude), column: column(coordinate.longitude))
  }

  /// `name(latitude, longitude)` in SQL: the cell of a position, for SQL that fills a cell
  /// column. Add it to a connection with `db.add(function:)`.
  func sqlFunction(named name: String) -> DatabaseFunction {
    DatabaseFunction(name, argumentCount: 2, pure: true) { [self] arguments in
      guard let latitude = Double.fromDatabaseValue(arguments[0]),
        let longitude = Double.fromDatabaseValue(arguments[1])
      else { return nil }
      return cell(row: row(latitude), column: column(longitude))
    }
  }
}
