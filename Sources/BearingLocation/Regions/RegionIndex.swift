import Foundation

/// A spatial index of circular regions on the sphere: which regions can contain a point?
///
/// Each region is stored once, in the cell holding its center, on the level whose cell size is
/// the first at least twice its *reach* (radius plus exit margin). Levels grow by a factor of
/// sixteen, from 4 m to whole-Earth cells, so a 10 m and a 1,000 km region both cost one entry
/// and regions whose radii differ by up to a factor of eight or so share a level (a query
/// costs a few hash lookups per level). A query visits, on every non-empty level, the cells
/// meeting the bounding box of the cap of the level's largest reach around the point: as that
/// cap is at most half a cell across, at most two rows of two cells, wherever the point is
/// (more only near a pole or for whole-Earth cells).
///
/// A cell holding many entries keeps them group by group: its area is cut into 8 × 8 groups,
/// and a query reads only the groups the cap's bounding box meets, so that a cell much larger
/// than its regions' reach costs little more to read than a small one. An entry added to a
/// grouped cell goes to an unordered tail that every query reads whole, and a removed one
/// leaves an unused entry behind; the cell is regrouped (a counting sort) once the tail or the
/// unused entries outgrow a fraction of it, so both stay O(1) amortized.
///
/// Storage is flat, so that a query follows no references: every cell owns a block of one
/// array of ``Entry`` values, and the hash table's slot for a cell holds the block's bounds.
/// A block that fills up moves to the end of the array with room to grow; ``compact()``
/// reclaims the holes that leaves once they outweigh the entries.
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

    /// Fills reserved room and marks removed entries: a center far off the unit sphere, which
    /// no query keeps.
    static let unused = Entry(x: 4, y: 4, z: 4, outer: 0, inner: 0, slot: -1)
  }

  static let smallestCellSize = 4.0
  static let levelFactor = 16.0
  static let levelCount = 7
  static let maximumColumns = 1 << 25
  static let grids: [Grid] = (0..<levelCount).map(Grid.init(level:))
  static let groupCount = Grid.subdivisions * Grid.subdivisions
  /// A grouped cell's record in ``groupEnds``: its groups' ends, then how many of its grouped
  /// entries are unused (removed).
  static let groupRecord = groupCount + 1
  /// A cell keeps its entries in group order once it holds this many; below, a query reads it
  /// whole and the group ends' 256 bytes are not worth keeping.
  static let groupedCell: Int32 = 32

  /// Where a region's entry goes: its cell and its group in the cell.
  struct Placement: Sendable {
    var level: Int
    var key: UInt64
    var group: Int

    /// Orders placements cell by cell, group by group: the order to add many regions in.
    var order: UInt64 { key << 6 | UInt64(group) }
  }

  /// Every cell's entries, each cell's in its own block (see ``Cell``).
  private(set) var entries: ContiguousArray<Entry> = []
  private(set) var table = CellTable()
  /// For every grouped cell, a record of ``groupRecord`` values: where each of its groups ends,
  /// the cell's start (the last is the cell's count).
  private(set) var groupEnds: [Int32] = []
  /// Where each slot's entry is in ``entries``.
  private var positions: [Int32] = []
  /// Each slot's group in its cell.
  private var groups: [UInt8] = []
  /// How many regions each level holds.
  private var levelPopulation = [Int](repeating: 0, count: RegionIndex.levelCount)
  /// The largest reach stored on each level since it was last empty, as an angle (radians)
  /// rounded up.
  private(set) var levelReach = [Double](repeating: 0, count: RegionIndex.levelCount)
  /// Bit `level` is set when the level holds a region.
  private(set) var populatedLevels: UInt16 = 0

  /// How many regions the index holds.
  var count: Int { positions.count }

  static func key(level: Int, row: Int, column: Int) -> UInt64 {
    UInt64(level) << 50 | UInt64(row) << 25 | UInt64(column)
  }

  /// The level for a region whose reach is `reach` metres: its cells are at least `2 × reach`.
  static func level(forReach reach: Double) -> Int {
    var level = 0
    var size = smallestCellSize
    while size < 2 * reach, level < levelCount - 1 {
      level += 1
      size *= levelFactor
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

  /// Where a region centered at `center` with `reach` metres is stored.
  static func placement(center: Coordinate, reach: Double) -> Placement {
    let level = level(forReach: reach)
    let (φ, λ) = radians(center)
    let (key, group) = grids[level].place(latitude: φ, longitude: λ)
    return Placement(level: level, key: key, group: group)
  }

  /// Adds `entry` for a region centered at `center` with `reach` metres. Its slot must be
  /// ``count``: slots are dense, as the monitor's. When `regrouping` is false, the cell's new
  /// entry stays in its tail until ``regroupCells()`` (for adding many at once).
  mutating func insert(
    _ entry: Entry, center: Coordinate, reach: Double, regrouping: Bool = true
  ) {
    precondition(Int(entry.slot) == positions.count, "region slots must be appended in order")
    let placement = Self.placement(center: center, reach: reach)
    let tableSlot =
      table.slot(for: placement.key)
      ?? table.insert(
        Cell(
          key: placement.key, start: Int32(entries.count), count: 0, capacity: 0, groups: -1))
    var cell = table[tableSlot]
    if cell.count == cell.capacity { makeRoom(in: &cell) }
    groups.append(UInt8(placement.group))
    let position = Int(cell.start + cell.count)
    entries[position] = entry
    positions.append(Int32(position))
    cell.count += 1
    if regrouping, needsRegrouping(cell) { regroup(&cell) }
    table[tableSlot] = cell
    let level = placement.level
    levelPopulation[level] += 1
    levelReach[level] = max(
      levelReach[level], reach / Coordinate.earthRadius * (1 + 1e-9) + 1e-12)
    populatedLevels |= 1 << level
    if entries.count > 2 * positions.count + 4_096 { compact() }
  }

  /// How many of `cell`'s entries are in group order (the rest are its tail).
  private func groupedCount(_ cell: Cell) -> Int32 {
    cell.groups < 0 ? 0 : groupEnds[Int(cell.groups) * Self.groupRecord + Self.groupCount - 1]
  }

  /// How many of `cell`'s grouped entries are unused.
  private func unusedCount(_ cell: Cell) -> Int32 {
    cell.groups < 0 ? 0 : groupEnds[Int(cell.groups) * Self.groupRecord + Self.groupCount]
  }

  private func needsRegrouping(_ cell: Cell) -> Bool {
    if cell.groups < 0 { return cell.count >= Self.groupedCell }
    let grouped = groupedCount(cell)
    return cell.count - grouped > max(8, grouped / 8) || unusedCount(cell) > max(8, grouped / 4)
  }

  /// Regroups every cell that needs it, after adding many regions without regrouping.
  mutating func regroupCells() {
    for slot in table.occupiedSlots {
      var cell = table[slot]
      if needsRegrouping(cell) {
        regroup(&cell)
        table[slot] = cell
      }
    }
  }

  @inline(__always)
  private mutating func move(from source: Int, to destination: Int) {
    let entry = entries[source]
    entries[destination] = entry
    positions[Int(entry.slot)] = Int32(destination)
  }

  /// Puts `cell`'s entries in group order (a counting sort), dropping unused ones, and records
  /// the groups' ends.
  private mutating func regroup(_ cell: inout Cell) {
    let start = Int(cell.start)
    let block = entries[start..<start + Int(cell.count)].filter { $0.slot >= 0 }
    var ends = [Int32](repeating: 0, count: Self.groupRecord)
    for entry in block { ends[Int(groups[Int(entry.slot)])] += 1 }
    var next = [Int32](repeating: 0, count: Self.groupCount)
    var total: Int32 = 0
    for group in 0..<Self.groupCount {
      next[group] = total
      total += ends[group]
      ends[group] = total
    }
    for entry in block {
      let group = Int(groups[Int(entry.slot)])
      let position = start + Int(next[group])
      next[group] += 1
      entries[position] = entry
      positions[Int(entry.slot)] = Int32(position)
    }
    for position in start + block.count..<start + Int(cell.count) { entries[position] = .unused }
    cell.count = Int32(block.count)
    if cell.groups < 0 {
      cell.groups = Int32(groupEnds.count / Self.groupRecord)
      groupEnds.append(contentsOf: ends)
    } else {
      let first = Int(cell.groups) * Self.groupRecord
      groupEnds.replaceSubrange(first..<first + Self.groupRecord, with: ends)
    }
  }

  /// Gives a full `cell` room for one more entry: in place when its block ends the array,
  /// otherwise in a new block at the end with a quarter more room.
  private mutating func makeRoom(in cell: inout Cell) {
    let start = Int(cell.start)
    let count = Int(cell.count)
    if start + Int(cell.capacity) == entries.count {
      entries.append(.unused)
      cell.capacity += 1
      return
    }
    let capacity = count + count / 4 + 1
    let newStart = entries.count
    entries.reserveCapacity(newStart + capacity)
    for position in start..<start + count {
      let entry = entries[position]
      if entry.slot >= 0 { positions[Int(entry.slot)] = Int32(entries.count) }
      entries.append(entry)
    }
    entries.append(contentsOf: repeatElement(.unused, count: capacity - count))
    cell.start = Int32(newStart)
    cell.capacity = Int32(capacity)
  }

  /// Removes the entry of `slot`, a region centered at `center` with `reach` metres, and gives
  /// the last slot's entry the number `slot` (as the monitor moves its last region into the
  /// hole).
  mutating func remove(slot: Int, center: Coordinate, reach: Double) {
    let placement = Self.placement(center: center, reach: reach)
    guard let tableSlot = table.slot(for: placement.key) else {
      preconditionFailure("region index out of step with the monitor at slot \(slot)")
    }
    var cell = table[tableSlot]
    let start = Int(cell.start)
    let position = Int(positions[slot])
    precondition(
      entries[position].slot == slot && start <= position && position < start + Int(cell.count)
        && Int(groups[slot]) == placement.group,
      "region index out of step with the monitor at slot \(slot)")
    if position - start < Int(groupedCount(cell)) {
      // In group order: leave an unused entry, so that the groups stay as they are.
      entries[position] = .unused
      groupEnds[Int(cell.groups) * Self.groupRecord + Self.groupCount] += 1
      if needsRegrouping(cell) { regroup(&cell) }
    } else {
      let last = start + Int(cell.count) - 1
      if last != position { move(from: last, to: position) }
      entries[last] = .unused
      cell.count -= 1
    }
    table[tableSlot] = cell
    let level = placement.level
    levelPopulation[level] -= 1
    if levelPopulation[level] == 0 {
      levelReach[level] = 0
      populatedLevels &= ~(1 << level)
    }
    let last = positions.count - 1
    if slot != last {
      let movedPosition = Int(positions[last])
      entries[movedPosition].slot = Int32(slot)
      positions[slot] = Int32(movedPosition)
      groups[slot] = groups[last]
    }
    positions.removeLast()
    groups.removeLast()
    if entries.count > 2 * positions.count + 4_096 { compact() }
  }

  /// Rebuilds the entries without spare room or abandoned blocks, cells in key order
  /// (neighbours near each other in memory), and the table without empty cells.
  mutating func compact() {
    let cells = table.occupiedSlots.map { table[$0] }.filter { $0.count > unusedCount($0) }
      .sorted { $0.key < $1.key }
    var compacted = ContiguousArray<Entry>()
    compacted.reserveCapacity(positions.count)
    var ends: [Int32] = []
    var rebuilt = CellTable(minimumCapacity: cells.count)
    for var cell in cells {
      let start = Int(cell.start)
      if cell.groups >= 0 {
        let first = Int(cell.groups) * Self.groupRecord
        cell.groups = Int32(ends.count / Self.groupRecord)
        ends.append(contentsOf: groupEnds[first..<first + Self.groupRecord])
      }
      cell.start = Int32(compacted.count)
      cell.capacity = cell.count
      for position in start..<start + Int(cell.count) {
        let entry = entries[position]
        if entry.slot >= 0 { positions[Int(entry.slot)] = Int32(compacted.count) }
        compacted.append(entry)
      }
      _ = rebuilt.insert(cell)
    }
    entries = compacted
    groupEnds = ends
    table = rebuilt
  }

  /// Appends to `result` the entry range of every cell, or group of a cell, that may hold a
  /// region whose reach covers the point at latitude `φ` (cosine `cosφ`), longitude `λ`
  /// (radians).
  func candidateRanges(
    latitude φ: Double, cosine cosφ: Double, longitude λ: Double, into result: inout [Range<Int32>]
  ) {
    var levels = populatedLevels
    let secφ = 1 / cosφ
    while levels != 0 {
      let level = levels.trailingZeroBitCount
      levels &= levels - 1
      Self.grids[level].forEachCell(
        aroundLatitude: φ, secant: secφ, longitude: λ, angularRadius: levelReach[level]
      ) { key, firstSubrow, lastSubrow, firstSubcolumn, lastSubcolumn in
        guard let cell = table.cell(for: key), cell.count > 0 else { return }
        if cell.groups < 0 {
          result.append(cell.start..<cell.start &+ cell.count)
          return
        }
        groupEnds.withUnsafeBufferPointer { ends in
          let groups = Int(cell.groups) &* Self.groupRecord
          for subrow in firstSubrow...lastSubrow {
            let first = groups &+ subrow &<< Grid.subdivisionShift &+ firstSubcolumn
            let last = groups &+ subrow &<< Grid.subdivisionShift &+ lastSubcolumn
            let lower = first == groups ? 0 : ends[first &- 1]
            let upper = ends[last]
            if lower < upper { result.append(cell.start &+ lower..<cell.start &+ upper) }
          }
          // The tail, in no order.
          let grouped = ends[groups &+ Self.groupCount &- 1]
          if grouped < cell.count {
            result.append(cell.start &+ grouped..<cell.start &+ cell.count)
          }
        }
      }
    }
  }

  /// Reserves room for `count` more regions in `cells` more cells.
  mutating func reserveCapacity(regions count: Int, cells: Int) {
    entries.reserveCapacity(entries.count + count)
    positions.reserveCapacity(positions.count + count)
    groups.reserveCapacity(groups.count + count)
    table.reserveCapacity(table.count + cells)
  }
}
