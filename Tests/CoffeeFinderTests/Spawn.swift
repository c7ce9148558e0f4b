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

/// Runs a program with posix_spawn and waits for it with waitpid.
///
/// Used for tmux: its `new-session` forks a server that outlives the client, and Foundation's
/// `Process.waitUntilExit` does not return while that server holds the descriptors it
/// inherited. Here standard input, output and error go to /dev/null or a file, and every other
/// descriptor is closed, so the server keeps nothing of the test's.
///
/// The child starts with no signal blocked and the default handlers: a test runs on a thread
/// that blocks most signals, and a tmux server that inherited that mask never sees the SIGTERM
/// of `kill-server`, so it outlived the test together with the program in its pane.
enum Spawn {
  /// Runs `arguments[0]` (a full path) with the rest as arguments; standard output goes to
  /// `output` when given. Returns the exit status, or -1 when it could not start.
  @discardableResult
  static func run(_ arguments: [String], output: URL? = nil) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, output?.path ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // Nothing else of the test process's either: a tmux server that inherited the write end of
    // another test's output pipe kept that test waiting for end of file for ever (both
    // threads of the pool blocked, the whole run hung).
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
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    guard posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ) == 0 else {
      return -1
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return (status >> 8) & 0xFF
  }
}
