extension RegionIndex {
  /// An open-addressing hash table from cell key to cell number.
  ///
  /// Cells are never removed (an emptied cell keeps its number for reuse), so linear probing
  /// needs no deletion; a cheap multiplicative hash keeps a lookup to a few nanoseconds.
  struct CellTable: Sendable {
    private static let empty = UInt64.max
    private var keys = [UInt64](repeating: CellTable.empty, count: 16)
    private var values = [Int32](repeating: 0, count: 16)
    private var shift = 60
    private(set) var count = 0

    @inline(__always)
    private func home(_ key: UInt64) -> Int {
      Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    func cell(for key: UInt64) -> Int32? {
      let mask = keys.count - 1
      var index = home(key)
      while true {
        let found = keys[index]
        if found == key { return values[index] }
        if found == Self.empty { return nil }
        index = (index + 1) & mask
      }
    }

    /// Inserts `key`, which must not be present.
    mutating func insert(_ key: UInt64, cell: Int32) {
      if (count + 1) * 2 > keys.count { grow(to: keys.count * 2) }
      place(key, cell)
      count += 1
    }

    mutating func reserveCapacity(_ capacity: Int) {
      var size = keys.count
      while capacity * 2 > size { size *= 2 }
      if size > keys.count { grow(to: size) }
    }

    private mutating func place(_ key: UInt64, _ cell: Int32) {
      let mask = keys.count - 1
      var index = home(key)
      while keys[index] != Self.empty { index = (index + 1) & mask }
      keys[index] = key
      values[index] = cell
    }

    private mutating func grow(to size: Int) {
      let oldKeys = keys
      let oldValues = values
      keys = [UInt64](repeating: Self.empty, count: size)
      values = [Int32](repeating: 0, count: size)
      shift = 64 - size.trailingZeroBitCount
      for index in oldKeys.indices where oldKeys[index] != Self.empty {
        place(oldKeys[index], oldValues[index])
      }
    }
  }
}
