/// A rendered map: `rows` lines of `columns` cells, each a character and the ink that drew it.
///
/// Every character takes one terminal column. Print it with ``lines(style:)``; compare two
/// frames with ``changedRows(since:)`` to redraw only what changed.
///
/// ```swift
/// let frame = MapRenderer.render(viewport, streets: streets, marks: marks)
/// for line in frame.lines(style: .color) { print(line) }
/// ```
public struct MapFrame: Hashable, Sendable {
  /// The frame's width in terminal columns, one per cell.
  public let columns: Int
  /// The frame's height in lines.
  public let rows: Int
  /// Row by row, `columns` cells a row.
  public internal(set) var cells: [Cell]

  /// One character cell of a frame.
  public struct Cell: Hashable, Sendable {
    /// What the cell shows: a space, a line-drawing character, a number, an arrow.
    public var character: Character
    /// What drew the cell, which decides its colour and attributes; `.blank` for an empty cell.
    public var ink: MapInk
  }

  /// How a frame reaches the terminal.
  public enum Style: Hashable, Sendable {
    /// Characters only: for pipes and files.
    case plain
    /// Bold and reverse video, no colour: for `NO_COLOR`.
    case monochrome
    /// Colour and attributes.
    case color
  }

  init(columns: Int, rows: Int, cells: [Cell]) {
    precondition(cells.count == columns * rows)
    self.columns = columns
    self.rows = rows
    self.cells = cells
  }

  /// The cell at a column and row.
  public subscript(column: Int, row: Int) -> Cell { cells[row * columns + column] }

  /// One string a row, with SGR sequences around inked runs unless `style` is `.plain`. Every
  /// styled row ends with its attributes reset.
  public func lines(style: Style = .plain) -> [String] {
    (0..<rows).map { line($0, style: style) }
  }

  /// Row `row` as ``lines(style:)`` writes it.
  public func line(_ row: Int, style: Style = .plain) -> String {
    var result = ""
    var current: String? = nil
    for cell in cells[row * columns..<(row + 1) * columns] {
      if style != .plain {
        let sgr = cell.character == " " ? nil : cell.ink.sgr(color: style == .color)
        if sgr != current {
          if current != nil { result += "\u{1B}[0m" }
          if let sgr { result += "\u{1B}[\(sgr)m" }
          current = sgr
        }
      }
      result.append(cell.character)
    }
    if current != nil { result += "\u{1B}[0m" }
    return result
  }

  /// The frame as plain text, rows joined by newlines: what golden tests compare.
  public var text: String { lines().joined(separator: "\n") }

  /// The rows that differ from `previous` (all of them when its size differs).
  public func changedRows(since previous: MapFrame?) -> [Int] {
    guard let previous, previous.columns == columns, previous.rows == rows else {
      return Array(0..<rows)
    }
    return (0..<rows).filter { row in
      let range = row * columns..<(row + 1) * columns
      return cells[range] != previous.cells[range]
    }
  }
}
