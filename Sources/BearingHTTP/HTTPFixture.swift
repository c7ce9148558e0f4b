import Foundation

/// A canned answer for a fixture-backed ``HTTPClient``: which request it answers, and with what.
///
/// A fixture matches a request with the same method and URL path whose query contains every
/// item of ``query`` (other items are ignored, so a fixture need not spell out every parameter).
///
/// ```swift
/// HTTPFixture(.get, path: "/places/search", query: ["sort": "DISTANCE"], file: "search.json")
/// ```
public struct HTTPFixture: Hashable, Sendable, CustomStringConvertible {
  /// The method to match.
  public var method: HTTPRequest.Method
  /// The URL path to match, such as `/places/search`.
  public var path: String
  /// Query items the request must carry, with these exact values.
  public var query: [String: String]
  /// The body's file, relative to the client's fixture directory.
  public var file: String
  /// The status of the answer.
  public var status: HTTPResponse.Status
  /// The header fields of the answer.
  public var headerFields: HTTPFields

  /// Creates a fixture answering `method` requests for `path` (and `query`) with `file`.
  public init(
    _ method: HTTPRequest.Method = .get,
    path: String,
    query: [String: String] = [:],
    file: String,
    status: HTTPResponse.Status = .ok,
    headerFields: HTTPFields = [.contentType: "application/json"]
  ) {
    self.method = method
    self.path = path.hasPrefix("/") ? path : "/" + path
    self.query = query
    self.file = file
    self.status = status
    self.headerFields = headerFields
  }

  /// Whether this fixture answers `request`, sent to `url`.
  func matches(_ request: HTTPRequest, url: URL) -> Bool {
    guard request.method == method,
      let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
      components.path == path
    else { return false }
    let items = components.queryItems ?? []
    return query.allSatisfy { name, value in
      items.contains { $0.name == name && $0.value == value }
    }
  }

  /// `GET /path?query → file (status)`, for the error that lists the fixtures there are.
  public var description: String {
    let query = self.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return "\(method) \(path)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
      + " → \(file) (\(status.code))"
  }
}
