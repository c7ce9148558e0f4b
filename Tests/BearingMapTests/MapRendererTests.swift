import BearingLocation
import BearingMap
import BearingStreets
import Testing

@Suite("Map rendering")
struct MapRendererTests {
  let center = MapFixtures.helsinki

  /// A 1 × 1 viewport at 1 m a dot, with dot (column, row) at the given offset from the centre.
  private func dot(_ column: Int, _ row: Int) -> Character {
    let viewport = MapViewport(center: center, metresPerDot: 1, columns: 1, rows: 1)
    // The centre is the middle of dot (1, 2).
    let point =
      center
      .destination(bearing: 90, distance: Double(column) - 1)
      .destination(bearing: 180, distance: Double(row) - 2)
    let frame = MapRenderer.render(
      viewport, streets: [StreetLine(kind: .minor, points: [point])])
    return frame[0, 0].character
  }

  @Test func eachDotHasItsBrailleBit() {
    let expected: [(Int, Int, UInt32)] = [
      (0, 0, 1), (0, 1, 2), (0, 2, 4), (1, 0, 8), (1, 1, 16), (1, 2, 32), (0, 3, 64),
      (1, 3, 128),
    ]
    for (column, row, bit) in expected {
      #expect(
        dot(column, row) == Character(Unicode.Scalar(0x2800 + bit)!),
        "dot (\(column), \(row))")
    }
  }

  @Test func aLineFarOutsideIsClippedNotDrawnAcross() {
    let viewport = MapViewport(center: center, metresPerDot: 1, columns: 10, rows: 5)
    let west = center.destination(bearing: 270, distance: 50_000)
    let east = center.destination(bearing: 90, distance: 50_000)
    let frame = MapRenderer.render(
      viewport, streets: [StreetLine(kind: .major, points: [west, east])])
    // The centre row of dots (y = 10) is row 2, dot row 2: bits 4 and 32, in every cell.
    #expect(frame.lines()[2] == String(repeating: "⠤", count: 10))
    // Row 1 holds only the north arrow, in its last column.
    #expect(frame.lines()[1] == String(repeating: " ", count: 9) + "↑")
  }

  @Test func theArrowFollowsTheHeading() {
    let viewport = MapViewport(center: center, metresPerDot: 1, columns: 3, rows: 1)
    let glyphs = [nil, 0, 44, 46, 90, 135, 180, 225, 270, 315, 359, -90, 720].map {
      heading -> Character in
      let frame = MapRenderer.render(
        viewport, streets: [],
        marks: MapMarks(you: .init(coordinate: center, heading: heading.map(Double.init))))
      return frame[1, 0].character
    }
    #expect(String(glyphs) == "@↑↗↗→↘↓↙←↖↑←↑")
  }

  @Test func placesOffTheMapAreLeftOut() {
    let viewport = MapViewport(center: center, radius: 100, columns: 20, rows: 6)
    let frame = MapRenderer.render(
      viewport, streets: [],
      marks: MapMarks(places: [
        .init(number: 7, coordinate: center.destination(bearing: 0, distance: 5_000), name: "x")
      ]))
    #expect(!frame.text.contains("7"))
  }

  @Test func crowdedPlacesKeepEveryNumber() {
    let viewport = MapViewport(center: center, radius: 200, columns: 40, rows: 12)
    let places = (1...5).map {
      MapMarks.PlaceMark(
        number: $0, coordinate: center.destination(bearing: 90, distance: 30), name: "\($0)")
    }
    let frame = MapRenderer.render(viewport, streets: [], marks: MapMarks(places: places))
    for number in 1...5 { #expect(frame.text.contains(String(number))) }
  }

  @Test func stylesColourOnlyWhenAsked() {
    let viewport = MapViewport(center: center, radius: 200, columns: 40, rows: 12)
    let frame = MapRenderer.render(
      viewport, streets: MapFixtures.grid(around: center), marks: MapFixtures.marks(around: center))
    let plain = frame.lines(style: .plain).joined()
    let mono = frame.lines(style: .monochrome).joined()
    let color = frame.lines(style: .color).joined()
    #expect(!plain.contains("\u{1B}"))
    #expect(mono.contains("\u{1B}[1;7m2"), "the selected place is reversed")
    #expect(!mono.contains("\u{1B}[3"), "no colour under NO_COLOR")
    #expect(color.contains("\u{1B}[1;7;32m2"))
    #expect(color.contains("\u{1B}[1;31m↗"))
    for line in frame.lines(style: .color) {
      let opened = line.components(separatedBy: "\u{1B}[").count - 1
      let reset = line.components(separatedBy: "\u{1B}[0m").count - 1
      #expect(opened == 2 * reset, "every attribute is reset on its row: \(line)")
    }
  }

  @Test func onlyChangedRowsAreReported() {
    let viewport = MapViewport(center: center, radius: 200, columns: 40, rows: 12)
    let streets = MapFixtures.grid(around: center)
    let before = MapRenderer.render(
      viewport, streets: streets, marks: MapMarks(you: .init(coordinate: center, heading: 0)))
    let after = MapRenderer.render(
      viewport, streets: streets, marks: MapMarks(you: .init(coordinate: center, heading: 90)))
    #expect(after.changedRows(since: before) == [6])
    #expect(after.changedRows(since: after).isEmpty)
    #expect(after.changedRows(since: nil) == Array(0..<12))
  }

  @Test func scaleBarsAreRound() {
    #expect(
      ScaleBar(metresPerDot: 5, maximumColumns: 20)?.text == "├" + String(repeating: "─", count: 18)
        + "┤ 200 m")
    #expect(ScaleBar(metresPerDot: 50, maximumColumns: 20)?.label == "2 km")
    #expect(ScaleBar(metresPerDot: 1, maximumColumns: 2) == nil)
  }
}
