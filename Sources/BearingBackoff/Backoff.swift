/// Waits that grow geometrically, capped: the one backoff formula of the package, for gpsd's
/// and GeoClue's reconnects and HTTP's retries.
///
/// ```swift
/// let backoff = Backoff(initial: .milliseconds(250), maximum: .seconds(8))
/// backoff.delay(attempt: 0)  // 0.25 s
/// backoff.delay(attempt: 3)  // 2 s
/// backoff.delay(attempt: 9)  // 8 s
/// ```
package struct Backoff: Hashable, Sendable {
  /// The first wait (attempt 0).
  package var initial: Duration
  /// How much each wait grows over the one before.
  package var multiplier: Double
  /// The longest wait.
  package var maximum: Duration

  package init(initial: Duration, multiplier: Double = 2, maximum: Duration) {
    self.initial = initial
    self.multiplier = multiplier
    self.maximum = maximum
  }

  /// The wait before retry `attempt` (0-based): `initial × multiplierᵃᵗᵗᵉᵐᵖᵗ`, at most
  /// `maximum`.
  package func delay(attempt: Int) -> Duration {
    var factor = 1.0
    for _ in 0..<max(0, attempt) {
      // Once a growing wait reaches the cap it stays there; stopping keeps the factor finite.
      if multiplier >= 1, initial * factor >= maximum { break }
      factor *= multiplier
    }
    return min(initial * factor, maximum)
  }
}
