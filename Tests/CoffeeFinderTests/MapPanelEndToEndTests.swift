import BearingLocation
import Foundation
import Testing

/// The map panel of the full-screen UI under tmux, following a replayed walk through central
/// Helsinki: streets, the arrow along the walk, and the list's numbers on the map.
@Suite(.serialized) struct MapPanelEndToEndTests {
  /// One capture of a 160 × 40 pane: the list in the first 88 columns, the map after the
  /// separator.
  struct Capture {
    var text: String
    var list: [String]
    var map: [[Character]]

    init(_ text: String) {
      self.text = text
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
      list = lines.map { String($0.prefix(88)) }
      map = lines.map { Array($0.dropFirst(89)) }
    }

    /// The numbers of the list's rows, in order.
    var listNumbers: [Int] {
      list.compactMap { line in line.firstMatch(of: /^[> ][* ] +(\d+)\s/).flatMap { Int($0.1) } }
    }

    /// The numbers drawn on the map (the scale bar's left out).
    var mapNumbers: Set<Int> {
      Set(
        map.filter { !$0.contains("├") }.flatMap { row in
          String(row).matches(of: /\d+/).compactMap { Int($0.output) }
        })
    }

    /// The map's centre cell: you, since the map follows you (the map is 71 columns wide).
    var centre: Character? {
      map.count > 20 && map[20].count > 35 ? map[20][35] : nil
    }

    var brailleCount: Int {
      map.joined().filter {
        $0.unicodeScalars.first.map { (0x2801...0x28FF).contains($0.value) } ?? false
      }.count
    }

    var position: String? {
      list.lazy.compactMap { $0.firstMatch(of: /^You: (-?\d+\.\d+, -?\d+\.\d+)/) }.first
        .map { String($0.1) }
    }
  }

  @Test(.timeLimit(.minutes(2))) func theMapFollowsAReplayedWalk() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // The list's replay test's walk, replayed at 5×.
    let walk = try NMEAWalk.writeCentralWalk(in: directory)
    let command = Tmux.replaying(walk, directory: directory)
    try await Tmux.with(command, width: 160, height: 40) { tmux in
      _ = try await tmux.waitFor("m map")
      let captures = try await tmux.captures(forUpTo: 60) {
        Capture($0).position == "60.1760, 24.9420"
      }.map(Capture.init)
      // The walk is over: once the last search has settled, the map shows the list's numbers.
      let last = Capture(
        try await tmux.captures(forUpTo: 20) {
          let capture = Capture($0)
          return capture.listNumbers.count >= 5
            && capture.mapNumbers == Set(capture.listNumbers)
        }.last ?? "")

      let walking = captures.filter { $0.position != nil && !$0.listNumbers.isEmpty }
      #expect(Set(walking.compactMap(\.position)).count >= 5, "the header did not follow the walk")
      // Streets on every map, and the map moves under you as you walk.
      #expect(walking.allSatisfy { $0.brailleCount > 300 }, "\(last.text)")
      #expect(Set(walking.map { $0.map.map { String($0) } }).count >= 5)
      // You are the arrow in the middle, pointing up the walk (north by east).
      #expect(walking.allSatisfy { $0.centre == "↑" }, "\(walking.map(\.centre))\n\(last.text)")
      // The numbers on the map are the list's.
      let numbers = last.listNumbers
      #expect(numbers == Array(1...numbers.count) && numbers.count >= 5, "\(last.text)")
      #expect(last.mapNumbers == Set(numbers), "\(last.text)")

      // `m` hides the panel, `m` brings it back; `q` leaves and restores the terminal.
      await tmux.sendKeys("m")
      let hidden = try await tmux.captures(forUpTo: 20) { !$0.contains("│") }.last ?? ""
      #expect(!hidden.contains("│"))
      // Hidden, the footer still says how to bring the map back.
      #expect(hidden.contains("+/- radius  o open now  m map  q quit"), "\(hidden)")
      await tmux.sendKeys("m")
      _ = try await tmux.captures(forUpTo: 20) { $0.contains("│") }
      await tmux.sendKeys("q")
      let after = try await tmux.waitFor("icanon")
      #expect(after.contains("EXITED 0"))
      #expect(after.contains(" icanon") && after.contains(" echo ") && !after.contains("-icanon"))
    }
  }
}
