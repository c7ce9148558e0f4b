import BearingLocation
import BearingMap
import BearingStreets
import SnapshotTesting
import Testing

/// Whole frames against their snapshots in `__Snapshots__/MapRendererGoldenTests/`.
@Suite("Map frames against golden frames")
struct MapRendererGoldenTests {
  @Test func helsinkiOn40By12() {
    let center = MapFixtures.helsinki
    let frame = MapRenderer.render(
      MapViewport(center: center, radius: 300, columns: 40, rows: 12),
      streets: MapFixtures.grid(around: center), marks: MapFixtures.marks(around: center))
    assertSnapshot(of: frame.text, as: .textFile)
  }

  @Test func helsinkiOn300By100() {
    let center = MapFixtures.helsinki
    let frame = MapRenderer.render(
      MapViewport(center: center, radius: 600, columns: 300, rows: 100),
      streets: MapFixtures.grid(around: center), marks: MapFixtures.marks(around: center))
    assertSnapshot(of: frame.text, as: .textFile)
  }

  /// Taveuni, Fiji: the 180th meridian runs through the island. The grid's centre is on it, so
  /// half the streets have longitudes near 180 and half near −180, and a café sits just west.
  @Test func acrossTheAntimeridian() {
    let center = Coordinate(latitude: -16.8, longitude: 180)
    var marks = MapFixtures.marks(around: center)
    marks.places.append(
      .init(number: 4, coordinate: Coordinate(latitude: -16.8, longitude: -179.9985), name: "East"))
    let frame = MapRenderer.render(
      MapViewport(center: center, radius: 300, columns: 60, rows: 16),
      streets: MapFixtures.grid(around: center), marks: marks)
    assertSnapshot(of: frame.text, as: .textFile)
  }

  /// 300 m from the North Pole: meridians every 30° meet at the pole, above the centre, and a
  /// circle of latitude 150 m from the pole surrounds it.
  @Test func nearTheNorthPole() {
    let center = Coordinate(latitude: 90 - 300 / 111_195.0, longitude: 10)
    let pole = Coordinate(latitude: 90, longitude: 0)
    let meridians = stride(from: -180.0, to: 180, by: 30).map { longitude in
      StreetLine(
        kind: .minor,
        points: [pole, Coordinate(latitude: 90 - 700 / 111_195.0, longitude: longitude)])
    }
    let circle = StreetLine(
      kind: .major,
      points: stride(from: -180.0, through: 180, by: 5).map {
        Coordinate(latitude: 90 - 150 / 111_195.0, longitude: $0)
      })
    let frame = MapRenderer.render(
      MapViewport(center: center, radius: 500, columns: 60, rows: 20),
      streets: meridians + [circle], marks: MapMarks(you: .init(coordinate: center, heading: 0)))
    assertSnapshot(of: frame.text, as: .textFile)
  }

  @Test func anEmptyArea() {
    let center = Coordinate(latitude: -45, longitude: -130)
    let frame = MapRenderer.render(
      MapViewport(center: center, radius: 500, columns: 40, rows: 12),
      streets: MapFixtures.grid(around: MapFixtures.helsinki),
      marks: MapMarks(you: .init(coordinate: center)))
    assertSnapshot(of: frame.text, as: .textFile)
  }

  @Test func aCafeExactlyWhereYouAre() {
    let center = MapFixtures.helsinki
    let frame = MapRenderer.render(
      MapViewport(center: center, radius: 200, columns: 40, rows: 12),
      streets: MapFixtures.grid(around: center),
      marks: MapMarks(
        you: .init(coordinate: center, heading: 180),
        places: [.init(number: 1, coordinate: center, name: "Here", isSelected: true)]))
    assertSnapshot(of: frame.text, as: .textFile)
    let row = frame.lines()[6]
    #expect(row.contains("↓1"), "the café's number goes beside your arrow: \(row)")
  }
}

extension Snapshotting where Value == String, Format == String {
  /// `.lines` with the file ending in a newline, as editors save a text file: a snapshot opened
  /// and saved unchanged still matches.
  static var textFile: Self { Snapshotting.lines.pullback { $0 + "\n" } }
}
