import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback TCP server that greets each connection with fixed text and then says nothing,
/// keeping the connection open: a stand-in for a gpsd that speaks another protocol version
/// (which gpsfake cannot produce), or for one that never sends a fix (``silentGPSD()``).
///
/// Each connection is read until its client hangs up (what it sends is dropped), so that
/// ``firstHangUp`` says when a client gave up. The listener is closed when the server is
/// released, and the connections still open are shut down.
public final class GreetingServer: Sendable {
  /// gpsd 3.22's VERSION line, the greeting of ``silentGPSD()``.
  public static let gpsdVersion =
    #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"# + "\n"

  /// The connections accepted so far: their count, the descriptors still open (each closed by
  /// its reader, under this lock, so the listener's thread never shuts down a reused one), and
  /// when the first was accepted and the first hung up.
  final class Connections: Sendable {
    struct State {
      var count = 0
      var open: Set<Int32> = []
      var firstAccepted: ContinuousClock.Instant?
      var firstHangUp: ContinuousClock.Instant?
    }
    let state = Mutex(State())
  }

  /// The loopback TCP port the server listens on.
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
        connections.state.withLock { state in
          state.count += 1
          state.open.insert(client)
          state.firstAccepted = state.firstAccepted ?? .now
        }
        _ = bytes.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
        Thread.detachNewThread { Self.read(client, connections) }
      }
      // The listener was shut down: the connections still open are woken, and their readers
      // close them.
      close(listener)
      connections.state.withLock { state in
        for client in state.open { shutdown(client, Int32(SHUT_RDWR)) }
      }
    }
  }

  /// Reads `client` until it hangs up (or the server shuts it down), then closes it.
  private static func read(_ client: Int32, _ connections: Connections) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(client, $0.baseAddress, $0.count) }
      if count > 0 || (count < 0 && errno == EINTR) { continue }
      break
    }
    connections.state.withLock { state in
      state.firstHangUp = state.firstHangUp ?? .now
      state.open.remove(client)
      close(client)
    }
  }

  /// When the first client connected: a measure of a client's waiting that leaves out how
  /// long its process took to start.
  public var firstConnection: ContinuousClock.Instant? {
    connections.state.withLock { $0.firstAccepted }
  }

  /// When a client first closed its connection: with ``firstConnection``, how long it waited
  /// before giving up, leaving out how long its process took to end.
  public var firstHangUp: ContinuousClock.Instant? {
    connections.state.withLock { $0.firstHangUp }
  }

  /// How many clients have connected.
  public var connectionCount: Int { connections.state.withLock { $0.count } }

  deinit {
    // Wakes the accept loop, which then closes everything.
    shutdown(listener, Int32(SHUT_RDWR))
  }
}
