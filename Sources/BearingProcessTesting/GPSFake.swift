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
  /// The loopback TCP port the fake gpsd listens on.
  public let port: Int
  /// The temporary file holding the NMEA log gpsfake replays.
  public let logURL: URL
  private let process: ChildProcess

  /// Starts gpsfake replaying `log` (NMEA sentences, each ended by CR LF); `cycle` is the
  /// delay between sentences in seconds, `port` a free one when not given.
  public init(log: String, port: Int? = nil, cycle: Double = 0.05) throws {
    self.port = try port ?? Loopback.freePort()
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
  public func waitUntilListening(timeout: Duration = .seconds(60)) async throws {
    try await Loopback.waitUntilListening(port: port, timeout: timeout)
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
}
