import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// glibc's (2.34 and later) action that closes every descriptor from `from` up, which the
/// Glibc module does not import.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func addCloseFrom(
  _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32
) -> Int32

/// A daemon a test started: its own process group, output in a log file, and a hard limit on
/// its life so that nothing outlives a test run that crashed before its cleanup.
struct DaemonProcess: Sendable {
  /// The process id, which is also its process group's id.
  let pid: pid_t
  let log: URL

  /// Starts `arguments[0]` (a full path) under `timeout -s KILL lifetime`, in a new process
  /// group, with `environment`, standard input from /dev/null, output and errors to `log`,
  /// and no other descriptor of the test's.
  ///
  /// - Throws: ``HarnessError`` when it cannot start.
  static func start(
    _ arguments: [String], environment: [String: String], log: URL, lifetime: Int = 600
  ) throws -> DaemonProcess {
    let command = ["/usr/bin/timeout", "-s", "KILL", "\(lifetime)"] + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    _ = addCloseFrom(&actions, 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A test thread blocks most signals; a daemon that inherited that mask would ignore SIGTERM.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGCHLD] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
    var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var envp: [UnsafeMutablePointer<CChar>?] =
      environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid = pid_t()
    let status = posix_spawn(&pid, command[0], &actions, &attributes, &argv, &envp)
    guard status == 0 else {
      throw HarnessError("cannot start \(arguments[0]): \(String(cString: strerror(status)))")
    }
    return DaemonProcess(pid: pid, log: log)
  }

  /// Whether the process has exited (reaping it if so).
  func hasExited() -> Bool {
    var status: Int32 = 0
    return waitpid(pid, &status, WNOHANG) == pid
  }

  /// Ends the whole process group: SIGTERM, then SIGKILL after `grace`; waits for the process.
  func stop(grace: Duration = .seconds(3)) {
    kill(-pid, SIGTERM)
    let deadline = ContinuousClock.now + grace
    var status: Int32 = 0
    while ContinuousClock.now < deadline {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid || (result < 0 && errno == ECHILD) {
        kill(-pid, SIGKILL)  // anything of the group that is left
        return
      }
      usleep(20_000)
    }
    kill(-pid, SIGKILL)
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
  }
}

/// Why the GeoClue harness could not set up.
public struct HarnessError: Error, CustomStringConvertible, Sendable {
  public var description: String

  init(_ description: String) {
    self.description = description
  }
}
