import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real gpsd fed by `gpsfake -n -1` from an NMEA log written by the test, on a free high
/// loopback port (never gpsd's own 2947).
final class GPSFake: Sendable {
  let port: Int
  let process: Process
  let logURL: URL

  /// Starts gpsfake; `cycle` is the delay between sentences.
  init(sentences: [String], port: Int? = nil, cycle: Double = 0.05) throws {
    self.port = try port ?? Self.freePort()
    logURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("bearing-gpsfake-\(UUID().uuidString).nmea")
    try (sentences.joined(separator: "\r\n") + "\r\n").write(
      to: logURL, atomically: true, encoding: .ascii)
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/gpsfake")
    process.arguments = [
      "-n", "-1", "-q", "-P", "\(self.port)", "-c", "\(cycle)", logURL.path,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// Stops gpsfake and the gpsd it started, by pid.
  ///
  /// gpsfake ends its daemon on SIGTERM, but a gpsd that is still probing the fake device
  /// keeps SIGTERM blocked and gpsfake then waits for it forever; so after a grace period the
  /// daemon (found by gpsfake's control socket name) gets SIGKILL, and gpsfake after it.
  func stop() {
    let pid = process.processIdentifier
    let daemons = Self.daemons(startedBy: pid)
    if process.isRunning { kill(pid, SIGTERM) }
    if !waitForExit(seconds: 3) {
      for daemon in daemons + Self.daemons(startedBy: pid) { kill(daemon, SIGKILL) }
      if !waitForExit(seconds: 2) { kill(pid, SIGKILL) }
      _ = waitForExit(seconds: 2)
    }
    for daemon in daemons where kill(daemon, 0) == 0 { kill(daemon, SIGKILL) }
    try? FileManager.default.removeItem(at: logURL)
  }

  private func waitForExit(seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    return !process.isRunning
  }

  deinit { stop() }

  /// Waits until gpsd accepts connections, so that a test's client does not start by finding
  /// location services off.
  ///
  /// The bound is generous: gpsfake is a Python program that starts gpsd, and on a machine busy
  /// with builds that once took more than 10 s. It returns as soon as gpsd listens.
  func waitUntilListening(timeout: Double = 60) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
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
      // Asleep, not blocking: the thread is one of the few every test shares.
      try await Task.sleep(for: .milliseconds(50))
    }
    throw GPSFakeNotListening(port: port, seconds: timeout)
  }

  /// The gpsd processes whose control socket names this gpsfake (`/tmp/gpsfake-PID.sock`).
  static func daemons(startedBy pid: Int32) -> [pid_t] {
    let marker = "gpsfake-\(pid).sock"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> pid_t? in
      guard let candidate = pid_t(entry),
        let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
      else { return nil }
      let commandLine = String(decoding: data, as: UTF8.self)
      return commandLine.contains("gpsd") && commandLine.contains(marker) ? candidate : nil
    }
  }

  /// A loopback port the kernel says is free right now, above 1023 and never 2947.
  static func freePort() throws -> Int {
    for _ in 0..<10 {
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      guard fd >= 0 else { continue }
      defer { close(fd) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
        }
      }
      guard bound else { continue }
      let port = Int(UInt16(bigEndian: address.sin_port))
      if port > 1023, port != 2947 { return port }
    }
    throw CocoaError(.featureUnsupported)
  }
}

/// gpsd, started by gpsfake, did not accept connections in time.
struct GPSFakeNotListening: Error, CustomStringConvertible {
  let port: Int
  let seconds: Double
  var description: String { "gpsd (gpsfake) did not listen on port \(port) within \(seconds) s" }
}
