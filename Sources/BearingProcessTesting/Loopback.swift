import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Loopback ports for the daemons and servers that tests start.
public enum Loopback {
  /// A loopback port the kernel says is free right now, above 1023 and never 2947.
  public static func freePort() throws -> Int {
    for _ in 0..<10 {
      let (descriptor, port) = try listen(backlog: 1)
      close(descriptor)
      if port > 1023, port != 2947 { return port }
    }
    throw ChildProcessError("no free loopback port above 1023 in 10 tries")
  }

  /// A TCP socket listening on a free loopback port, and that port; `backlog` connections may
  /// wait to be accepted. The caller closes the descriptor.
  public static func listen(backlog: Int32 = 8) throws -> (descriptor: Int32, port: Int) {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw ChildProcessError("cannot open a socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ready = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && Glibc.listen(listener, backlog) == 0
          && getsockname(listener, $0, &length) == 0
      }
    }
    guard ready else {
      close(listener)
      throw ChildProcessError("cannot listen on a loopback port")
    }
    return (listener, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// Waits until something accepts TCP connections on `port`, polling, asleep between tries
  /// (the waiting thread is one of the few that every test shares). It returns as soon as a
  /// connection succeeds; the bound is generous because a daemon started on a machine busy with
  /// builds once took more than 10 s to listen.
  public static func waitUntilListening(port: Int, timeout: Duration = .seconds(60)) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = in_port_t(UInt16(port).bigEndian)
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
      }
      close(fd)
      if connected { return }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw LoopbackNotListening(port: port, timeout: timeout)
  }
}

/// Nothing accepted connections on a loopback port in time.
public struct LoopbackNotListening: Error, CustomStringConvertible {
  /// The port that was probed on 127.0.0.1.
  public let port: Int
  /// How long the probe kept trying.
  public let timeout: Duration
  /// "nothing listened on 127.0.0.1:PORT within TIMEOUT".
  public var description: String {
    "nothing listened on 127.0.0.1:\(port) within \(timeout)"
  }
}
