/// An HTTP request method, such as `GET` or `POST`.
///
/// ```swift
/// let method: HTTPMethod = .get
/// method.isIdempotent  // true: safe to retry
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The method's token as sent on the wire, upper-case.
  public let rawValue: String

  /// Creates a method from its token; the token is upper-cased.
  public init(rawValue: String) {
    self.rawValue = rawValue.uppercased()
  }

  public static let get = Self(rawValue: "GET")
  public static let head = Self(rawValue: "HEAD")
  public static let post = Self(rawValue: "POST")
  public static let put = Self(rawValue: "PUT")
  public static let patch = Self(rawValue: "PATCH")
  public static let delete = Self(rawValue: "DELETE")
  public static let options = Self(rawValue: "OPTIONS")

  /// Whether sending the request twice has the same effect as sending it once (RFC 9110 §9.2.2).
  ///
  /// Only idempotent requests are retried automatically: retrying a `POST` after a timeout could
  /// create a second resource.
  public var isIdempotent: Bool {
    switch rawValue {
    case "GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE": true
    default: false
    }
  }

  public var description: String { rawValue }
}
