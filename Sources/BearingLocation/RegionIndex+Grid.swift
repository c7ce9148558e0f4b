import Foundation

extension RegionIndex {
  /// The latitude/longitude partition of the sphere at one level.
  ///
  /// Rows are bands of equal latitude height; each row is cut into as many equal longitude
  /// columns as keep a cell at least as wide as it is tall at the row's edge nearer the pole,
  /// so cells stay roughly square everywhere and a polar row is a single cell. Any
  /// deterministic partition is correct here (the query enumerates every cell that meets the
  /// search cap's bounding box); the shape only affects speed.
  struct Grid: Sendable {
    /// The level's number, 0 ..< ``RegionIndex/levelCount``.
    let level: Int
    /// The side of a cell in metres, and the largest reach a region of this level may have.
    let cellSize: Double
    /// The side of a cell in radians.
    let angle: Double
    let rowCount: Int

    init(level: Int) {
      self.level = level
      cellSize = RegionIndex.smallestCellSize * pow(4, Double(level))
      angle = cellSize / Coordinate.earthRadius
      rowCount = max(1, Int((Double.pi / angle).rounded(.up)))
    }

    func row(latitude φ: Double) -> Int {
      let row = ((φ + .pi / 2) / angle).rounded(.down)
      return row < 0 ? 0 : min(rowCount - 1, Int(row))
    }

    func columnCount(row: Int) -> Int {
      let lower = -Double.pi / 2 + Double(row) * angle
      let upper = min(Double.pi / 2, lower + angle)
      let poleward = min(Double.pi / 2, max(abs(lower), abs(upper)))
      let count = (2 * Double.pi * Self.approximateCosine(poleward) / angle).rounded(.down)
      return count < 1 ? 1 : Int(min(count, Double(RegionIndex.maximumColumns)))
    }

    /// Bhaskara's rational approximation of cos x on 0…π/2 (within 0.002): the partition needs
    /// a deterministic width per row, not an exact one, and this costs a division, not a call.
    @inline(__always)
    static func approximateCosine(_ x: Double) -> Double {
      let square = x * x
      return max(0, (Double.pi * Double.pi - 4 * square) / (Double.pi * Double.pi + square))
    }

    /// The column of longitude `λ` (radians) without wrapping, for one end of a range.
    func unwrappedColumn(longitude λ: Double, columnCount: Int) -> Int {
      Int(((λ + .pi) / (2 * .pi) * Double(columnCount)).rounded(.down))
    }

    func column(longitude λ: Double, columnCount: Int) -> Int {
      let column = unwrappedColumn(longitude: λ, columnCount: columnCount)
      return column < 0 ? 0 : min(columnCount - 1, column)
    }

    /// The key of the cell holding the point at latitude `φ`, longitude `λ` (radians).
    func key(latitude φ: Double, longitude λ: Double) -> UInt64 {
      let row = row(latitude: φ)
      let column = column(longitude: λ, columnCount: columnCount(row: row))
      return RegionIndex.key(level: level, row: row, column: column)
    }

    /// Calls `body` with the key of every cell that meets the bounding box of the spherical cap
    /// of angular radius `δ` around (`φ`, `λ`), each cell once.
    func forEachCell(
      aroundLatitude φ: Double, cosine cosφ: Double, longitude λ: Double, angularRadius δ: Double,
      _ body: (UInt64) -> Void
    ) {
      let south = φ - δ
      let north = φ + δ
      // The cap's longitude extent: all of it when the cap holds a pole, otherwise the
      // tangent meridians' offset asin(sin δ / cos φ). For a ratio up to 1/2, asin(r) ≤
      // r · π/3 = r · asin(1/2) / (1/2) bounds it from above (asin(r)/r grows with r) without
      // the call;
      // sin δ ≤ δ likewise.
      var halfWidth = Double.pi
      if south > -Double.pi / 2, north < Double.pi / 2 {
        let ratio = δ / cosφ
        if ratio <= 0.5 {
          halfWidth = ratio * (Double.pi / 3) * (1 + 1e-9) + 1e-12
        } else {
          let exact = sin(δ) / cosφ
          if exact < 1 { halfWidth = asin(exact) * (1 + 1e-9) + 1e-12 }
        }
      }
      for row in self.row(latitude: south)...self.row(latitude: north) {
        let columns = columnCount(row: row)
        if halfWidth >= .pi {
          for column in 0..<columns {
            body(RegionIndex.key(level: level, row: row, column: column))
          }
          continue
        }
        let first = unwrappedColumn(longitude: λ - halfWidth, columnCount: columns)
        let last = unwrappedColumn(longitude: λ + halfWidth, columnCount: columns)
        if last - first + 1 >= columns {
          for column in 0..<columns {
            body(RegionIndex.key(level: level, row: row, column: column))
          }
          continue
        }
        for unwrapped in first...last {
          var column = unwrapped % columns
          if column < 0 { column += columns }
          body(RegionIndex.key(level: level, row: row, column: column))
        }
      }
    }
  }
}
