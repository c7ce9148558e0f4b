import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback TCP server that greets each connection with fixed lines and keeps it open: a
/// stand-in for a gpsd that speaks another protocol version, which gpsfake cannot produce.
final class OneLineServer: Sendable {
  let port: Int
  private let listener: Int32

  init(greeting: String) throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.listener = listener
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ready = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && listen(listener, 8) == 0
          && getsockname(listener, $0, &length) == 0
      }
    }
    guard ready else { throw CocoaError(.featureUnsupported) }
    port = Int(UInt16(bigEndian: address.sin_port))
    let bytes = Array(greeting.utf8)
    Thread.detachNewThread {
      while true {
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
        // Connections stay open until the listener closes; the client must hang up itself.
      }
    }
  }

  deinit {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }
}
