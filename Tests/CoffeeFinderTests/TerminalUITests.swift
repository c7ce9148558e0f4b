import Foundation
import Testing

/// Drives the full-screen UI under tmux: list → detail → favourite → quit, then checks that the
/// terminal is back in cooked mode with echo, and that the favourite was stored.
@Suite(.serialized) struct TerminalUITests {
  struct Tmux {
    let socket = "coffee-finder-test-\(UUID().uuidString.prefix(8))"

    let captureFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("coffee-finder-pane-\(UUID().uuidString).txt")

    // tmux runs on a thread of its own: waiting for it on one of the threads every test shares
    // would hold up the others.
    @discardableResult
    func run(_ arguments: [String]) async -> Int32 {
      let socket = socket
      return await onThread { Spawn.run(["/usr/bin/tmux", "-L", socket] + arguments) }
    }

    /// Stops the tmux server and its panes; waits on the calling thread, for `defer`.
    func killServer() {
      Spawn.run(["/usr/bin/tmux", "-L", socket, "kill-server"])
    }

    func capture() async -> String {
      let (socket, captureFile) = (socket, captureFile)
      return await onThread {
        Spawn.run(
          ["/usr/bin/tmux", "-L", socket, "capture-pane", "-p", "-t", "ui"], output: captureFile)
        return (try? String(contentsOf: captureFile, encoding: .utf8)) ?? ""
      }
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

    /// The pid of the `coffee-finder` that the pane's shell runs, found in /proc.
    func appPID() async -> pid_t? {
      let (socket, captureFile) = (socket, captureFile)
      let status = await onThread {
        Spawn.run(
          ["/usr/bin/tmux", "-L", socket, "display-message", "-p", "-t", "ui", "#{pane_pid}"],
          output: captureFile)
      }
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

  /// The pane's command: the UI at the railway square with its own data, then its exit status
  /// and the terminal's settings for the test to read.
  static func command(directory: URL, dataDirectory: String) -> String {
    let environment = BuiltBinary.environment(dataDirectory: directory)
    return ["XDG_CONFIG_HOME", "XDG_DATA_HOME"].map { "\($0)='\(environment[$0]!)'" }.joined(
      separator: " ")
      + " '\(BuiltBinary.url.path)' --at 60.1699,24.9384 --data-dir '\(dataDirectory)'"
      + "; echo \"EXITED $?\"; stty -a; sleep 10"
  }

  @Test(.timeLimit(.minutes(2))) func listDetailFavouriteQuitRestoresTheTerminal() async throws {
    try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "install tmux")
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let dataDirectory = directory.appendingPathComponent("data").path
    let command = Self.command(directory: directory, dataDirectory: dataDirectory)
    let tmux = Tmux()
    await tmux.run(["new-session", "-d", "-s", "ui", "-x", "80", "-y", "24", command])
    defer {
      tmux.killServer()
      try? FileManager.default.removeItem(at: tmux.captureFile)
    }

    // The frame before the first fix says "Waiting…"; the list comes with the search's results.
    let list = try await tmux.waitFor("nearest first")
    #expect(list.contains("Location: manual 60.1699, 24.9384"))
    #expect(list.contains("© OpenStreetMap contributors"))
    let secondRow = try #require(
      list.split(separator: "\n").filter { $0.hasPrefix("   ") || $0.hasPrefix(">  ") }.dropFirst()
        .first)
    let secondName = String(secondRow.dropFirst(3).prefix(40)).trimmingCharacters(in: .whitespaces)

    await tmux.run(["send-keys", "-t", "ui", "j"])
    _ = try await tmux.waitFor(">  " + secondName)
    await tmux.run(["send-keys", "-t", "ui", "Enter"])
    _ = try await tmux.waitFor("No notes yet")
    await tmux.run(["send-keys", "-t", "ui", "f"])
    _ = try await tmux.waitFor("* favourite")
    await tmux.run(["send-keys", "-t", "ui", "q"])
    let after = try await tmux.waitFor("icanon")
    #expect(after.contains("EXITED 0"))
    // Raw mode is undone: canonical input and echo are back on.
    #expect(after.contains(" icanon"))
    #expect(after.contains(" echo "))
    #expect(!after.contains("-icanon"))

    let favorites = try await BuiltBinary.run(
      ["favorites", "list", "--data-dir", dataDirectory], dataDirectory: directory)
    #expect(favorites.stdout.contains(secondName.replacingOccurrences(of: "…", with: "")))
  }

  /// SIGTERM from another process (`kill`, a closing session): the UI leaves the alternate
  /// screen and raw mode first, says why on the normal screen, and exits 128 + 15.
  @Test(.timeLimit(.minutes(2))) func sigtermRestoresTheTerminalAndExits143() async throws {
    try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "install tmux")
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let dataDirectory = directory.appendingPathComponent("data").path
    let tmux = Tmux()
    await tmux.run([
      "new-session", "-d", "-s", "ui", "-x", "80", "-y", "24",
      Self.command(directory: directory, dataDirectory: dataDirectory),
    ])
    defer {
      tmux.killServer()
      try? FileManager.default.removeItem(at: tmux.captureFile)
    }

    _ = try await tmux.waitFor("q quit")
    let pid = try #require(await tmux.appPID(), "no coffee-finder process under the pane")
    #expect(kill(pid, SIGTERM) == 0)
    let after = try await tmux.waitFor("icanon")
    // The note is on the normal screen: it was written after leaving the alternate one.
    #expect(after.contains("coffee-finder: stopped by SIGTERM"))
    #expect(after.contains("EXITED 143"))
    #expect(after.contains(" icanon"))
    #expect(after.contains(" echo "))
    #expect(!after.contains("-icanon"))
  }
}
