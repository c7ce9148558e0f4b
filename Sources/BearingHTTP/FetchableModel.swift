import Dependencies
import Foundation

/// A decodable model that knows the request that fetches it.
///
/// Conformers declare ``defaultRequest``; `try await Model.fetch()` sends it through the injected
/// ``HTTPClient`` (the `httpClient` dependency), with retries, and decodes the body.
///
/// ```swift
/// struct Profile: FetchableModel {
///   static let defaultRequest = HTTPRequest(path: "/me")
///   var name: String
/// }
/// let me = try await Profile.fetch()
/// ```
public protocol FetchableModel: Decodable, Sendable {
  /// The request that fetches this model when no other is given.
  static var defaultRequest: HTTPRequest { get }

  /// The decoder for the body; plain `JSONDecoder()` unless a conformer says otherwise.
  static func makeDecoder() -> JSONDecoder
}

extension FetchableModel {
  /// A plain `JSONDecoder()`, with the default key and date strategies.
  public static func makeDecoder() -> JSONDecoder { JSONDecoder() }

  /// Fetches the model with ``defaultRequest``.
  ///
  /// - throws: any ``HTTPError`` of ``HTTPClient/decode(_:from:decoder:retry:)``.
  public static func fetch(retry: RetryPolicy = .default) async throws -> Self {
    try await fetch(defaultRequest, retry: retry)
  }

  /// Fetches the model with another request, such as the default one with a different query.
  public static func fetch(_ request: HTTPRequest, retry: RetryPolicy = .default) async throws
    -> Self
  {
    @Dependency(\.httpClient) var client
    return try await client.decode(Self.self, from: request, decoder: makeDecoder(), retry: retry)
  }
}
