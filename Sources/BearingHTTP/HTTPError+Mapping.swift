import BearingText
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPError {
  /// The error for a non-2xx response, with the server's message when its body has one.
  public static func status(of response: HTTPResponse, now: Date = Date()) -> HTTPError {
    .status(
      response.status, message: serverMessage(in: response.body),
      retryAfter: response.retryAfter(now: now))
  }

  /// The explanation a server put in an error body: `message`, `error`, `error.message`,
  /// `detail` or `error_description` of a JSON object, or a short plain-text body.
  static func serverMessage(in body: Data) -> String? {
    guard !body.isEmpty else { return nil }
    if case .object(let object) = jsonDocument(body) {
      for key in ["message", "error_description", "detail", "error"] {
        if case .string(let text) = object[key], !text.isEmpty { return sanitized(text) }
      }
      if case .object(let nested) = object["error"], case .string(let text) = nested["message"] {
        return sanitized(text)
      }
      return nil
    }
    guard let text = String(data: body, encoding: .utf8) else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    // An HTML error page is not a message a person wants to read in a terminal, but the line
    // of it that states the error is (Overpass: `<p><strong>Error</strong>: runtime error: …`).
    guard trimmed.hasPrefix("<") else { return sanitized(trimmed) }
    return errorLine(inHTML: trimmed).map(sanitized)
  }

  /// `body` read as one JSON document by the package's reader; `nil` when it is not JSON.
  private static func jsonDocument(_ body: Data) -> JSONValue? {
    body.withUnsafeBytes { bytes in
      var parser = JSONParser(bytes)
      guard let value = try? parser.value(), (try? parser.finish()) != nil else { return nil }
      return value
    }
  }

  /// The first line of an HTML page's text that starts with "Error:", entities decoded.
  static func errorLine(inHTML html: String) -> String? {
    let text = html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    for line in text.split(whereSeparator: \.isNewline) {
      let line = line.trimmingCharacters(in: .whitespaces)
      guard line.hasPrefix("Error:") else { continue }
      let message = line.dropFirst("Error:".count).trimmingCharacters(in: .whitespaces)
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&amp;", with: "&")
      return message.isEmpty ? nil : message
    }
    return nil
  }

  /// Server text made safe to show: control characters escaped, at most 300 characters.
  static func sanitized(_ text: String) -> String {
    TerminalText.line(text, limit: 300)
  }

  /// The error for a `DecodingError`, naming the failing coding path.
  public static func decoding(_ error: DecodingError, type: Any.Type) -> HTTPError {
    let context: DecodingError.Context
    let reason: String
    switch error {
    case .typeMismatch(let expected, let c):
      context = c
      reason = "expected \(expected): \(c.debugDescription)"
    case .valueNotFound(let expected, let c):
      context = c
      reason = "expected \(expected), found null: \(c.debugDescription)"
    case .keyNotFound(let key, let c):
      context = DecodingError.Context(
        codingPath: c.codingPath + [key], debugDescription: c.debugDescription)
      reason = "the key is missing"
    case .dataCorrupted(let c):
      context = c
      reason = c.debugDescription
    @unknown default:
      return .decoding(type: "\(type)", path: "", reason: "\(error)")
    }
    return .decoding(type: "\(type)", path: codingPath(context.codingPath), reason: reason)
  }

  /// `results[3].location.formatted_address` for a coding path.
  static func codingPath(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }

  /// The transport failure for an error from URLSession.
  static func transport(_ error: any Error, host: String) -> HTTPError {
    guard let urlError = error as? URLError else {
      return .transport(.other(sanitized(error.localizedDescription)))
    }
    switch urlError.code {
    case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff:
      return .transport(.offline)
    case .timedOut:
      return .transport(.timedOut)
    case .cannotFindHost, .dnsLookupFailed:
      return .transport(.hostNotFound(host))
    case .cannotConnectToHost:
      return .transport(.cannotConnect(host))
    case .networkConnectionLost:
      return .transport(.connectionLost)
    case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData,
      .cannotDecodeContentData:
      return .transport(.badResponse)
    case .unknown where urlError.localizedDescription.contains("transfer closed with"):
      // swift-corelibs-foundation reports curl's "partial file" (a body shorter than its
      // Content-Length) as an unknown error with only curl's text to tell it apart.
      return .transport(.connectionLost)
    default:
      return .transport(.other(sanitized(urlError.localizedDescription)))
    }
  }
}
