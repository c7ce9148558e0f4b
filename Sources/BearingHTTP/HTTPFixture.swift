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
  public var method: HTTPMethod
  /// The URL path to match, such as `/places/search`.
  public var path: String
  /// Query items the request must carry, with these exact values.
  public var query: [String: String]
  /// The body's file, relative to the client's fixture directory.
  public var file: String
  public var status: Int
  public var headers: HTTPHeaders

  public init(
    _ method: HTTPMethod = .get,
    path: String,
    query: [String: String] = [:],
    file: String,
    status: Int = 200,
    headers: HTTPHeaders = ["Content-Type": "application/json"]
  ) {
    self.method = method
    self.path = path.hasPrefix("/") ? path : "/" + path
    self.query = query
    self.file = file
    self.status = status
    self.headers = headers
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

  public var description: String {
    let query = self.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return "\(method) \(path)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
      + " → \(file) (\(status))"
  }
}
