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
    /// The side of a cell in metres: at least twice the reach of a region of this level.
    let cellSize: Double
    /// The side of a cell in radians.
    let angle: Double
    let rowCount: Int
    /// Subrows per radian of latitude, and columns per radian of longitude where cells are
    /// square: multiplications, not divisions, on the query's path.
    private let subrowsPerRadian: Double
    private let columnsPerRadian: Double
    /// Every row's column count, for grids of at most 65,536 rows (a quarter megabyte at most):
    /// computing one is a chain of a dozen dependent operations on the query's path.
    private var columnCounts: [Int32] = []

    init(level: Int) {
      self.level = level
      cellSize = RegionIndex.smallestCellSize * pow(RegionIndex.levelFactor, Double(level))
      angle = cellSize / Coordinate.earthRadius
      rowCount = max(1, Int((Double.pi / angle).rounded(.up)))
      subrowsPerRadian = Double(Self.subdivisions) / angle
      columnsPerRadian = 1 / angle
      if rowCount <= 1 << 16 {
        columnCounts = (0..<rowCount).map { Int32(computedColumnCount(row: $0)) }
      }
    }

    /// `x` rounded down, for |x| < 2⁵¹ (every grid coordinate here is below 2³²).
    ///
    /// Adding 1.5 × 2⁵² leaves the nearest integer to `x` in the significand's low bits, so no
    /// libm call and no checked conversion sit on the query's path.
    @inline(__always)
    static func floor(_ x: Double) -> Int {
      let magic = 6_755_399_441_055_744.0
      let nearest = Int(truncatingIfNeeded: (x + magic).bitPattern &- magic.bitPattern)
      return Double(nearest) > x ? nearest &- 1 : nearest
    }

    /// Cells are cut into `subdivisions × subdivisions` groups, stored group by group, so that
    /// a query reads only the part of a cell its cap's bounding box meets.
    static let subdivisions = 1 << subdivisionShift
    static let subdivisionShift = 3

    /// The subrow of latitude `φ` (radians), clamped to the grid: its row is this divided by
    /// ``subdivisions``, so that the two never disagree.
    @inline(__always)
    func subrow(latitude φ: Double) -> Int {
      let count = Self.subdivisions * rowCount
      let subrow = (φ + .pi / 2) * subrowsPerRadian
      return subrow < 0 ? 0 : min(count - 1, Self.floor(min(subrow, Double(count))))
    }

    @inline(__always)
    func columnCount(row: Int) -> Int {
      row < columnCounts.count ? Int(columnCounts[row]) : computedColumnCount(row: row)
    }

    private func computedColumnCount(row: Int) -> Int {
      let lower = -Double.pi / 2 + Double(row) * angle
      let upper = min(Double.pi / 2, lower + angle)
      let poleward = min(Double.pi / 2, max(abs(lower), abs(upper)))
      let count = 2 * Double.pi * columnsPerRadian * Self.cosineLowerBound(poleward)
      return count < 1 ? 1 : Self.floor(min(count, Double(RegionIndex.maximumColumns)))
    }

    /// 1 − x²/2 + x⁴/24 − x⁶/720, at most cos x (a Taylor series cut after a negative term)
    /// and within 0.001 of it on 0…π/2: the partition needs a deterministic width per row that
    /// keeps cells at least as wide as tall, not an exact one, and this costs no call.
    @inline(__always)
    static func cosineLowerBound(_ x: Double) -> Double {
      let square = x * x
      return max(0, 1 + square * (-1.0 / 2 + square * (1.0 / 24 - square * (1.0 / 720))))
    }

    /// The subcolumn of longitude `λ` (radians, at most a cell beyond ±π) in a row of
    /// `columnCount` columns, without wrapping, for one end of a range.
    @inline(__always)
    func unwrappedSubcolumn(longitude λ: Double, columnCount: Int) -> Int {
      Self.floor((λ + .pi) * (1 / (2 * .pi)) * Double(Self.subdivisions * columnCount))
    }

    /// Where the point at latitude `φ`, longitude `λ` (radians) is stored: its cell's key and
    /// its group in the cell (row-major).
    func place(latitude φ: Double, longitude λ: Double) -> (key: UInt64, group: Int) {
      let subrow = subrow(latitude: φ)
      let row = subrow / Self.subdivisions
      let columns = columnCount(row: row)
      let unwrapped = unwrappedSubcolumn(longitude: λ, columnCount: columns)
      let subcolumn = max(0, min(Self.subdivisions * columns - 1, unwrapped))
      let column = subcolumn / Self.subdivisions
      return (
        RegionIndex.key(level: level, row: row, column: column),
        subrow % Self.subdivisions * Self.subdivisions + subcolumn % Self.subdivisions
      )
    }

    /// An upper bound of the longitude half-width of the spherical cap of angular radius `δ`
    /// around a point at latitude `φ` (secant `secφ`): π when the cap holds a pole, otherwise
    /// at least the tangent meridians' offset asin(sin δ / cos φ).
    ///
    /// With r = δ / cos φ ≥ sin δ / cos φ and r ≤ 1/2, asin(r) ≤ r + 0.19 r³, since
    /// (asin r − r) / r³ grows with r and is 0.1888 at 1/2. The bound is tight for small caps,
    /// which keeps a cap of a cell's width within two columns.
    @inline(__always)
    static func halfWidth(latitude φ: Double, secant secφ: Double, angularRadius δ: Double)
      -> Double
    {
      guard φ - δ > -Double.pi / 2, φ + δ < Double.pi / 2 else { return .pi }
      let ratio = δ * secφ
      if ratio <= 0.5 { return (ratio + 0.19 * ratio * ratio * ratio) * (1 + 1e-9) + 1e-12 }
      let exact = sin(δ) * secφ
      return exact < 1 ? asin(exact) * (1 + 1e-9) + 1e-12 : .pi
    }

    /// Calls `body` with the key of every cell that meets the bounding box of the spherical cap
    /// of angular radius `δ` around (`φ`, `λ`) and the subrows and subcolumns (closed ranges in
    /// 0 ..< ``subdivisions``) of the cell that the box meets, each group of each cell once (a
    /// cell may come twice, with other groups, when the box wraps round). A cap at most half a
    /// cell across (every level's reach) meets at most two rows and, away from the poles, two
    /// columns of each.
    @inline(__always)
    func forEachCell(
      aroundLatitude φ: Double, secant secφ: Double, longitude λ: Double, angularRadius δ: Double,
      _ body: (
        _ key: UInt64, _ firstSubrow: Int, _ lastSubrow: Int, _ firstSubcolumn: Int,
        _ lastSubcolumn: Int
      ) -> Void
    ) {
      let shift = Self.subdivisionShift
      let last = Self.subdivisions - 1
      let halfWidth = Self.halfWidth(latitude: φ, secant: secφ, angularRadius: δ)
      let south = subrow(latitude: φ - δ)
      let north = subrow(latitude: φ + δ)
      // Grid coordinates are far below 2⁶² and non-negative but for a range's west end, so
      // wrapping arithmetic cannot wrap, and `>>` is a floor division.
      for row in south >> shift...north >> shift {
        let base = row &<< shift
        let firstSubrow = max(south &- base, 0)
        let lastSubrow = min(north &- base, last)
        let columns = columnCount(row: row)
        let west = unwrappedSubcolumn(longitude: λ - halfWidth, columnCount: columns)
        let east = unwrappedSubcolumn(longitude: λ + halfWidth, columnCount: columns)
        if halfWidth >= .pi || east &- west &+ 1 >= columns &<< shift {
          for column in 0..<columns {
            body(
              RegionIndex.key(level: level, row: row, column: column), firstSubrow, lastSubrow, 0,
              last)
          }
          continue
        }
        for unwrapped in west >> shift...east >> shift {
          let base = unwrapped &<< shift
          // The range is shorter than the row, so one wrap at most.
          let column =
            unwrapped < 0
            ? unwrapped &+ columns : unwrapped >= columns ? unwrapped &- columns : unwrapped
          body(
            RegionIndex.key(level: level, row: row, column: column), firstSubrow, lastSubrow,
            max(west &- base, 0), min(east &- base, last))
        }
      }
    }
  }
}
