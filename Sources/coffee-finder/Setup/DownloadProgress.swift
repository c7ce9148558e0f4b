import Foundation
import Synchronization

/// Says on standard error how a download's answer arrives.
///
/// On a terminal, one line that redraws ("receiving 1.2 MB of 4.0 MB") at most ten times a
/// second, cleared before the next line is printed. Elsewhere (a log, a pipe) a redrawn line
/// would be noise: one line when the answer starts to arrive, and the line that follows the
/// download says how much came.
final class DownloadProgress: Sendable {
  private struct State {
    var started = false
    var drawn = false
    var lastDraw: ContinuousClock.Instant?
  }

  private let redraws: Bool
  private let state = Mutex(State())

  /// Progress on standard error, redrawn when it is a terminal.
  init(redraws: Bool = isatty(STDERR_FILENO) == 1) {
    self.redraws = redraws
  }

  /// Reports `received` of `expected` bytes.
  func update(received: Int, expected: Int?) {
    let text: String? = state.withLock { state in
      if !redraws {
        guard !state.started else { return nil }
        state.started = true
        return "coffee-finder: receiving the answer…\n"
      }
      let now = ContinuousClock.now
      let complete = expected.map { received >= $0 } ?? false
      if let last = state.lastDraw, now - last < .milliseconds(100), !complete { return nil }
      state.lastDraw = now
      state.started = true
      state.drawn = true
      let total = expected.map { " of \(Self.size($0))" } ?? ""
      return "\r\u{1B}[Kcoffee-finder: receiving \(Self.size(received))\(total)"
    }
    if let text { Console.writeError(text) }
  }

  /// Clears a drawn progress line, so that the next line starts at the left margin.
  func finish() {
    let drawn = state.withLock { state in
      defer { state.drawn = false }
      return state.drawn
    }
    if drawn { Console.writeError("\r\u{1B}[K") }
  }

  static func size(_ bytes: Int) -> String {
    ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file)
  }
}
