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

/// A program a test started with posix_spawn: the one way the tests start a daemon (gpsfake,
/// dbus-daemon, GeoClue) or a short command (tmux) that must keep nothing of the test's.
///
/// Standard input is /dev/null, standard output and error go to /dev/null or a file, and every
/// other descriptor is closed: a tmux server that inherited the write end of another test's
/// output pipe once kept that test waiting for end of file for ever (both threads of the pool
/// blocked, the whole run hung), and Foundation's `Process.waitUntilExit` does not return while
/// such a server holds the descriptors it inherited.
///
/// The child starts with no signal blocked and the default handlers: a test runs on a thread
/// that blocks most signals, and a daemon (or tmux server) that inherited that mask never sees
/// the SIGTERM that should end it.
///
/// Waiting never blocks a thread the tests share: ``exitStatus(within:)`` polls `waitpid` with
/// `WNOHANG` between short sleeps on the continuous clock.
///
/// ```swift
/// let status = await ChildProcess.run(["/usr/bin/tmux", "-L", socket, "kill-server"])
/// ```
public struct ChildProcess: Sendable {
  /// Where the child's standard output goes.
  public enum Output: Sendable {
    /// /dev/null.
    case discarded
    /// A file, created if needed and emptied first.
    case file(URL)
    /// A file, created if needed, written at its end.
    case appended(URL)
  }

  /// The process id; also its process group's id when it was started in a group of its own.
  public let pid: pid_t
  /// Whether the child leads a process group of its own, which ``stop(grace:)`` signals whole.
  public let ownsGroup: Bool

  /// Starts `arguments[0]` (a full path) with the rest as its arguments.
  ///
  /// - Parameters:
  ///   - environment: the child's whole environment; `nil` for the test's own.
  ///   - output: where standard output goes.
  ///   - errorsToOutput: standard error goes where standard output goes, else to /dev/null.
  ///   - newGroup: the child leads a process group of its own, so that ``stop(grace:)`` ends
  ///     whatever it starts as well.
  /// - Throws: ``ChildProcessError`` when it cannot start.
  public static func spawn(
    _ arguments: [String], environment: [String: String]? = nil, output: Output = .discarded,
    errorsToOutput: Bool = false, newGroup: Bool = false
  ) throws -> ChildProcess {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    switch output {
    case .discarded:
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    case .file(let url):
      posix_spawn_file_actions_addopen(&actions, 1, url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    case .appended(let url):
      posix_spawn_file_actions_addopen(
        &actions, 1, url.path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    }
    if errorsToOutput {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    _ = addCloseFrom(&actions, 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGCHLD, SIGWINCH] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if newGroup {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let status: Int32
    if let environment {
      var envp: [UnsafeMutablePointer<CChar>?] =
        environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
      defer { for pointer in envp { free(pointer) } }
      status = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &envp)
    } else {
      status = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
    }
    guard status == 0 else {
      throw ChildProcessError(
        "cannot start \(arguments[0]): \(String(cString: strerror(status)))")
    }
    return ChildProcess(pid: pid, ownsGroup: newGroup)
  }

  /// Runs `arguments[0]` (a full path) to its end, its standard output to `output` when given;
  /// returns its exit status, or -1 when it could not start or was killed by a signal.
  @discardableResult
  public static func run(_ arguments: [String], output: URL? = nil) async -> Int32 {
    guard let child = try? spawn(arguments, output: output.map { .file($0) } ?? .discarded)
    else { return -1 }
    return await child.exitStatus() ?? -1
  }

  /// Whether the process has exited (reaping it if so).
  public func hasExited() -> Bool {
    reap() != nil
  }

  /// Waits for the process to end and returns its exit status (-1 when a signal ended it);
  /// `nil` when it is still running after `timeout`.
  public func exitStatus(within timeout: Duration = .seconds(3600)) async -> Int32? {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    // Short commands (tmux) end within milliseconds: look often at first, then less often.
    var pause = Duration.milliseconds(1)
    while true {
      if let status = reap() { return status }
      guard clock.now < deadline else { return nil }
      // Not cancellable: a cancelled test must still reap what it started.
      try? await clock.sleep(until: min(clock.now + pause, deadline), tolerance: nil)
      pause = min(pause * 2, .milliseconds(20))
    }
  }

  /// Ends the process (its whole group if it leads one): SIGTERM, then SIGKILL if it has not
  /// exited after `grace`; returns once it is reaped.
  public func stop(grace: Duration = .seconds(3)) async {
    signal(SIGTERM)
    if await exitStatus(within: grace) == nil {
      signal(SIGKILL)
      _ = await exitStatus()
    }
    if ownsGroup { signal(SIGKILL) }  // anything of the group that is left
  }

  /// Sends `number` to the process, or to its whole group if it leads one.
  public func signal(_ number: Int32) {
    kill(ownsGroup ? -pid : pid, number)
  }

  /// The exit status once the process has ended (-1 when a signal ended it, or when it was
  /// already reaped), `nil` while it runs.
  private func reap() -> Int32? {
    var status: Int32 = 0
    let result = waitpid(pid, &status, WNOHANG)
    if result == pid {
      // WIFEXITED: the low seven bits are the signal that ended it, zero for a normal exit.
      return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
    if result < 0, errno != EINTR { return -1 }
    return nil
  }
}

/// Why a test's child process could not start.
public struct ChildProcessError: Error, CustomStringConvertible, Sendable {
  /// What could not start and the system's reason, such as "cannot start PATH: REASON".
  public var description: String

  init(_ description: String) {
    self.description = description
  }
}
