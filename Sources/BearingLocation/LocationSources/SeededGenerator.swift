/// A small deterministic random number generator (SplitMix64), so that simulations replay the
/// same way for the same seed on every platform.
///
/// ```swift
/// var generator = SeededGenerator(seed: 42)
/// let pick = Int.random(in: 0..<3, using: &generator)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable, Equatable {
  private var state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next value of the SplitMix64 sequence.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
