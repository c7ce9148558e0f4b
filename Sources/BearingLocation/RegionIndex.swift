import Foundation

/// A spatial index of circular regions on the sphere: which regions can contain a point?
///
/// Each region is stored once, in the cell holding its center, on the level whose cell size is
/// the first at least its *reach* (radius plus exit margin). Levels grow by a factor of four,
/// from 8 m to whole-Earth cells, so a 10 m and a 1,000 km region both cost one entry. A query
/// visits, on every non-empty level, the cells meeting the bounding box of the cap of the
/// level's largest reach around the point: at most a handful of cells per level, wherever the
/// point is (across the antimeridian, at a pole).
///
/// An ``Entry`` keeps what the per-fix test needs next to its neighbours in memory: the
/// center as a single-precision unit vector and the chord lengths of the region's reach and
/// entry distance. Single precision puts a center at most a few decimetres off; callers treat
/// a chord within ``tolerance(forChord:)`` of a threshold as undecided and fall back to the
/// exact great-circle distance.
struct RegionIndex: Sendable {
  /// The per-region record stored in a cell: 24 bytes.
  struct Entry: Sendable {
    var x: Float
    var y: Float
    var z: Float
    /// Chord (on the unit sphere) of the region's reach: radius plus exit margin.
    var outer: Float
    /// Chord of the distance within which a fix is inside by the entry margin.
    var inner: Float
    /// The region's slot in the monitor.
    var slot: Int32
  }

  static let smallestCellSize = 8.0
  static let levelCount = 12
  static let maximumColumns = 1 << 28

  let grids: [Grid] = (0..<RegionIndex.levelCount).map(Grid.init(level:))
  var cells: [[Entry]] = []
  var table = CellTable()
  /// How many regions each level holds.
  var levelPopulation = [Int](repeating: 0, count: RegionIndex.levelCount)
  /// The largest reach (metres) stored on each level since it was last empty.
  var levelReach = [Double](repeating: 0, count: RegionIndex.levelCount)

  static func key(level: Int, row: Int, column: Int) -> UInt64 {
    UInt64(level) << 56 | UInt64(row) << 28 | UInt64(column)
  }

  /// The level for a region whose reach is `reach` metres.
  static func level(forReach reach: Double) -> Int {
    var level = 0
    var size = smallestCellSize
    while size < reach, level < levelCount - 1 {
      level += 1
      size *= 4
    }
    return level
  }

  /// The chord on the unit sphere subtending `metres` of great-circle distance.
  static func chord(metres: Double) -> Double {
    let angle = min(Double.pi, max(0, metres / Coordinate.earthRadius))
    return 2 * sin(angle / 2)
  }

  /// How far a chord computed from an ``Entry`` may be from the exact one, for a threshold
  /// `chord`: the single-precision center (≤ 5.2e-8), the single-precision threshold
  /// (≤ 6e-8 relative) and the haversine's own error (≤ 1.5e-8), with a margin.
  @inline(__always)
  static func tolerance(forChord chord: Double) -> Double {
    2.5e-7 + 1.2e-7 * chord
  }

  static func unitVector(latitude φ: Double, longitude λ: Double) -> (Double, Double, Double) {
    let cosφ = cos(φ)
    return (cosφ * cos(λ), cosφ * sin(λ), sin(φ))
  }

  static func radians(_ coordinate: Coordinate) -> (φ: Double, λ: Double) {
    (coordinate.latitude * .pi / 180, coordinate.longitude * .pi / 180)
  }

  static func entry(
    center: Coordinate, reach: Double, innerDistance: Double, slot: Int32
  ) -> Entry {
    let (φ, λ) = radians(center)
    let (x, y, z) = unitVector(latitude: φ, longitude: λ)
    return Entry(
      x: Float(x), y: Float(y), z: Float(z), outer: Float(chord(metres: reach)),
      inner: Float(chord(metres: innerDistance)), slot: slot)
  }

  /// The key of the cell that holds a region centered at `center` with `reach` metres.
  func key(center: Coordinate, reach: Double) -> UInt64 {
    key(center: center, level: Self.level(forReach: reach))
  }

  private func key(center: Coordinate, level: Int) -> UInt64 {
    let (φ, λ) = Self.radians(center)
    return grids[level].key(latitude: φ, longitude: λ)
  }

  /// Adds `entry` for a region centered at `center` with `reach` metres.
  mutating func insert(_ entry: Entry, center: Coordinate, reach: Double) {
    let level = Self.level(forReach: reach)
    let key = key(center: center, level: level)
    if let cell = table.cell(for: key) {
      cells[Int(cell)].append(entry)
    } else {
      table.insert(key, cell: Int32(cells.count))
      cells.append([entry])
    }
    levelPopulation[level] += 1
    levelReach[level] = max(levelReach[level], reach)
  }

  /// Removes the entry of `slot`, a region centered at `center` with `reach` metres.
  mutating func remove(slot: Int32, center: Coordinate, reach: Double) {
    let level = Self.level(forReach: reach)
    guard let cell = table.cell(for: key(center: center, level: level)).map(Int.init),
      let position = cells[cell].firstIndex(where: { $0.slot == slot })
    else {
      preconditionFailure("region index out of step with the monitor at slot \(slot)")
    }
    cells[cell].swapAt(position, cells[cell].count - 1)
    cells[cell].removeLast()
    levelPopulation[level] -= 1
    if levelPopulation[level] == 0 { levelReach[level] = 0 }
  }

  /// Renumbers the entry of a region from slot `old` to slot `new`.
  mutating func moveSlot(from old: Int32, to new: Int32, center: Coordinate, reach: Double) {
    let level = Self.level(forReach: reach)
    guard let cell = table.cell(for: key(center: center, level: level)).map(Int.init),
      let position = cells[cell].firstIndex(where: { $0.slot == old })
    else {
      preconditionFailure("region index out of step with the monitor at slot \(old)")
    }
    cells[cell][position].slot = new
  }

  /// Appends to `result` every cell that may hold a region whose reach covers the point at
  /// latitude `φ`, longitude `λ` (radians).
  func candidateCells(latitude φ: Double, longitude λ: Double, into result: inout [Int32]) {
    let cosφ = cos(φ)
    for level in 0..<Self.levelCount where levelPopulation[level] > 0 {
      let δ = levelReach[level] / Coordinate.earthRadius * (1 + 1e-9) + 1e-12
      grids[level].forEachCell(aroundLatitude: φ, cosine: cosφ, longitude: λ, angularRadius: δ) {
        key in
        if let cell = table.cell(for: key), !cells[Int(cell)].isEmpty { result.append(cell) }
      }
    }
  }

  /// Reserves room for `count` more entries' bookkeeping.
  mutating func reserveCapacity(cells count: Int) {
    table.reserveCapacity(count)
  }
}
