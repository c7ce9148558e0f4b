import CoffeeFinder
import Foundation
import Synchronization

/// Puts the terminal into raw mode on the alternate screen, and puts it back exactly as it was.
///
/// ``restore()`` runs on every way out: normal quit, Ctrl-C (raw mode turns it into a key),
/// SIGINT/SIGTERM from elsewhere (see ``InteractiveSession``), and thrown errors (`defer`).
final class TerminalSession: Sendable {
  private let original: termios
  /// Whether the terminal has been restored already; `restore()` may race with a signal handler.
  private let restored = Mutex(false)

  /// Enters raw mode; throws when standard input is not a terminal.
  init() throws {
    var attributes = termios()
    guard tcgetattr(STDIN_FILENO, &attributes) == 0 else {
      throw CLIError(UserMessage.notATerminal)
    }
    original = attributes
    var raw = attributes
    // No echo, no line buffering, no signals from keys (Ctrl-C arrives as a byte), no CR/LF
    // translation on input; output processing stays on so "\n" still moves to column 0.
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    raw.c_cflag |= tcflag_t(CS8)
    // Reads return what is there without waiting for more; ``TerminalInput`` times the 100 ms
    // after which a lone ESC is told from an arrow.
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 0
      bytes[Int(VTIME)] = 1
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      throw CLIError(UserMessage.cannotEnterRawMode)
    }
    // Alternate screen, hidden cursor.
    Self.write("\u{1B}[?1049h\u{1B}[?25l")
  }

  /// Leaves the alternate screen, shows the cursor and restores the original settings. Safe to
  /// call more than once.
  func restore() {
    let first = restored.withLock { restored in
      defer { restored = true }
      return !restored
    }
    guard first else { return }
    Self.write("\u{1B}[?25h\u{1B}[?1049l")
    var attributes = original
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &attributes)
  }

  deinit { restore() }

  /// The terminal's size in characters.
  static func size() -> (width: Int, height: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes `text` to the terminal, all of it, retrying when a signal interrupts.
  static func write(_ text: String) {
    var data = Array(text.utf8)
    var offset = 0
    while offset < data.count {
      let written = data.withUnsafeMutableBytes { buffer in
        Foundation.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written <= 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }
}
