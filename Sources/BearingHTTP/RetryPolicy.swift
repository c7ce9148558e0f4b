import BearingBackoff

/// When and how long to wait before sending an idempotent request again.
///
/// Waits grow geometrically from ``initialDelay``; a server's `Retry-After` replaces the computed
/// wait. No single wait exceeds ``maxDelay``: when the server asks for longer, the request fails
/// at once with the status error and its `retryAfter`, so the caller can tell the user when to
/// come back instead of hanging.
///
/// ```swift
/// let response = try await httpClient.send(request, retry: .init(maxAttempts: 5))
/// ```
public struct RetryPolicy: Hashable, Sendable {
  /// Attempts in all, the first included; 1 means never retry.
  public var maxAttempts: Int
  /// The wait before the first retry.
  public var initialDelay: Duration
  /// How much each wait grows over the previous one.
  public var multiplier: Double
  /// The longest single wait, whether computed or asked for by `Retry-After`.
  public var maxDelay: Duration
  /// The statuses worth retrying: the server is busy or a gateway failed, not the request.
  public var retryableStatuses: Set<HTTPResponse.Status>

  /// Creates a policy; `maxAttempts` below 1 counts as 1.
  public init(
    maxAttempts: Int = 3,
    initialDelay: Duration = .milliseconds(500),
    multiplier: Double = 2,
    maxDelay: Duration = .seconds(30),
    retryableStatuses: Set<HTTPResponse.Status> = [
      .tooManyRequests, .badGateway, .serviceUnavailable, .gatewayTimeout,
    ]
  ) {
    self.maxAttempts = max(1, maxAttempts)
    self.initialDelay = initialDelay
    self.multiplier = multiplier
    self.maxDelay = maxDelay
    self.retryableStatuses = retryableStatuses
  }

  /// Three attempts, waiting 0.5 s then 1 s, never more than 30 s at a time.
  public static let `default` = Self()

  /// A single attempt.
  public static let never = Self(maxAttempts: 1)

  /// The wait before attempt `attempt + 1` after `response` to attempt `attempt` (1-based), or
  /// `nil` when the request should not be sent again.
  public func delay(
    after response: HTTPResponse, attempt: Int, method: HTTPRequest.Method, retryAfter: Duration?
  ) -> Duration? {
    guard method.isIdempotent, attempt < maxAttempts,
      retryableStatuses.contains(response.status)
    else { return nil }
    if let retryAfter {
      return retryAfter <= maxDelay ? retryAfter : nil
    }
    return Backoff(initial: initialDelay, multiplier: multiplier, maximum: maxDelay)
      .delay(attempt: attempt - 1)
  }
}

extension HTTPRequest.Method {
  /// Whether sending the request twice has the same effect as sending it once (RFC 9110 §9.2.2):
  /// `GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS` and `TRACE`.
  ///
  /// Only idempotent requests are retried automatically: retrying a `POST` after a timeout could
  /// create a second resource.
  public var isIdempotent: Bool {
    [.get, .head, .put, .delete, .options, .trace].contains(self)
  }
}
