import Foundation

/// What the server answered: status, header fields, the whole body, and the URL that answered.
///
/// The status and the header fields are swift-http-types' (``Status``, `HTTPFields`).
///
/// ```swift
/// let response = try await httpClient.send(request)
/// if response.status == .ok { print(String(decoding: response.body, as: UTF8.self)) }
/// ```
public struct HTTPResponse: Hashable, Sendable {
  /// The response status: swift-http-types' `HTTPResponse.Status`, such as `.ok` or `404`.
  public typealias Status = HTTPTypes.HTTPResponse.Status

  /// The status, such as `.ok` (200) or `.notFound` (404).
  public var status: Status
  /// The header fields, in order; names compare case-insensitively.
  public var headerFields: HTTPFields
  /// The whole body.
  public var body: Data
  /// The URL that answered (after any redirects), when known.
  public var url: URL?

  /// Creates a response from its parts.
  public init(
    status: Status, headerFields: HTTPFields = [:], body: Data = Data(), url: URL? = nil
  ) {
    self.status = status
    self.headerFields = headerFields
    self.body = body
    self.url = url
  }

  /// Whether the status is 2xx.
  public var isSuccess: Bool { status.kind == .successful }

  /// The delay the server asked for in `Retry-After`, as seconds or an HTTP date; the first
  /// field counts when there are several.
  ///
  /// - parameter now: the current time, to turn an HTTP date into a delay.
  public func retryAfter(now: Date = Date()) -> Duration? {
    guard let raw = headerFields[values: .retryAfter].first?.trimmingCharacters(in: .whitespaces)
    else {
      return nil
    }
    if let seconds = Int(raw), seconds >= 0 {
      return .seconds(seconds)
    }
    // An HTTP date is printable ASCII ("Sun, 06 Nov 1994 08:49:37 GMT"). Anything else never
    // reaches DateFormatter, which traps when it stops parsing inside a character (a letter and
    // a combining mark, as the fuzzer found).
    guard raw.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
    if let date = Self.httpDateFormatter().date(from: raw) {
      let delay = max(0, date.timeIntervalSince(now))
      return .seconds(delay.rounded(.up))
    }
    return nil
  }

  /// Next-page URLs from `Link` headers (RFC 8288), in order: `<https://…>; rel="next"`.
  public func links(relation: String) -> [URL] {
    headerFields[values: Self.link].flatMap { value in
      Self.splitLinkValue(value).compactMap { entry -> URL? in
        let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">") else {
          return nil
        }
        let relations = parts.dropFirst().compactMap { parameter -> [String]? in
          let pair = parameter.split(separator: "=", maxSplits: 1)
          guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel"
          else { return nil }
          return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\" ")).lowercased()
            .split(separator: " ").map(String.init)
        }
        guard relations.contains(where: { $0.contains(relation.lowercased()) }) else { return nil }
        return URL(string: String(target.dropFirst().dropLast()))
      }
    }
  }

  /// The `Link` field (RFC 8288), which swift-http-types does not name.
  private static let link = HTTPField.Name("Link")!

  /// Splits a `Link` value at commas that are outside `<…>` and quotes.
  private static func splitLinkValue(_ value: String) -> [String] {
    var entries: [String] = []
    var current = ""
    var inAngle = false
    var inQuote = false
    for character in value {
      switch character {
      case "<" where !inQuote: inAngle = true
      case ">" where !inQuote: inAngle = false
      case "\"" where !inAngle: inQuote.toggle()
      case "," where !inAngle && !inQuote:
        entries.append(current)
        current = ""
        continue
      default: break
      }
      current.append(character)
    }
    entries.append(current)
    return entries.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  // A new formatter per call: Retry-After dates are rare, and a shared one is not Sendable.
  private static func httpDateFormatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter
  }
}
