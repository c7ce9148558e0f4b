import BearingBackoff
import Testing

@Suite struct BackoffTests {
  @Test func doublesUpToTheCap() {
    let backoff = Backoff(initial: .milliseconds(250), maximum: .seconds(8))
    #expect(
      (0...7).map(backoff.delay(attempt:)) == [
        .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4),
        .seconds(8), .seconds(8), .seconds(8),
      ])
    #expect(backoff.delay(attempt: 10_000) == .seconds(8))
  }

  @Test func growsByTheMultiplier() {
    let backoff = Backoff(initial: .milliseconds(100), multiplier: 3, maximum: .seconds(1))
    #expect(
      (0...3).map(backoff.delay(attempt:)) == [
        .milliseconds(100), .milliseconds(300), .milliseconds(900), .seconds(1),
      ])
  }
}
