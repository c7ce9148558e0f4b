extension RegionMonitor {
  /// Finds a region's slot by identifier: an open-addressing table of slots, 4 bytes a bucket.
  ///
  /// It stores no keys: a bucket's identifier is read from the monitor's regions, which a
  /// `Dictionary<String, Int32>` would have copied at four times the memory.
  struct IdentifierTable: Sendable {
    private static let empty: Int32 = -1
    private var buckets = [Int32](repeating: IdentifierTable.empty, count: 16)
    private(set) var count = 0

    private func home(_ identifier: String) -> Int {
      identifier.hashValue & (buckets.count - 1)
    }

    private func position(of identifier: String, in regions: [Region]) -> Int? {
      let mask = buckets.count - 1
      var index = home(identifier)
      while true {
        let slot = buckets[index]
        if slot == Self.empty { return nil }
        if regions[Int(slot)].identifier == identifier { return index }
        index = (index + 1) & mask
      }
    }

    func slot(of identifier: String, in regions: [Region]) -> Int? {
      position(of: identifier, in: regions).map { Int(buckets[$0]) }
    }

    /// Records `slot`, whose identifier (read from `regions`) must not be present.
    mutating func insert(slot: Int, in regions: [Region]) {
      if (count + 1) * 2 > buckets.count { grow(to: buckets.count * 2, in: regions) }
      place(Int32(slot), identifier: regions[slot].identifier)
      count += 1
    }

    mutating func reserveCapacity(_ capacity: Int, in regions: [Region]) {
      var size = buckets.count
      while capacity * 2 > size { size *= 2 }
      if size > buckets.count { grow(to: size, in: regions) }
    }

    /// Forgets `identifier`, closing the gap by shifting its probe chain back.
    mutating func remove(_ identifier: String, in regions: [Region]) {
      guard var hole = position(of: identifier, in: regions) else { return }
      let mask = buckets.count - 1
      var index = hole
      while true {
        index = (index + 1) & mask
        let slot = buckets[index]
        if slot == Self.empty { break }
        let home = home(regions[Int(slot)].identifier)
        // Move the entry back unless its home lies cyclically in (hole, index].
        let distanceToHome = (index - home) & mask
        let distanceToHole = (index - hole) & mask
        if distanceToHome >= distanceToHole {
          buckets[hole] = slot
          hole = index
        }
      }
      buckets[hole] = Self.empty
      count -= 1
    }

    /// Points `identifier`'s bucket at `slot`.
    mutating func retarget(_ identifier: String, to slot: Int, in regions: [Region]) {
      guard let index = position(of: identifier, in: regions) else { return }
      buckets[index] = Int32(slot)
    }

    private mutating func place(_ slot: Int32, identifier: String) {
      let mask = buckets.count - 1
      var index = home(identifier)
      while buckets[index] != Self.empty { index = (index + 1) & mask }
      buckets[index] = slot
    }

    private mutating func grow(to size: Int, in regions: [Region]) {
      let old = buckets
      buckets = [Int32](repeating: Self.empty, count: size)
      for slot in old where slot != Self.empty {
        place(slot, identifier: regions[Int(slot)].identifier)
      }
    }
  }
}
