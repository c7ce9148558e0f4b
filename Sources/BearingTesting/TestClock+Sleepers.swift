import Clocks
import ConcurrencyExtras

extension TestClock where Duration == Swift.Duration {
  /// Waits (in real time, at most `timeout`) until some task is sleeping on this clock.
  ///
  /// Effects start on other threads; advancing the clock before an effect has begun to sleep
  /// would skip past its deadline. Call this between sending an action and advancing.
  ///
  /// ```swift
  /// await store.send(.startTicking)
  /// await clock.waitForSleepers()
  /// await clock.advance(by: .seconds(1))
  /// ```
  public func waitForSleepers(timeout: Swift.Duration = .seconds(1)) async {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      do {
        try await checkSuspension()
      } catch {
        return
      }
      try? await Task.sleep(for: .milliseconds(1))
    }
  }
}
