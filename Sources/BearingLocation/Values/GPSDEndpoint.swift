import Foundation

/// Where gpsd listens: a host and a TCP port (default `127.0.0.1:2947`).
///
/// ``fromEnvironment(_:)`` reads `BEARING_GPSD=host:port` first, then `GPSD_HOST` and
/// `GPSD_PORT`, so a deployment or a test can point the live client elsewhere.
///
/// ```swift
/// let endpoint = GPSDEndpoint.fromEnvironment()  // BEARING_GPSD=127.0.0.1:47123
/// ```
public struct GPSDEndpoint: Hashable, Sendable, CustomStringConvertible {
  /// gpsd's registered port.
  public static let defaultPort = 2947

  /// A host name or IP address; an IPv6 address without brackets.
  public var host: String
  /// The TCP port, 1…65535.
  public var port: Int

  /// Creates an endpoint.
  public init(host: String = "127.0.0.1", port: Int = GPSDEndpoint.defaultPort) {
    self.host = host
    self.port = port
  }

  /// Why text is not a `host:port`; the description says what is wrong without repeating the
  /// text (which may be a secret or hostile).
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the text, without the text itself.
    public var description: String

    init(_ description: String) {
      self.description = description
    }
  }

  /// Parses `host:port`, `host`, `:port`, `[ipv6]` or `[ipv6]:port`; the port defaults to
  /// 2947 and the host to 127.0.0.1. The one host-and-port parser of the package: the
  /// `--gpsd` option, `BEARING_GPSD` and the app's `gpsd_address` setting all use it.
  ///
  /// ```swift
  /// try GPSDEndpoint(validating: "[::1]:3000")  // host "::1", port 3000
  /// ```
  ///
  /// - Throws: ``ParseError`` naming what is wrong: a port outside 1…65535, an unclosed
  ///   bracket, an unbracketed IPv6 address, or a character that no host name has.
  public init(validating text: String) throws(ParseError) {
    guard !text.allSatisfy(\.isWhitespace) else {
      throw ParseError("the address is empty; write HOST:PORT, such as 127.0.0.1:2947")
    }
    var host = Substring(text)
    var port = GPSDEndpoint.defaultPort
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else {
        throw ParseError("an IPv6 address must end with ]")
      }
      let rest = host[host.index(after: close)...]
      host = host[host.index(after: host.startIndex)..<close]
      if !rest.isEmpty {
        guard rest.hasPrefix(":") else { throw ParseError("expected :port after the ]") }
        port = try Self.port(rest.dropFirst())
      }
    } else if let colon = host.lastIndex(of: ":") {
      guard host.firstIndex(of: ":") == colon else {
        throw ParseError("write an IPv6 address in brackets, as [::1]:2947")
      }
      port = try Self.port(host[host.index(after: colon)...])
      host = host[..<colon]
    }
    guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-_:%".contains($0)) })
    else {
      throw ParseError("the host may hold only letters, digits and . - _ : %")
    }
    self.init(host: host.isEmpty ? "127.0.0.1" : String(host), port: port)
  }

  /// Parses text as ``init(validating:)`` does; nil when it is not a valid `host:port`.
  public init?(parsing text: String) {
    guard let endpoint = try? GPSDEndpoint(validating: text) else { return nil }
    self = endpoint
  }

  private static func port(_ text: Substring) throws(ParseError) -> Int {
    guard text.allSatisfy(\.isASCII), let port = Int(text), (1...65_535).contains(port) else {
      throw ParseError("the port must be a whole number from 1 to 65535")
    }
    return port
  }

  /// The endpoint named by `BEARING_GPSD`, else `GPSD_HOST`/`GPSD_PORT`, else the default.
  /// Unparsable values fall back to the default rather than failing later.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> GPSDEndpoint {
    if let value = environment["BEARING_GPSD"], let endpoint = GPSDEndpoint(parsing: value) {
      return endpoint
    }
    var endpoint = GPSDEndpoint()
    if let host = environment["GPSD_HOST"], !host.isEmpty { endpoint.host = host }
    if let port = environment["GPSD_PORT"].flatMap(Int.init), (1...65_535).contains(port) {
      endpoint.port = port
    }
    return endpoint
  }

  /// "host:port", with an IPv6 host in brackets ("[::1]:2947").
  public var description: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }
}
