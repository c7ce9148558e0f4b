/// Turns successive screens into what a terminal needs to show them, rewriting only the rows
/// that changed since the last screen.
///
/// The first screen, and the first after ``invalidate()`` (the terminal was resized), is drawn
/// whole from the top-left corner.
///
/// ```swift
/// var painter = ScreenPainter()
/// write(painter.paint(Screen.render(state, width: 80, height: 24)))
/// ```
package struct ScreenPainter: Sendable {
  private var previous: [String]?

  package init() {}

  /// Forgets what is on the terminal, so the next screen is drawn whole.
  package mutating func invalidate() { previous = nil }

  /// The escape sequences and text that turn the last screen into `lines`; empty when nothing
  /// changed.
  package mutating func paint(_ lines: [String]) -> String {
    defer { previous = lines }
    guard let previous else {
      var output = "\u{1B}[H"
      for (index, line) in lines.enumerated() {
        output += line + "\u{1B}[K" + (index < lines.count - 1 ? "\r\n" : "")
      }
      return output + "\u{1B}[J"
    }
    var output = ""
    for (index, line) in lines.enumerated()
    where index >= previous.count || previous[index] != line {
      output += "\u{1B}[\(index + 1);1H" + line + "\u{1B}[K"
    }
    if lines.count < previous.count {
      output += "\u{1B}[\(lines.count + 1);1H\u{1B}[J"
    }
    return output
  }
}
