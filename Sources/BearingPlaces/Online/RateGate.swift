/// Lets one caller through at a time, at most once per `interval` of `clock`.
///
/// ```swift
/// let gate = RateGate(interval: .seconds(1), clock: ContinuousClock())
/// try await gate.wait()  // returns at once the first time, then a second after the last
/// ```
public actor RateGate<C: Clock> where C.Duration == Duration {
  private let interval: Duration
  private let clock: C
  private var next: C.Instant?

  /// Creates a gate that lets callers through `interval` apart, measured on `clock`.
  public init(interval: Duration, clock: C) {
    self.interval = interval
    self.clock = clock
  }

  /// Returns when the caller may send its request.
  public func wait() async throws {
    let now = clock.now
    guard let next, now < next else {
      self.next = now.advanced(by: interval)
      return
    }
    // Claim the slot before sleeping, so a caller arriving meanwhile waits for the one after.
    self.next = next.advanced(by: interval)
    try await clock.sleep(until: next, tolerance: nil)
  }
}
