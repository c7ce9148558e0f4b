import Foundation

/// Why an HTTP exchange failed, in terms a user can act on.
///
/// Every case's description is safe to log: it names no credential.
///
/// ```swift
/// do {
///   let user = try await User.fetch()
/// } catch HTTPError.status(.unauthorized, let message, _) {
///   print("sign in again: \(message ?? "unauthorized")")
/// }
/// ```
public enum HTTPError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The request never got an HTTP answer.
  case transport(TransportFailure)
  /// The server answered with a status outside 2xx.
  ///
  /// `message` is the server's own explanation when the body has one (`{"message": …}` and the
  /// like, or a short plain-text body); `retryAfter` is the server's `Retry-After`.
  case status(HTTPResponse.Status, message: String?, retryAfter: Duration?)
  /// The body is not what the model expects; `path` is the failing coding path, such as
  /// `results[3].latitude`.
  case decoding(type: String, path: String, reason: String)
  /// The request cannot be sent as it is (a relative path without a base URL, say).
  case invalidRequest(String)
  /// A fixture-backed client has no fixture for the request.
  case noFixture(request: String, known: [String])

  /// What went wrong below HTTP.
  public enum TransportFailure: Hashable, Sendable, CustomStringConvertible {
    /// The machine has no network connection.
    case offline
    /// The server did not answer within the request's timeout.
    case timedOut
    /// The host name did not resolve.
    case hostNotFound(String)
    /// Nothing accepted a connection at the host and port.
    case cannotConnect(String)
    /// The connection closed before the whole response arrived (a body cut short, say).
    case connectionLost
    /// The server's answer is not valid HTTP.
    case badResponse
    /// Any other transport failure, with the system's explanation.
    case other(String)

    /// A few words for a log or a message, such as "the server did not answer in time".
    public var description: String {
      switch self {
      case .offline: "the network is offline"
      case .timedOut: "the server did not answer in time"
      case .hostNotFound(let host): "the host \(host) could not be found (DNS)"
      case .cannotConnect(let host): "could not connect to \(host)"
      case .connectionLost: "the connection was lost before the response was complete"
      case .badResponse: "the server's response was not valid HTTP"
      case .other(let reason): reason
      }
    }
  }

  /// Whether the request might succeed if sent again unchanged.
  public var isTransient: Bool {
    switch self {
    case .transport(.timedOut), .transport(.connectionLost), .transport(.offline): true
    case .status(let status, _, _):
      [
        .requestTimeout, .tooManyRequests, .internalServerError, .badGateway, .serviceUnavailable,
        .gatewayTimeout,
      ].contains(status)
    default: false
    }
  }

  /// One line for a log or a message, such as "HTTP 429 Too Many Requests (retry after 30 s)".
  public var description: String {
    switch self {
    case .transport(let failure):
      return "network error: \(failure)"
    case .status(let status, let message, let retryAfter):
      var text = "HTTP \(status.code) \(status.standardReasonPhrase)"
      if let message { text += ": \(message)" }
      if let retryAfter { text += " (retry after \(retryAfter.components.seconds) s)" }
      return text
    case .decoding(let type, let path, let reason):
      return "could not decode \(type) at \(path.isEmpty ? "the top level" : path): \(reason)"
    case .invalidRequest(let reason):
      return "invalid request: \(reason)"
    case .noFixture(let request, let known):
      let list = known.isEmpty ? "none" : known.joined(separator: "; ")
      return "no fixture for \(request); fixtures exist for: \(list)"
    }
  }
}

extension HTTPResponse.Status {
  /// The reason phrase to show: the status's own, else swift-http-types' for its code, else the
  /// name of its class (`Client Error`, say).
  ///
  /// URLSession reports only the code, and a status written as a number (`429`) has no phrase.
  var standardReasonPhrase: String {
    if !reasonPhrase.isEmpty { return reasonPhrase }
    if let known = Self.known[code] { return known.reasonPhrase }
    return switch kind {
    case .informational: "Informational"
    case .successful: "Success"
    case .redirection: "Redirection"
    case .clientError: "Client Error"
    case .serverError, .invalid: "Server Error"
    }
  }

  /// The statuses swift-http-types names, by code, for their reason phrases.
  private static let known: [Int: Self] = {
    let statuses: [Self] = [
      .continue, .switchingProtocols, .earlyHints, .ok, .created, .accepted,
      .nonAuthoritativeInformation, .noContent, .resetContent, .partialContent, .multipleChoices,
      .movedPermanently, .found, .seeOther, .notModified, .temporaryRedirect, .permanentRedirect,
      .badRequest, .unauthorized, .forbidden, .notFound, .methodNotAllowed, .notAcceptable,
      .proxyAuthenticationRequired, .requestTimeout, .conflict, .gone, .lengthRequired,
      .preconditionFailed, .contentTooLarge, .uriTooLong, .unsupportedMediaType,
      .rangeNotSatisfiable, .expectationFailed, .misdirectedRequest, .unprocessableContent,
      .tooEarly, .upgradeRequired, .preconditionRequired, .tooManyRequests,
      .requestHeaderFieldsTooLarge, .unavailableForLegalReasons, .internalServerError,
      .notImplemented, .badGateway, .serviceUnavailable, .gatewayTimeout,
      .httpVersionNotSupported, .networkAuthenticationRequired,
    ]
    return Dictionary(statuses.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
  }()
}
