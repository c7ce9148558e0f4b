import BearingProcessTesting
import Foundation

/// A daemon a test started: its own process group, output in a log file, and a hard limit on
/// its life so that nothing outlives a test run that crashed before its cleanup.
struct DaemonProcess: Sendable {
  let process: ChildProcess
  let log: URL

  /// Starts `arguments[0]` (a full path) under `timeout -s KILL lifetime`, in a new process
  /// group, with `environment`, standard input from /dev/null, output and errors to `log`,
  /// and no other descriptor of the test's.
  ///
  /// - Throws: ``HarnessError`` when it cannot start.
  static func start(
    _ arguments: [String], environment: [String: String], log: URL, lifetime: Int = 600
  ) throws -> DaemonProcess {
    do {
      let process = try ChildProcess.spawn(
        ["/usr/bin/timeout", "-s", "KILL", "\(lifetime)"] + arguments, environment: environment,
        output: .appended(log), errorsToOutput: true, newGroup: true)
      return DaemonProcess(process: process, log: log)
    } catch {
      throw HarnessError("cannot start \(arguments[0]): \(error)")
    }
  }

  /// Whether the process has exited (reaping it if so).
  func hasExited() -> Bool {
    process.hasExited()
  }

  /// Ends the whole process group: SIGTERM, then SIGKILL after `grace`; waits for the process.
  func stop(grace: Duration = .seconds(3)) async {
    await process.stop(grace: grace)
  }
}

/// Why the GeoClue harness could not set up.
public struct HarnessError: Error, CustomStringConvertible, Sendable {
  /// What failed, in a few words.
  public var description: String

  init(_ description: String) {
    self.description = description
  }
}
