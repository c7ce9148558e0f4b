import BearingLocation
import BearingLocationTesting
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A GPS receiver on a Unix socket, as GeoClue's `--nmea-socket` reads one: every connection
/// gets a GGA and an RMC sentence for the current position, stamped now, four times a second.
///
/// It runs on a thread of its own until ``stop()``.
final class NMEASocketServer: Sendable {
  let path: String
  private let state: Mutex<State>
  private let listener: Int32

  private struct State {
    var position: Coordinate
    var altitude: Double?
    var stopped = false
    var finished = false
  }

  /// Listens at `path` (created; removed on stop).
  init(path: String, position: Coordinate, altitude: Double?) throws {
    self.path = path
    state = Mutex(State(position: position, altitude: altitude))
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      close(fd)
      throw HarnessError("socket path too long: \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    unlink(path)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(fd, 8) == 0 else {
      let message = String(cString: strerror(errno))
      close(fd)
      throw HarnessError("cannot listen at \(path): \(message)")
    }
    listener = fd
    let thread = Thread { [self] in serve() }
    thread.name = "bearing.tests.nmea"
    thread.start()
  }

  /// Moves the receiver: the next sentences carry `position`.
  func move(to position: Coordinate) {
    state.withLock { $0.position = position }
  }

  /// Stops serving, closes every connection and removes the socket; waits for the thread.
  func stop() async {
    state.withLock { $0.stopped = true }
    // The thread sees `stopped` within one poll (50 ms); asleep meanwhile, not blocking.
    while !state.withLock({ $0.finished }) { try? await Task.sleep(for: .milliseconds(10)) }
  }

  private func serve() {
    var clients: [Int32] = []
    var nextWrite = ContinuousClock.now
    while !state.withLock({ $0.stopped }) {
      var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      if poll(&poller, 1, 50) > 0, poller.revents & Int16(POLLIN) != 0 {
        let client = accept(listener, nil, nil)
        if client >= 0 { clients.append(client) }
      }
      guard ContinuousClock.now >= nextWrite else { continue }
      nextWrite = ContinuousClock.now + .milliseconds(250)
      let (position, altitude) = state.withLock { ($0.position, $0.altitude) }
      let text = Self.sentences(at: position, altitude: altitude, time: Date())
      clients.removeAll { client in
        let sent = text.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        if sent < 0 {
          close(client)
          return true
        }
        return false
      }
    }
    for client in clients { close(client) }
    close(listener)
    unlink(path)
    state.withLock { $0.finished = true }
  }

  /// GGA and RMC for one epoch. HDOP 4 is what GeoClue 2.6 turns into an accuracy of 3 m.
  static func sentences(at position: Coordinate, altitude: Double?, time: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: time)
    let clock = String(
      format: "%02d%02d%02d.00", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    let day = String(
      format: "%02d%02d%02d", parts.day ?? 1, parts.month ?? 1, (parts.year ?? 2000) % 100)
    let (lat, ns) = NMEALog.angle(position.latitude, latitude: true)
    let (lon, ew) = NMEALog.angle(position.longitude, latitude: false)
    let altitudeField = altitude.map { String(format: "%.1f,M", $0) } ?? ","
    return [
      NMEALog.sentence(
        "GPGGA,\(clock),\(lat),\(ns),\(lon),\(ew),1,08,4.0,\(altitudeField),0.0,M,,"),
      NMEALog.sentence("GPRMC,\(clock),A,\(lat),\(ns),\(lon),\(ew),0.0,0.0,\(day),,,A"),
    ].map { $0 + "\r\n" }.joined()
  }
}
