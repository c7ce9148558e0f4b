import BearingLocation
import Foundation

/// What a map shows: a centre, a scale and a size in terminal cells.
///
/// A cell holds a braille character of 2 × 4 dots, and a terminal cell is about twice as tall as
/// it is wide, so a dot is square: one scale, `metresPerDot`, serves both axes.
///
/// ```swift
/// let viewport = MapViewport(
///   center: Coordinate(latitude: 60.1699, longitude: 24.9384), radius: 500,
///   columns: 80, rows: 24)
/// ```
public struct MapViewport: Hashable, Sendable {
  /// The coordinate at the middle of the map.
  public var center: Coordinate
  /// Metres on the ground per braille dot.
  public var metresPerDot: Double
  /// Width in terminal cells (2 dots each).
  public var columns: Int
  /// Height in terminal cells (4 dots each).
  public var rows: Int

  /// A viewport of an explicit scale. Sizes below one cell count as one; a scale that is not a
  /// positive finite number is 1 m a dot.
  public init(center: Coordinate, metresPerDot: Double, columns: Int, rows: Int) {
    self.center = center
    self.metresPerDot = metresPerDot.isFinite && metresPerDot > 0 ? metresPerDot : 1
    self.columns = max(1, columns)
    self.rows = max(1, rows)
  }

  /// The viewport whose shorter side just holds a circle of `radius` metres around `center`.
  public init(center: Coordinate, radius: Double, columns: Int, rows: Int) {
    let columns = max(1, columns)
    let rows = max(1, rows)
    let halfSide = Double(min(columns * 2, rows * 4)) / 2
    self.init(
      center: center, metresPerDot: radius / max(1, halfSide - 1), columns: columns, rows: rows)
  }

  /// Width in braille dots.
  public var dotColumns: Int { columns * 2 }
  /// Height in braille dots.
  public var dotRows: Int { rows * 4 }

  /// The distance from the centre to the farthest corner, in metres: what a query for the
  /// geometry in view must cover.
  public var reach: Double {
    let halfWidth = Double(dotColumns) / 2 * metresPerDot
    let halfHeight = Double(dotRows) / 2 * metresPerDot
    return (halfWidth * halfWidth + halfHeight * halfHeight).squareRoot()
  }
}
