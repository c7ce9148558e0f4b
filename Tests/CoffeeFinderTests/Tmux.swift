import BearingProcessTesting
import Foundation
import Testing

/// A tmux server of the test's own (`tmux -L`), with one session, "ui", whose pane runs the
/// built binary: how the tests drive the full-screen UI as a user at a terminal would.
///
/// ```swift
/// try await Tmux.with(Tmux.app(["--at", "60.1699,24.9384"], directory: directory)) { tmux in
///   _ = try await tmux.waitFor("q quit")
///   await tmux.sendKeys("q")
/// }
/// ```
struct Tmux {
  let socket = "coffee-finder-test-\(UUID().uuidString.prefix(8))"

  let captureFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("coffee-finder-pane-\(UUID().uuidString).txt")

  /// Starts a session "ui" of `width` × `height` cells running `command`, runs `body`, then
  /// stops the server and its panes however `body` ends.
  static func with<T>(
    _ command: String, width: Int = 80, height: Int = 24, _ body: (Tmux) async throws -> T
  ) async throws -> T {
    try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "install tmux")
    let tmux = Tmux()
    await tmux.run(["new-session", "-d", "-s", "ui", "-x", "\(width)", "-y", "\(height)", command])
    return try await withTeardown {
      try await body(tmux)
    } teardown: {
      await tmux.killServer()
    }
  }

  /// The pane's command: the built binary with `arguments`, its own configuration and data
  /// under `directory`; then its exit status (`EXITED n`) and the terminal's settings (`stty
  /// -a`) for the test to read, and the pane stays `linger` seconds.
  static func app(_ arguments: [String], directory: URL, linger: Int = 10) -> String {
    let environment = BuiltBinary.environment(dataDirectory: directory)
    return ["XDG_CONFIG_HOME", "XDG_DATA_HOME"].map { "\($0)='\(environment[$0]!)'" }.joined(
      separator: " ")
      + " " + ([BuiltBinary.url.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
      + "; echo \"EXITED $?\"; stty -a; sleep \(linger)"
  }

  /// The pane's command for the UI replaying `walk` at 5×, with its data under `directory`.
  static func replaying(_ walk: URL, directory: URL) -> String {
    app(
      [
        "--replay", walk.path, "--replay-speed", "5", "--data-dir",
        directory.appendingPathComponent("data").path,
      ], directory: directory, linger: 30)
  }

  /// Runs a tmux command against this server; returns its exit status.
  @discardableResult
  func run(_ arguments: [String]) async -> Int32 {
    await ChildProcess.run(["/usr/bin/tmux", "-L", socket] + arguments)
  }

  /// Types `key` (a tmux key name: "j", "Enter") into the pane.
  func sendKeys(_ key: String) async {
    await run(["send-keys", "-t", "ui", key])
  }

  /// Stops the tmux server and its panes, and removes the capture file.
  func killServer() async {
    await run(["kill-server"])
    try? FileManager.default.removeItem(at: captureFile)
  }

  /// The pane's text now.
  func capture() async -> String {
    await ChildProcess.run(
      ["/usr/bin/tmux", "-L", socket, "capture-pane", "-p", "-t", "ui"], output: captureFile)
    return (try? String(contentsOf: captureFile, encoding: .utf8)) ?? ""
  }

  /// The pane's text now with its colours and attributes, as SGR escape sequences.
  func captureWithEscapes() async -> String {
    await ChildProcess.run(
      ["/usr/bin/tmux", "-L", socket, "capture-pane", "-p", "-e", "-t", "ui"],
      output: captureFile)
    return (try? String(contentsOf: captureFile, encoding: .utf8)) ?? ""
  }

  /// Waits until the pane shows `text`, up to `seconds`.
  func waitFor(_ text: String, seconds: Double = 20) async throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var screen = ""
    while Date() < deadline {
      screen = await capture()
      if screen.contains(text) { return screen }
      try await Task.sleep(for: .milliseconds(100))
    }
    Issue.record("timed out waiting for \"\(text)\"; the screen was:\n\(screen)")
    return screen
  }

  /// Captures the pane twice a second until `done` holds for a capture or `seconds` pass;
  /// returns every capture, the last one last.
  func captures(forUpTo seconds: Double, until done: (String) -> Bool) async throws -> [String] {
    var screens: [String] = []
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let screen = await capture()
      screens.append(screen)
      if done(screen) { break }
      try await Task.sleep(for: .milliseconds(500))
    }
    return screens
  }

  /// The pid of the `coffee-finder` that the pane's shell runs, found in /proc.
  func appPID() async -> pid_t? {
    let status = await ChildProcess.run(
      ["/usr/bin/tmux", "-L", socket, "display-message", "-p", "-t", "ui", "#{pane_pid}"],
      output: captureFile)
    guard status == 0, let text = try? String(contentsOf: captureFile, encoding: .utf8),
      let shell = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return nil }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { pid_t($0) }.first { pid in
      // "PID (COMM) STATE PPID …"
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.range(of: ") ", options: .backwards)
      else { return false }
      let fields = stat[close.upperBound...].split(separator: " ")
      return stat.contains("(coffee-finder)") && fields.count > 1 && pid_t(fields[1]) == shell
    }
  }
}
