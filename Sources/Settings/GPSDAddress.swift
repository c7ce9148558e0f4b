/// Where gpsd listens: a host name or address and a TCP port.
///
/// Parsed from `host`, `host:port`, `[v6-address]` or `[v6-address]:port`; the port defaults
/// to gpsd's 2947.
public struct GPSDAddress: Hashable, Sendable, CustomStringConvertible {
  /// gpsd's registered port.
  public static let defaultPort = 2947

  public var host: String
  public var port: Int

  public init(host: String, port: Int = GPSDAddress.defaultPort) {
    self.host = host
    self.port = port
  }

  /// Parses `text`; the error says what is wrong (without repeating the text).
  public init(parsing text: String) throws(SettingsError.Reason) {
    var host = Substring(text)
    var port = Self.defaultPort
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else {
        throw .init("an IPv6 address must end with ]")
      }
      let rest = host[host.index(after: close)...]
      host = host[host.index(after: host.startIndex)..<close]
      if !rest.isEmpty {
        guard rest.hasPrefix(":") else { throw .init("expected :port after the ]") }
        port = try Self.port(rest.dropFirst())
      }
    } else if let colon = host.lastIndex(of: ":") {
      guard host.firstIndex(of: ":") == colon else {
        throw .init("write an IPv6 address in brackets, as [::1]:2947")
      }
      port = try Self.port(host[host.index(after: colon)...])
      host = host[..<colon]
    }
    guard !host.isEmpty else { throw .init("the host is empty") }
    guard host.allSatisfy({ $0.isLetter || $0.isNumber || ".-_:%".contains($0) }) else {
      throw .init("the host may hold only letters, digits and . - _ : %")
    }
    self.init(host: String(host), port: port)
  }

  private static func port(_ text: Substring) throws(SettingsError.Reason) -> Int {
    guard let port = Int(text), (1...65535).contains(port) else {
      throw .init("the port must be a whole number from 1 to 65535")
    }
    return port
  }

  public var description: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }
}
