import BearingGeoClue
import CoffeeFinder
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Quick checks of whether a location source is there, each on a thread of its own (they
/// block), never on Swift's cooperative pool.
enum SourceProbe {
  /// Whether something accepts a TCP connection at `host:port` within `timeout`.
  static func listens(host: String, port: Int, timeout: Duration = .milliseconds(500)) async
    -> Bool
  {
    await withCheckedContinuation { continuation in
      let thread = Thread {
        continuation.resume(returning: listensBlocking(host: host, port: port, timeout: timeout))
      }
      thread.name = "coffee-finder.probe"
      thread.start()
    }
  }

  private static func listensBlocking(host: String, port: Int, timeout: Duration) -> Bool {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_NUMERICSERV
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
      return false
    }
    defer { freeaddrinfo(first) }
    let milliseconds =
      Int32(timeout.components.seconds * 1000)
      + Int32(timeout.components.attoseconds / 1_000_000_000_000_000)
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let address = next {
      next = address.pointee.ai_next
      let fd = socket(
        address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_NONBLOCK.rawValue),
        address.pointee.ai_protocol)
      guard fd >= 0 else { continue }
      defer { close(fd) }
      if connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return true }
      guard errno == EINPROGRESS else { continue }
      var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      guard poll(&poller, 1, milliseconds) == 1 else { continue }
      var error: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      if getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 { return true }
    }
    return false
  }
}

extension LocationSourceProbe {
  /// The machine's own: a TCP probe, GeoClue's name on the system bus, the file system.
  static let live = LocationSourceProbe(
    gpsdAnswers: { host, port in await SourceProbe.listens(host: host, port: port) },
    geoClueIsPresent: { await GeoClue.isPresent() },
    geoClueProblem: { GeoClue.libdbusProblem },
    readTrack: { path in try Data(contentsOf: URL(fileURLWithPath: path)) })
}
