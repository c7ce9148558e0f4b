import Foundation

extension DependencyValues {
  /// Whether two values are the same bit for bit: the same storage and the same cache, so one
  /// can stand in for the other. Unequal bits (padding, or equal values stored apart) only mean
  /// "not known to be identical".
  @inlinable
  func isIdentical(to other: Self) -> Bool {
    // Two references today (the cache and the storage): compared as two words, inline, with no
    // copy retained. Any other layout is compared byte for byte.
    if MemoryLayout<Self>.size == MemoryLayout<(UInt, UInt)>.size {
      let lhs = unsafeBitCast(self, to: (UInt, UInt).self)
      let rhs = unsafeBitCast(other, to: (UInt, UInt).self)
      return lhs == rhs
    }
    return withUnsafeBytes(of: self) { lhs in
      withUnsafeBytes(of: other) { rhs in
        guard lhs.count == rhs.count, let left = lhs.baseAddress, let right = rhs.baseAddress
        else { return lhs.count == rhs.count }
        return memcmp(left, right, lhs.count) == 0
      }
    }
  }
}
