import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real gpsd fed by `gpsfake -n -1` from an NMEA log written by the test, on a free high
/// loopback port (never gpsd's own 2947).
///
/// gpsfake runs in a process group of its own with the gpsd it starts, so that ``stop()`` ends
/// both. Stop it whatever happens, or use ``with(log:port:cycle:_:)``:
///
/// ```swift
/// try await GPSFake.with(log: walk) { gpsfake in
///   try await gpsfake.waitUntilListening()
///   …
/// }
/// ```
public final class GPSFake: Sendable {
  public let port: Int
  public let logURL: URL
  private let process: ChildProcess

  /// Starts gpsfake replaying `log` (NMEA sentences, each ended by CR LF); `cycle` is the
  /// delay between sentences in seconds, `port` a free one when not given.
  public init(log: String, port: Int? = nil, cycle: Double = 0.05) throws {
    self.port = try port ?? Self.freePort()
    logURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("bearing-gpsfake-\(UUID().uuidString).nmea")
    try log.write(to: logURL, atomically: true, encoding: .ascii)
    process = try ChildProcess.spawn(
      [
        "/usr/bin/gpsfake", "-n", "-1", "-q", "-P", "\(self.port)", "-c", "\(cycle)",
        logURL.path,
      ], newGroup: true)
  }

  /// Starts gpsfake replaying `sentences`.
  public convenience init(sentences: [String], port: Int? = nil, cycle: Double = 0.05) throws {
    try self.init(
      log: sentences.joined(separator: "\r\n") + "\r\n", port: port, cycle: cycle)
  }

  /// Starts gpsfake (see ``init(log:port:cycle:)``), runs `body` with it, and stops it however
  /// `body` ends.
  public static func with<T: Sendable>(
    log: String, port: Int? = nil, cycle: Double = 0.05, _ body: (GPSFake) async throws -> T
  ) async throws -> T {
    let gpsfake = try GPSFake(log: log, port: port, cycle: cycle)
    return try await withTeardown {
      try await body(gpsfake)
    } teardown: {
      await gpsfake.stop()
    }
  }

  /// Starts gpsfake replaying `sentences`, runs `body` with it, and stops it however `body`
  /// ends.
  public static func with<T: Sendable>(
    sentences: [String], port: Int? = nil, cycle: Double = 0.05,
    _ body: (GPSFake) async throws -> T
  ) async throws -> T {
    try await with(
      log: sentences.joined(separator: "\r\n") + "\r\n", port: port, cycle: cycle, body)
  }

  /// Stops gpsfake and the gpsd it started, and removes the log.
  ///
  /// gpsfake ends its daemon on SIGTERM, but a gpsd that is still probing the fake device
  /// keeps SIGTERM blocked and gpsfake then waits for it forever; so after a grace period the
  /// whole group gets SIGKILL, and any gpsd of this gpsfake that is left after it.
  public func stop() async {
    let daemons = Self.daemons(startedBy: process.pid)
    await process.stop(grace: .seconds(3))
    for daemon in daemons + Self.daemons(startedBy: process.pid) { kill(daemon, SIGKILL) }
    try? FileManager.default.removeItem(at: logURL)
  }

  /// A last resort for a test that did not call ``stop()``: the group dies at once.
  deinit {
    if !process.hasExited() { process.signal(SIGKILL) }
    try? FileManager.default.removeItem(at: logURL)
  }

  /// Waits until gpsd accepts connections, so that a test's client does not start by finding
  /// location services off.
  ///
  /// The bound is generous: gpsfake is a Python program that starts gpsd, and on a machine busy
  /// with builds that once took more than 10 s. It returns as soon as gpsd listens.
  public func waitUntilListening(timeout: Double = 60) async throws {
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
  public static func freePort() throws -> Int {
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
public struct GPSFakeNotListening: Error, CustomStringConvertible {
  public let port: Int
  public let seconds: Double
  public var description: String {
    "gpsd (gpsfake) did not listen on port \(port) within \(seconds) s"
  }
}
