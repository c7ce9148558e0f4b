import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback TCP server that greets each connection with fixed text and then says nothing,
/// keeping the connection open: a stand-in for a gpsd that speaks another protocol version
/// (which gpsfake cannot produce), or for one that never sends a fix (``silentGPSD()``).
///
/// The accepted connections are closed, and the listener too, when the server is released.
public final class GreetingServer: Sendable {
  /// gpsd 3.22's VERSION line, the greeting of ``silentGPSD()``.
  public static let gpsdVersion =
    #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"# + "\n"

  /// The descriptors of the connections accepted so far.
  final class Connections: Sendable {
    let descriptors = Mutex<[Int32]>([])
    let firstAccepted = Mutex<ContinuousClock.Instant?>(nil)
  }

  public let port: Int
  private let connections = Connections()
  private let listener: Int32

  /// A gpsd impostor: it greets with gpsd's VERSION line, so a client waits for a fix that
  /// never comes.
  public static func silentGPSD() throws -> GreetingServer {
    try GreetingServer(greeting: gpsdVersion)
  }

  /// Listens on a free loopback port and writes `greeting` to every connection.
  public init(greeting: String) throws {
    let (listener, port) = try Loopback.listen()
    self.listener = listener
    self.port = port
    let bytes = Array(greeting.utf8)
    let connections = connections
    Thread.detachNewThread {
      while true {
        let client = accept(listener, nil, nil)
        guard client >= 0 else {
          if errno == EINTR { continue }
          break
        }
        connections.firstAccepted.withLock { $0 = $0 ?? .now }
        connections.descriptors.withLock { $0.append(client) }
        _ = bytes.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
      }
      // The listener was shut down: this thread owns the descriptors, so it closes them.
      close(listener)
      for client in connections.descriptors.withLock({ $0 }) { close(client) }
    }
  }

  /// When the first client connected: a measure of a client's waiting that leaves out how
  /// long its process took to start.
  public var firstConnection: ContinuousClock.Instant? {
    connections.firstAccepted.withLock { $0 }
  }

  /// How many clients have connected.
  public var connectionCount: Int { connections.descriptors.withLock { $0.count } }

  deinit {
    // Wakes the accept loop, which then closes everything.
    shutdown(listener, Int32(SHUT_RDWR))
  }
}
