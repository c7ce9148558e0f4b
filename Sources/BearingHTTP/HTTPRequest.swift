import CustomDump
import Foundation

/// A description of one HTTP request: method, where it goes, query, header fields, body and
/// timeout.
///
/// A request names either an absolute URL or a path resolved against the client's base URL, so
/// a model's default request does not hard-code the host it is fetched from. The method and the
/// header fields are swift-http-types' (``Method``, `HTTPFields`); what this type adds is the
/// URL or path target, the query, the body, the timeout, and descriptions that redact
/// credentials.
///
/// ```swift
/// let search = HTTPRequest(
///   .get, path: "/places/search",
///   query: [URLQueryItem(name: "ll", value: "60.17,24.94")],
///   headerFields: [.accept: "application/json"],
///   timeout: .seconds(10))
/// ```
public struct HTTPRequest: Hashable, Sendable {
  /// The request method: swift-http-types' `HTTPRequest.Method`, such as `.get` or `.post`.
  public typealias Method = HTTPTypes.HTTPRequest.Method

  /// Where a request goes.
  public enum Target: Hashable, Sendable {
    /// An absolute URL; the client's base URL is ignored.
    case url(URL)
    /// A path appended to the client's base URL.
    case path(String)
  }

  /// The method, `GET` unless the request says otherwise.
  public var method: Method
  /// Where the request goes: an absolute URL or a path against the client's base URL.
  public var target: Target
  /// Appended to any query already in the target URL, in order.
  public var query: [URLQueryItem]
  /// The header fields, in order; names compare case-insensitively.
  public var headerFields: HTTPFields
  /// The body, if any.
  public var body: Data?
  /// How long to wait for the server before failing with ``HTTPError/TransportFailure/timedOut``.
  public var timeout: Duration

  /// The timeout used when a request does not name one.
  public static let defaultTimeout: Duration = .seconds(30)

  /// Creates a request for an absolute URL.
  public init(
    _ method: Method = .get,
    url: URL,
    query: [URLQueryItem] = [],
    headerFields: HTTPFields = [:],
    body: Data? = nil,
    timeout: Duration = defaultTimeout
  ) {
    self.init(
      method, target: .url(url), query: query, headerFields: headerFields, body: body,
      timeout: timeout)
  }

  /// Creates a request for a path against the client's base URL.
  public init(
    _ method: Method = .get,
    path: String,
    query: [URLQueryItem] = [],
    headerFields: HTTPFields = [:],
    body: Data? = nil,
    timeout: Duration = defaultTimeout
  ) {
    self.init(
      method, target: .path(path), query: query, headerFields: headerFields, body: body,
      timeout: timeout)
  }

  /// Creates a request from its parts.
  public init(
    _ method: Method,
    target: Target,
    query: [URLQueryItem],
    headerFields: HTTPFields,
    body: Data?,
    timeout: Duration
  ) {
    self.method = method
    self.target = target
    self.query = query
    self.headerFields = headerFields
    self.body = body
    self.timeout = timeout
  }

  /// The full URL: the target resolved against `baseURL`, with ``query`` appended.
  ///
  /// - throws: ``HTTPError/invalidRequest(_:)`` when a path target has no base URL or the
  ///   result is not a valid absolute URL.
  public func url(relativeTo baseURL: URL?) throws(HTTPError) -> URL {
    var components: URLComponents
    switch target {
    case .url(let url):
      guard let parsed = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
        throw .invalidRequest("\(Self.redacting(url.absoluteString)) is not a valid URL")
      }
      components = parsed
    case .path(let path):
      guard let baseURL else {
        throw .invalidRequest("the relative path \(path) needs a base URL, and the client has none")
      }
      guard var parsed = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
        throw .invalidRequest("the base URL \(baseURL.absoluteString) is not a valid URL")
      }
      // Join with exactly one slash: "/v1" + "places" and "/v1/" + "/places" both give "/v1/places".
      var basePath = parsed.percentEncodedPath
      while basePath.hasSuffix("/") { basePath.removeLast() }
      let (pathPart, pathQuery) = Self.split(path)
      let trimmed = pathPart.drop { $0 == "/" }
      parsed.percentEncodedPath = basePath + "/" + trimmed
      if let pathQuery {
        parsed.percentEncodedQuery = pathQuery
      }
      components = parsed
    }
    if !query.isEmpty {
      let encoded = query.map { item in
        Self.percentEncode(item.name) + (item.value.map { "=" + Self.percentEncode($0) } ?? "")
      }
      let existing = components.percentEncodedQuery.map { [$0] } ?? []
      components.percentEncodedQuery = (existing + encoded).joined(separator: "&")
    }
    guard let url = components.url, url.scheme != nil, url.host != nil else {
      throw .invalidRequest(
        "\(Self.redacting(components.string ?? "\(target)")) is not an absolute URL")
    }
    return url
  }

  private static func split(_ path: String) -> (String, String?) {
    guard let mark = path.firstIndex(of: "?") else { return (path, nil) }
    return (String(path[..<mark]), String(path[path.index(after: mark)...]))
  }

  /// RFC 3986 unreserved characters plus `,` and `:` stay as they are; everything else, `+` and
  /// `&` included, is percent-encoded so a value can never be read as a separator or a space.
  private static let queryAllowed: CharacterSet = {
    var set = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    set.insert(charactersIn: "0123456789-._~,:")
    return set
  }()

  static func percentEncode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
  }

  /// `text` (a URL) with the values of credential query parameters replaced by a marker.
  static func redacting(_ text: String) -> String {
    guard let mark = text.firstIndex(of: "?") else { return text }
    let head = text[...mark]
    let pairs = text[text.index(after: mark)...].split(
      separator: "&", omittingEmptySubsequences: false)
    let redacted = pairs.map { pair -> String in
      let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
      let decoded = name.removingPercentEncoding ?? name
      return Redacted.sensitiveQueryNames.contains(decoded.lowercased())
        ? "\(name)=\(Redacted.marker)" : String(pair)
    }
    return head + redacted.joined(separator: "&")
  }
}

extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible,
  CustomDumpStringConvertible
{
  /// `GET /path?query` with credentials redacted, for logs and error messages.
  public var description: String {
    let destination: String =
      switch target {
      case .url(let url): url.absoluteString
      case .path(let path): path
      }
    var line = "\(method) \(destination)"
    if !query.isEmpty {
      let encoded = query.map { item in
        Redacted.sensitiveQueryNames.contains(item.name.lowercased())
          ? "\(item.name)=\(Redacted.marker)"
          : item.name + (item.value.map { "=\($0)" } ?? "")
      }
      line += (destination.contains("?") ? "&" : "?") + encoded.joined(separator: "&")
    }
    return Self.redacting(line)
  }

  /// The description plus header fields (credentials redacted), body size and timeout.
  public var debugDescription: String {
    var text = description
    if !headerFields.isEmpty { text += " [\(Redacted.description(of: headerFields))]" }
    if let body { text += " body: \(body.count) bytes" }
    text += " timeout: \(timeout)"
    return text
  }

  /// The same text as `debugDescription`, so a dump shows no credential either.
  public var customDumpDescription: String { debugDescription }
}

extension HTTPRequest: CustomReflectable {
  /// A mirror without children, so `dump(_:)` and reflection cannot reach a credential header.
  public var customMirror: Mirror {
    Mirror(self, children: ["request": debugDescription], displayStyle: .struct)
  }
}
