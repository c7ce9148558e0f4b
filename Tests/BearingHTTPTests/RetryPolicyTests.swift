import BearingHTTP
import Testing

@Suite("RetryPolicy")
struct RetryPolicyTests {
  let policy = RetryPolicy(
    maxAttempts: 4, initialDelay: .milliseconds(500), multiplier: 2, maxDelay: .seconds(3))

  @Test("waits grow geometrically and are capped")
  func backoff() {
    let busy = HTTPResponse(status: 503)
    let waits = (1...3).map {
      policy.delay(after: busy, attempt: $0, method: .get, retryAfter: nil)
    }
    #expect(waits == [.milliseconds(500), .seconds(1), .seconds(2)])
    #expect(policy.delay(after: busy, attempt: 4, method: .get, retryAfter: nil) == nil)
    let long = RetryPolicy(maxAttempts: 10, initialDelay: .seconds(1), maxDelay: .seconds(3))
    #expect(long.delay(after: busy, attempt: 5, method: .get, retryAfter: nil) == .seconds(3))
  }

  @Test("Retry-After replaces the computed wait, up to the cap and no further")
  func retryAfter() {
    let limited = HTTPResponse(status: 429)
    #expect(
      policy.delay(after: limited, attempt: 1, method: .get, retryAfter: .seconds(2))
        == .seconds(2))
    #expect(policy.delay(after: limited, attempt: 1, method: .get, retryAfter: .seconds(60)) == nil)
  }

  @Test("only 429, 502, 503 and 504 on idempotent methods are retried")
  func which() {
    for status: HTTPResponse.Status in [429, 502, 503, 504] {
      #expect(
        policy.delay(after: .init(status: status), attempt: 1, method: .get, retryAfter: nil)
          != nil)
      #expect(
        policy.delay(after: .init(status: status), attempt: 1, method: .post, retryAfter: nil)
          == nil)
    }
    for status: HTTPResponse.Status in [400, 401, 404, 500, 501] {
      #expect(
        policy.delay(after: .init(status: status), attempt: 1, method: .get, retryAfter: nil)
          == nil)
    }
    #expect(
      RetryPolicy.never.delay(after: .init(status: 503), attempt: 1, method: .get, retryAfter: nil)
        == nil)
  }
}
