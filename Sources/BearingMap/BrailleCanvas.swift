/// A grid of braille cells to draw lines on, dot by dot.
///
/// A cell is U+2800 plus one bit per raised dot, 2 dots wide and 4 high:
///
/// ```
/// 1  8
/// 2  16
/// 4  32
/// 64 128
/// ```
///
/// Each cell also remembers the highest ink drawn in it, for its colour.
struct BrailleCanvas {
  let columns: Int
  let rows: Int
  private(set) var bits: [UInt8]
  private(set) var inks: [MapInk]

  private static let dotBits: [UInt8] = [1, 8, 2, 16, 4, 32, 64, 128]

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    bits = Array(repeating: 0, count: columns * rows)
    inks = Array(repeating: .blank, count: columns * rows)
  }

  var dotColumns: Int { columns * 2 }
  var dotRows: Int { rows * 4 }

  /// Raises the dot at (x, y), if it is on the canvas.
  @inline(__always)
  mutating func plot(_ x: Int, _ y: Int, ink: MapInk) {
    guard x >= 0, y >= 0, x < dotColumns, y < dotRows else { return }
    let cell = (y >> 2) * columns + (x >> 1)
    bits[cell] |= Self.dotBits[(y & 3) << 1 | (x & 1)]
    if inks[cell].rawValue < ink.rawValue { inks[cell] = ink }
  }

  /// Draws the segment between two dot positions, clipped to the canvas.
  mutating func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, ink: MapInk) {
    guard let (ax, ay, bx, by) = clip(x0, y0, x1, y1) else { return }
    var x = Int(ax.rounded(.down))
    var y = Int(ay.rounded(.down))
    let endX = Int(bx.rounded(.down))
    let endY = Int(by.rounded(.down))
    // Bresenham over the dots, both directions.
    let dx = abs(endX - x)
    let dy = -abs(endY - y)
    let stepX = x < endX ? 1 : -1
    let stepY = y < endY ? 1 : -1
    var error = dx + dy
    while true {
      plot(x, y, ink: ink)
      if x == endX && y == endY { return }
      let doubled = 2 * error
      if doubled >= dy {
        error += dy
        x += stepX
      }
      if doubled <= dx {
        error += dx
        y += stepY
      }
    }
  }

  /// Liang–Barsky: the part of the segment inside [0, dotColumns) × [0, dotRows), or `nil`.
  private func clip(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double)
    -> (Double, Double, Double, Double)?
  {
    let maxX = Double(dotColumns) - 0.0001
    let maxY = Double(dotRows) - 0.0001
    if x0 >= 0, x1 >= 0, y0 >= 0, y1 >= 0, x0 <= maxX, x1 <= maxX, y0 <= maxY, y1 <= maxY {
      return (x0, y0, x1, y1)
    }
    let dx = x1 - x0
    let dy = y1 - y0
    var t0 = 0.0
    var t1 = 1.0
    for (p, q) in [(-dx, x0), (dx, maxX - x0), (-dy, y0), (dy, maxY - y0)] {
      if p == 0 {
        if q < 0 { return nil }
      } else {
        let t = q / p
        if p < 0 {
          if t > t1 { return nil }
          if t > t0 { t0 = t }
        } else {
          if t < t0 { return nil }
          if t < t1 { t1 = t }
        }
      }
    }
    return (x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy)
  }

  /// The character of a cell: a braille pattern, or a space where no dot is raised.
  func character(at cell: Int) -> Character {
    bits[cell] == 0
      ? " " : Character(Unicode.Scalar(0x2800 + UInt32(bits[cell]))!)
  }
}
