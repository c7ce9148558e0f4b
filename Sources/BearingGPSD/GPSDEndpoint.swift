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

  public var host: String
  public var port: Int

  /// Creates an endpoint.
  public init(host: String = "127.0.0.1", port: Int = GPSDEndpoint.defaultPort) {
    self.host = host
    self.port = port
  }

  /// Parses `host:port`, `host`, `:port` or `[ipv6]:port`; nil when the port is not 1…65535.
  public init?(parsing text: String) {
    var host = Substring(text)
    var port = GPSDEndpoint.defaultPort
    if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
      let rest = host[host.index(after: close)...]
      host = host[host.index(after: host.startIndex)..<close]
      if rest.hasPrefix(":") {
        guard let value = Int(rest.dropFirst()) else { return nil }
        port = value
      } else if !rest.isEmpty {
        return nil
      }
    } else if let colon = host.lastIndex(of: ":"), host.firstIndex(of: ":") == colon {
      guard let value = Int(host[host.index(after: colon)...]) else { return nil }
      port = value
      host = host[..<colon]
    }
    guard (1...65_535).contains(port) else { return nil }
    self.init(host: host.isEmpty ? "127.0.0.1" : String(host), port: port)
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

  public var description: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }
}
