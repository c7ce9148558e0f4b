import BearingLocation
import BearingStreets
import Foundation

/// Draws a map: a pure function of a viewport, the streets and the marks, to a frame of braille
/// cells and glyphs.
///
/// Streets, the track and the regions' circles are braille dots; you are an arrow along your
/// heading (`@` without one); each place is its list number, moved to a free neighbouring cell
/// when another mark has its cell (the selected one is drawn first, after you), and kept a cell
/// apart from other numbers where it can be, so that 6 and 3 do not read as 63; north is marked
/// top right and a scale bar sits bottom left. Paths are left out above 5 m a dot and minor
/// streets above 20 m a dot, where they would fill every cell (``StreetKind/isDrawn(atMetresPerDot:)``).
///
/// ```swift
/// let frame = MapRenderer.render(viewport, streets: streets, marks: marks)
/// ```
public enum MapRenderer {
  /// The frame for `viewport` showing `streets` and `marks`.
  public static func render(
    _ viewport: MapViewport, streets: [StreetLine], marks: MapMarks = MapMarks(),
    imperial: Bool = false
  ) -> MapFrame {
    let projection = MapProjection(viewport)
    var canvas = BrailleCanvas(columns: viewport.columns, rows: viewport.rows)
    for street in streets where street.kind.isDrawn(atMetresPerDot: viewport.metresPerDot) {
      draw(street.points, ink: MapInk(street.kind), projection: projection, on: &canvas)
    }
    for region in marks.regions {
      drawCircle(region, viewport: viewport, projection: projection, on: &canvas)
    }
    draw(marks.track, ink: .track, projection: projection, on: &canvas)
    draw(marks.route, ink: .route, projection: projection, on: &canvas)

    var cells = (0..<canvas.bits.count).map {
      MapFrame.Cell(character: canvas.character(at: $0), ink: canvas.inks[$0])
    }
    var overlay = Overlay(columns: viewport.columns, rows: viewport.rows)
    overlay.placeFurniture(metresPerDot: viewport.metresPerDot, imperial: imperial, into: &cells)
    if let you = marks.you, let (x, y) = projection.project(you.coordinate) {
      overlay.place(
        [arrow(you.heading)], ink: .you, x: x, y: y, displace: false, into: &cells)
    }
    let ordered = marks.places.filter(\.isSelected) + marks.places.filter { !$0.isSelected }
    for place in ordered {
      guard let (x, y) = projection.project(place.coordinate) else { continue }
      let ink: MapInk = place.isSelected ? .selectedPlace : place.isFavorite ? .favorite : .place
      overlay.place(
        Array(String(place.number)), ink: ink, x: x, y: y, displace: true, into: &cells)
    }
    return MapFrame(columns: viewport.columns, rows: viewport.rows, cells: cells)
  }

  /// The glyph for a heading: one of eight arrows, or `@` when the heading is unknown.
  static func arrow(_ heading: Double?) -> Character {
    guard let heading, heading.isFinite else { return "@" }
    let arrows: [Character] = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"]
    let normalized = (heading.truncatingRemainder(dividingBy: 360) + 360)
      .truncatingRemainder(dividingBy: 360)
    return arrows[Int((normalized + 22.5) / 45) % 8]
  }

  private static func draw(
    _ points: [Coordinate], ink: MapInk, projection: MapProjection, on canvas: inout BrailleCanvas
  ) {
    var previous: (x: Double, y: Double)? = nil
    for point in points {
      let current = projection.project(latitude: point.latitude, longitude: point.longitude)
      if let current, let previous {
        canvas.line(previous.x, previous.y, current.x, current.y, ink: ink)
      } else if let current, points.count == 1 {
        canvas.plot(Int(current.x.rounded(.down)), Int(current.y.rounded(.down)), ink: ink)
      }
      previous = current
    }
  }

  private static func drawCircle(
    _ region: MapMarks.RegionMark, viewport: MapViewport, projection: MapProjection,
    on canvas: inout BrailleCanvas
  ) {
    guard let (cx, cy) = projection.project(region.center), region.radius > 0 else { return }
    let r = region.radius / viewport.metresPerDot
    // Enough sides that no side is longer than about two dots.
    let sides = min(720, max(12, Int(r * 3)))
    var previous = (cx + r, cy)
    for side in 1...sides {
      let angle = Double(side) / Double(sides) * 2 * .pi
      let next = (cx + r * cos(angle), cy + r * sin(angle))
      canvas.line(previous.0, previous.1, next.0, next.1, ink: .region)
      previous = next
    }
  }
}

/// The glyphs drawn over the braille: which cells they hold, so that marks do not cover each
/// other.
private struct Overlay {
  let columns: Int
  let rows: Int
  var taken: [Bool]
  /// Cells beside a number, where another number would run into it.
  var beside: [Bool]

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    taken = Array(repeating: false, count: columns * rows)
    beside = Array(repeating: false, count: columns * rows)
  }

  /// North top right, when there is room for it and the scale.
  mutating func placeFurniture(
    metresPerDot: Double, imperial: Bool, into cells: inout [MapFrame.Cell]
  ) {
    if columns >= 3 && rows >= 2 {
      put("N", column: columns - 1, row: 0, ink: .furniture, into: &cells)
      put("↑", column: columns - 1, row: 1, ink: .furniture, into: &cells)
    }
    guard rows >= 3,
      let bar = ScaleBar(
        metresPerDot: metresPerDot, maximumColumns: columns / 3, imperial: imperial)
    else { return }
    let text = Array(bar.text)
    guard text.count < columns - 1 else { return }
    for (offset, character) in text.enumerated() {
      put(character, column: offset, row: rows - 1, ink: .furniture, into: &cells)
    }
  }

  /// Puts `glyphs` at the cell of dot (x, y), or, with `displace`, at the nearest free place
  /// beside it that leaves a cell between it and every other number on its line (so that 10
  /// and 7 side by side never read 107); nothing when none is free or the point is off the
  /// frame: the list under the map still names the place.
  mutating func place(
    _ glyphs: [Character], ink: MapInk, x: Double, y: Double, displace: Bool,
    into cells: inout [MapFrame.Cell]
  ) {
    guard x >= 0, y >= 0 else { return }
    let column = Int(x / 2)
    let row = Int(y / 4)
    guard column < columns, row < rows else { return }
    let width = glyphs.count
    let candidates: [(Int, Int)] =
      displace
      ? [
        (0, 0), (1, 0), (-width, 0), (0, -1), (0, 1), (1, -1), (1, 1), (-width, -1), (-width, 1),
        (2, 0), (-width - 1, 0), (0, -2), (0, 2), (2, -1), (2, 1), (-width - 1, -1),
        (-width - 1, 1),
      ]
      : [(0, 0)]
    for spaced in [displace] {
      for (dx, dy) in candidates {
        let start = column + dx
        let line = row + dy
        guard start >= 0, start + width <= columns, line >= 0, line < rows else { continue }
        guard
          (start..<start + width).allSatisfy({
            !taken[line * columns + $0] && !(spaced && beside[line * columns + $0])
          })
        else { continue }
        for (offset, glyph) in glyphs.enumerated() {
          put(glyph, column: start + offset, row: line, ink: ink, into: &cells)
        }
        if displace {
          if start > 0 { beside[line * columns + start - 1] = true }
          if start + width < columns { beside[line * columns + start + width] = true }
        }
        return
      }
    }
  }

  private mutating func put(
    _ glyph: Character, column: Int, row: Int, ink: MapInk, into cells: inout [MapFrame.Cell]
  ) {
    let index = row * columns + column
    taken[index] = true
    cells[index] = MapFrame.Cell(character: glyph, ink: ink)
  }
}
