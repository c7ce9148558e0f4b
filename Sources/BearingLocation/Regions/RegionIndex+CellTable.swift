extension RegionIndex {
  /// A cell's block of ``RegionIndex/entries``: `start ..< start + count` holds its entries,
  /// group by group, `start ..< start + capacity` is reserved for it.
  struct Cell: Sendable {
    var key: UInt64
    var start: Int32
    var count: Int32
    var capacity: Int32
    /// Where the cell's record is in ``RegionIndex/groupEnds``, in units of
    /// ``RegionIndex/groupRecord``, or −1 when its entries are in no order.
    var groups: Int32
  }

  /// An open-addressing hash table from cell key to ``Cell``.
  ///
  /// A lookup is one probe sequence through one array whose slots hold the block itself, so
  /// finding a cell's entries costs one cache line, not a chain of references. Cells are not
  /// removed one by one (linear probing then needs no deletion); ``RegionIndex/compact()``
  /// rebuilds the table without the empty ones.
  struct CellTable: Sendable {
    private static let vacant = UInt64.max
    private(set) var slots = [Cell](
      repeating: Cell(key: CellTable.vacant, start: 0, count: 0, capacity: 0, groups: 0),
      count: 16)
    private var shift = 60
    private(set) var count = 0

    init(minimumCapacity: Int = 0) {
      reserveCapacity(minimumCapacity)
    }

    @inline(__always)
    private func home(_ key: UInt64) -> Int {
      Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// The slot holding `key`, or `nil`.
    @inline(__always)
    func slot(for key: UInt64) -> Int? {
      slots.withUnsafeBufferPointer { slots in
        let mask = slots.count - 1
        var index = home(key)
        while true {
          let found = slots[index].key
          if found == key { return index }
          if found == Self.vacant { return nil }
          index = (index + 1) & mask
        }
      }
    }

    /// The cell with `key`, or `nil`.
    @inline(__always)
    func cell(for key: UInt64) -> Cell? {
      slot(for: key).map { slots[$0] }
    }

    subscript(slot: Int) -> Cell {
      get { slots[slot] }
      set { slots[slot] = newValue }
    }

    /// Inserts `cell`, whose key must not be present, and returns its slot.
    mutating func insert(_ cell: Cell) -> Int {
      if (count + 1) * 2 > slots.count { grow(to: slots.count * 2) }
      count += 1
      return place(cell)
    }

    mutating func reserveCapacity(_ capacity: Int) {
      var size = slots.count
      while capacity * 2 > size { size *= 2 }
      if size > slots.count { grow(to: size) }
    }

    private mutating func place(_ cell: Cell) -> Int {
      let mask = slots.count - 1
      var index = home(cell.key)
      while slots[index].key != Self.vacant { index = (index + 1) & mask }
      slots[index] = cell
      return index
    }

    private mutating func grow(to size: Int) {
      let old = slots
      slots = [Cell](
        repeating: Cell(key: Self.vacant, start: 0, count: 0, capacity: 0, groups: 0),
        count: size)
      shift = 64 - size.trailingZeroBitCount
      for cell in old where cell.key != Self.vacant { _ = place(cell) }
    }

    /// The slots that hold a cell.
    var occupiedSlots: [Int] {
      slots.indices.filter { slots[$0].key != Self.vacant }
    }
  }
}
