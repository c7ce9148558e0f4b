import Dependencies
import Foundation

extension HTTPClient {
  /// Sends `request`, retrying it on a busy or failing gateway, and returns a 2xx response.
  ///
  /// Idempotent requests answered 429, 502, 503 or 504 are sent again per `retry`, waiting on the
  /// `continuousClock` dependency (so tests with an immediate or test clock do not wait).
  /// Cancelling the calling task stops at once, mid-wait included.
  ///
  /// - throws: ``HTTPError/status(_:message:retryAfter:)`` for a final non-2xx answer, any error
  ///   of ``perform``, or `CancellationError`.
  public func send(_ request: HTTPRequest, retry: RetryPolicy = .default) async throws
    -> HTTPResponse
  {
    @Dependency(\.continuousClock) var clock
    var attempt = 1
    while true {
      try Task.checkCancellation()
      let response = try await perform(request)
      if response.isSuccess { return response }
      // Wall-clock time only turns an HTTP-date Retry-After into a delay; the wait itself is on
      // the injected clock.
      let retryAfter = response.retryAfter(now: Date())
      guard
        let wait = retry.delay(
          after: response, attempt: attempt, method: request.method, retryAfter: retryAfter)
      else {
        throw HTTPError.status(of: response)
      }
      try await clock.sleep(for: wait)
      attempt += 1
    }
  }

  /// Sends `request` as ``send(_:retry:)`` does and decodes the body as `T`.
  ///
  /// - throws: ``HTTPError/decoding(type:path:reason:)`` naming the failing coding path when the
  ///   body does not decode, or any error of ``send(_:retry:)``.
  public func decode<T: Decodable>(
    _ type: T.Type,
    from request: HTTPRequest,
    decoder: JSONDecoder = JSONDecoder(),
    retry: RetryPolicy = .default
  ) async throws -> T {
    let response = try await send(request, retry: retry)
    return try Self.decode(type, from: response.body, decoder: decoder)
  }

  /// Decodes `body` as `T`, turning a `DecodingError` into ``HTTPError/decoding(type:path:reason:)``.
  public static func decode<T: Decodable>(
    _ type: T.Type, from body: Data, decoder: JSONDecoder = JSONDecoder()
  ) throws(HTTPError) -> T {
    do {
      return try decoder.decode(T.self, from: body)
    } catch let error as DecodingError {
      throw .decoding(error, type: T.self)
    } catch {
      throw .decoding(type: "\(T.self)", path: "", reason: "\(error)")
    }
  }
}
