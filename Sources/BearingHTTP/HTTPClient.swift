import Dependencies
import DependenciesMacros
import Foundation

/// Sends HTTP requests: the one door through which Bearing code talks to a server.
///
/// The client has a single endpoint, ``perform``, that makes one exchange and returns the
/// response whatever its status. Code uses ``send(_:retry:)`` and ``decode(_:from:decoder:retry:)``
/// on top of it, which retry and turn statuses and bodies into ``HTTPError``s.
///
/// ```swift
/// @Dependency(\.httpClient) var http
/// let response = try await http.send(HTTPRequest(url: URL(string: "https://example.com")!))
/// ```
///
/// Variants: ``liveValue`` (URLSession), ``fixtures(_:directory:baseURL:)`` (bundled JSON files,
/// for tests and previews), and ``testValue``, which fails a test that sends anything unasked.
@DependencyClient
public struct HTTPClient: Sendable {
  /// Makes one exchange and returns the response, whatever its status.
  ///
  /// - throws: ``HTTPError/transport(_:)`` when no HTTP answer arrives,
  ///   ``HTTPError/invalidRequest(_:)`` for a request that cannot be sent, or
  ///   `CancellationError` when the task is cancelled.
  public var perform: @Sendable (_ request: HTTPRequest) async throws -> HTTPResponse
}

extension HTTPClient: TestDependencyKey {
  /// Fails the test on any request: a test says which requests it expects.
  public static let testValue = Self()

  /// Answers nothing: every request fails with ``HTTPError/noFixture(request:known:)``, so a
  /// preview shows its error state unless it installs ``fixtures(_:directory:baseURL:)``.
  public static let previewValue = Self.fixtures(
    [], directory: URL(fileURLWithPath: NSTemporaryDirectory()))
}

extension DependencyValues {
  /// The HTTP client that models and place providers send requests through.
  public var httpClient: HTTPClient {
    get { self[HTTPClient.self] }
    set { self[HTTPClient.self] = newValue }
  }
}
