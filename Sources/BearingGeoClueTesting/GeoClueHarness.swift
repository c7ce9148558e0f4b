import BearingGeoClue
import BearingLocation
import BearingProcessTesting
import Foundation

/// A real GeoClue 2.6 on a private system bus, for tests: `dbus-daemon` with a configuration of
/// the test's own, `geoclue` in a private mount namespace that sees the test's
/// `/etc/geoclue/geoclue.conf` (GeoClue reads only that path), GeoClue's demo agent (GeoClue
/// 2.6 answers no client until an agent for the user is registered), and a GPS receiver on a
/// Unix socket that GeoClue reads through `--nmea-socket`. Nothing of the machine's own bus or
/// configuration is used or changed.
///
/// Needs root (for the mount namespace) and the Debian packages `geoclue-2.0` and
/// `dbus-daemon`, which `scripts/test` installs. Call ``stop()`` whatever happens: it ends every
/// process and removes the directory. Every daemon is also killed after ten minutes.
///
/// ```swift
/// try await GeoClueHarness.with(at: here, allowed: ["bearing-tests"]) { geoClue in
///   let options = GeoClueOptions(desktopID: "bearing-tests", busAddress: geoClue.busAddress)
///   …
/// }
/// ```
public final class GeoClueHarness: Sendable {
  /// The private bus's address, for `GeoClueOptions.busAddress` or `DBUS_SYSTEM_BUS_ADDRESS`.
  public let busAddress: String
  /// Where the configuration, sockets and logs live.
  public let directory: URL
  private let receiver: NMEASocketServer
  private let daemons: [DaemonProcess]

  private init(
    busAddress: String, directory: URL, receiver: NMEASocketServer, daemons: [DaemonProcess]
  ) {
    self.busAddress = busAddress
    self.directory = directory
    self.receiver = receiver
    self.daemons = daemons
  }

  /// Starts the bus, GeoClue (allowing the desktop ids in `allowed`, refusing those in
  /// `refused`) and, unless `agent` is false, the demo agent, with the receiver at `position`;
  /// returns once GeoClue owns its name on the bus.
  ///
  /// - Throws: ``HarnessError`` naming what did not start, with its log.
  public static func start(
    at position: Coordinate, altitude: Double? = 12.5, allowed: [String],
    refused: [String] = [], agent: Bool = true
  ) async throws -> GeoClueHarness {
    do {
      // Starting waits for the bus and GeoClue with blocking calls: on a thread of its own.
      return try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
          continuation.resume(
            with: Result {
              try startBlocking(
                at: position, altitude: altitude, allowed: allowed, refused: refused,
                agent: agent)
            })
        }
        thread.start()
      }
    } catch let failure as StartFailure {
      let logs = failure.harness.logs()
      await failure.harness.stop()
      throw HarnessError("\(failure.message)\n\(logs)")
    }
  }

  /// What did not start, and the harness so far, to be stopped.
  private struct StartFailure: Error {
    let harness: GeoClueHarness
    let message: String
  }

  /// Starts a harness (see ``start(at:altitude:allowed:refused:agent:)``), runs `body` with
  /// it, and stops it however `body` ends.
  public static func with<T: Sendable>(
    at position: Coordinate, altitude: Double? = 12.5, allowed: [String],
    refused: [String] = [], agent: Bool = true,
    _ body: (GeoClueHarness) async throws -> T
  ) async throws -> T {
    let harness = try await start(
      at: position, altitude: altitude, allowed: allowed, refused: refused, agent: agent)
    return try await withTeardown {
      try await body(harness)
    } teardown: {
      await harness.stop()
    }
  }

  /// Moves the GPS receiver GeoClue reads.
  public func move(to position: Coordinate) {
    receiver.move(to: position)
  }

  /// The logs of the daemons, for a failing test's message.
  public func logs() -> String {
    daemons.map { daemon in
      let text = (try? String(contentsOf: daemon.log, encoding: .utf8)) ?? ""
      return "--- \(daemon.log.lastPathComponent)\n" + text.suffix(3_000)
    }.joined(separator: "\n")
  }

  /// Ends every daemon and the receiver, and removes the directory.
  public func stop() async {
    for daemon in daemons.reversed() { await daemon.stop() }
    await receiver.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  private static func startBlocking(
    at position: Coordinate, altitude: Double?, allowed: [String], refused: [String],
    agent: Bool
  ) throws -> GeoClueHarness {
    let directory = URL(fileURLWithPath: "/tmp")
      .appendingPathComponent("bearing-geoclue-\(UUID().uuidString.prefix(8))")
    let configuration = directory.appendingPathComponent("etc-geoclue")
    try FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
    let busSocket = directory.appendingPathComponent("bus").path
    let busAddress = "unix:path=\(busSocket)"
    try busConfiguration(socket: busSocket).write(
      to: directory.appendingPathComponent("bus.conf"), atomically: true, encoding: .utf8)
    try geoClueConfiguration(allowed: allowed, refused: refused).write(
      to: configuration.appendingPathComponent("geoclue.conf"), atomically: true,
      encoding: .utf8)
    let receiver: NMEASocketServer
    do {
      receiver = try NMEASocketServer(
        path: directory.appendingPathComponent("nmea.sock").path, position: position,
        altitude: altitude)
    } catch {
      try? FileManager.default.removeItem(at: directory)
      throw error
    }
    var daemons: [DaemonProcess] = []
    func fail(_ message: String) -> StartFailure {
      StartFailure(
        harness: GeoClueHarness(
          busAddress: busAddress, directory: directory, receiver: receiver, daemons: daemons),
        message: message)
    }
    var environment = [
      "PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "DBUS_SYSTEM_BUS_ADDRESS": busAddress,
      // Nothing may reach the user's session bus (the demo agent's notifications would).
      "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(directory.path)/no-session-bus",
      "G_MESSAGES_DEBUG": "Geoclue",
    ]
    environment["LANG"] = "C.UTF-8"
    do {
      daemons.append(
        try DaemonProcess.start(
          [
            "/usr/bin/dbus-daemon", "--nofork", "--nopidfile",
            "--config-file=\(directory.path)/bus.conf",
          ], environment: environment, log: directory.appendingPathComponent("dbus-daemon.log")))
      try waitFor("the private bus", daemons) { FileManager.default.fileExists(atPath: busSocket) }
      daemons.append(
        try DaemonProcess.start(
          [
            "/usr/bin/unshare", "--mount", "--propagation", "private", "--", "/bin/sh", "-c",
            "mount --bind \"$1\" /etc/geoclue && exec /usr/libexec/geoclue -t 0 --nmea-socket \"$2\"",
            "geoclue", configuration.path, receiver.path,
          ], environment: environment, log: directory.appendingPathComponent("geoclue.log")))
      try waitFor("geoclue on the private bus", daemons) {
        GeoClue.isPresentBlocking(busAddress: busAddress, timeout: .seconds(1))
      }
      if agent {
        daemons.append(
          try DaemonProcess.start(
            ["/usr/libexec/geoclue-2.0/demos/agent"], environment: environment,
            log: directory.appendingPathComponent("agent.log")))
      }
    } catch let error as HarnessError {
      throw fail(error.description)
    }
    return GeoClueHarness(
      busAddress: busAddress, directory: directory, receiver: receiver, daemons: daemons)
  }

  /// Polls `ready` until it holds, for up to 10 s, failing early if a daemon exits.
  private static func waitFor(
    _ what: String, _ daemons: [DaemonProcess], ready: () -> Bool
  ) throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !ready() {
      if let exited = daemons.first(where: { $0.hasExited() }) {
        throw HarnessError("\(exited.log.lastPathComponent): exited while waiting for \(what)")
      }
      guard ContinuousClock.now < deadline else {
        throw HarnessError("timed out waiting for \(what)")
      }
      usleep(50_000)
    }
  }

  /// A system bus that lets everyone own and call anything: it is the test's own.
  static func busConfiguration(socket: String) -> String {
    """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>system</type>
      <listen>unix:path=\(socket)</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow user="*"/>
        <allow own="*"/>
        <allow send_type="method_call"/>
        <allow send_type="signal"/>
        <allow send_requested_reply="true" send_type="method_return"/>
        <allow send_requested_reply="true" send_type="error"/>
        <allow receive_type="method_call"/>
        <allow receive_type="method_return"/>
        <allow receive_type="error"/>
        <allow receive_type="signal"/>
      </policy>
    </busconfig>

    """
  }

  /// Only the NMEA source, the demo agent, and the test's desktop ids. The Wi-Fi source's
  /// GeoIP lookup, which GeoClue 2.6 makes even with Wi-Fi disabled, is pointed at a closed
  /// loopback port so that nothing leaves the machine.
  static func geoClueConfiguration(allowed: [String], refused: [String]) -> String {
    var text = """
      [agent]
      whitelist=geoclue-demo-agent

      [network-nmea]
      enable=true

      [3g]
      enable=false

      [cdma]
      enable=false

      [modem-gps]
      enable=false

      [wifi]
      enable=false
      url=http://127.0.0.1:9/geolocate
      submit-data=false

      [compass]
      enable=false

      """
    for id in allowed { text += "\n[\(id)]\nallowed=true\nsystem=false\nusers=\n" }
    for id in refused { text += "\n[\(id)]\nallowed=false\nsystem=false\nusers=\n" }
    return text
  }
}
