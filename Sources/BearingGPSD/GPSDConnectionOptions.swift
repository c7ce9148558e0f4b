import BearingBackoff

/// How the gpsd source connects and reconnects.
///
/// ```swift
/// let options = GPSDConnectionOptions(initialBackoff: .milliseconds(100))
/// ```
public struct GPSDConnectionOptions: Hashable, Sendable {
  /// How long a TCP connect may take.
  public var connectTimeout: Duration
  /// The first wait before reconnecting; it doubles on each failure up to ``maximumBackoff``.
  public var initialBackoff: Duration
  /// The longest wait between reconnect attempts, however many have failed.
  public var maximumBackoff: Duration
  /// Metres of horizontal accuracy for a fix whose TPV carries no error estimate.
  public var assumedHorizontalAccuracy: Double

  /// Creates options.
  public init(
    connectTimeout: Duration = .seconds(2),
    initialBackoff: Duration = .milliseconds(250),
    maximumBackoff: Duration = .seconds(8),
    assumedHorizontalAccuracy: Double = 50
  ) {
    self.connectTimeout = connectTimeout
    self.initialBackoff = initialBackoff
    self.maximumBackoff = maximumBackoff
    self.assumedHorizontalAccuracy = assumedHorizontalAccuracy
  }

  /// The wait before reconnect attempt `attempt` (0-based).
  func backoff(attempt: Int) -> Duration {
    Backoff(initial: initialBackoff, maximum: maximumBackoff).delay(attempt: attempt)
  }
}
