import Foundation
import Testing

/// Drives the full-screen UI under tmux: list → detail → favourite → quit, then checks that the
/// terminal is back in cooked mode with echo, and that the favourite was stored.
@Suite(.serialized) struct TerminalUITests {
  /// The pane's command: the UI at the railway square with its own data.
  static func command(directory: URL) -> String {
    Tmux.app(
      ["--at", "60.1699,24.9384", "--data-dir", directory.appendingPathComponent("data").path],
      directory: directory)
  }

  @Test(.timeLimit(.minutes(2))) func listDetailFavouriteQuitRestoresTheTerminal() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let secondName = try await Tmux.with(Self.command(directory: directory)) { tmux in
      // The frame before the first fix says "Waiting…"; the list comes with the search's
      // results.
      let list = try await tmux.waitFor("nearest first")
      #expect(list.contains("Location: manual 60.1699, 24.9384"))
      #expect(list.contains("© OpenStreetMap contributors"))
      let secondRow = try #require(
        list.split(separator: "\n").filter { $0.hasPrefix("   ") || $0.hasPrefix(">  ") }
          .dropFirst().first)
      let secondName = String(secondRow.dropFirst(3).prefix(40))
        .trimmingCharacters(in: .whitespaces)

      await tmux.sendKeys("j")
      _ = try await tmux.waitFor(">  " + secondName)
      await tmux.sendKeys("Enter")
      _ = try await tmux.waitFor("No notes yet")
      await tmux.sendKeys("f")
      _ = try await tmux.waitFor("* favourite")
      await tmux.sendKeys("q")
      let after = try await tmux.waitFor("icanon")
      #expect(after.contains("EXITED 0"))
      // Raw mode is undone: canonical input and echo are back on.
      #expect(after.contains(" icanon"))
      #expect(after.contains(" echo "))
      #expect(!after.contains("-icanon"))
      return secondName
    }

    let favorites = try await BuiltBinary.run(
      ["favorites", "list", "--data-dir", directory.appendingPathComponent("data").path],
      dataDirectory: directory)
    #expect(favorites.stdout.contains(secondName.replacingOccurrences(of: "…", with: "")))
  }

  /// SIGTERM from another process (`kill`, a closing session): the UI leaves the alternate
  /// screen and raw mode first, says why on the normal screen, and exits 128 + 15.
  @Test(.timeLimit(.minutes(2))) func sigtermRestoresTheTerminalAndExits143() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await Tmux.with(Self.command(directory: directory)) { tmux in
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
}
