import CoffeeFinder
import Foundation

/// Writes to standard output and standard error without buffering surprises.
enum Console {
  /// Prints `text` and a newline to standard output.
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// Prints "coffee-finder: error: …" as one line on standard error.
  static func error(_ message: String) {
    writeError("coffee-finder: error: \(message)\n")
  }

  /// Prints "coffee-finder: …" as one line on standard error.
  static func note(_ message: String) {
    writeError("coffee-finder: \(message)\n")
  }

  static func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// The width to fit output to: `COLUMNS` when it is set, else the terminal's; `nil` when
  /// standard output is not a terminal (a pipe, a file), where nothing is cut.
  static var width: Int? {
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }),
      columns > 0
    {
      return columns
    }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return nil
  }
}
