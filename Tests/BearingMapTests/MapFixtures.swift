import BearingLocation
import BearingMap
import BearingStreets

/// Synthetic streets: a grid around a point, so a golden frame shows where every line must be.
enum MapFixtures {
  static let helsinki = Coordinate(latitude: 60.1699, longitude: 24.9384)

  /// Streets every `spacing` metres east–west and north–south within `extent` metres of
  /// `center`, every third one major, plus a diagonal path and a river.
  static func grid(around center: Coordinate, spacing: Double = 100, extent: Double = 1_200)
    -> [StreetLine]
  {
    var streets: [StreetLine] = []
    var offset = -extent
    var index = 0
    while offset <= extent {
      let kind: StreetKind = index % 3 == 0 ? .major : .minor
      let north = center.destination(bearing: 0, distance: offset)
      let east = center.destination(bearing: 90, distance: offset)
      streets.append(
        StreetLine(
          kind: kind,
          points: [
            north.destination(bearing: 270, distance: extent),
            north.destination(bearing: 90, distance: extent),
          ]))
      streets.append(
        StreetLine(
          kind: kind,
          points: [
            east.destination(bearing: 180, distance: extent),
            east.destination(bearing: 0, distance: extent),
          ]))
      offset += spacing
      index += 1
    }
    streets.append(
      StreetLine(
        kind: .path,
        points: [
          center.destination(bearing: 225, distance: extent),
          center.destination(bearing: 45, distance: extent),
        ]))
    streets.append(
      StreetLine(
        kind: .water,
        points: (0...24).map { step in
          let along = center.destination(bearing: 90, distance: Double(step - 12) * 100)
          return along.destination(bearing: 0, distance: 230 + 40 * Double(step % 3))
        }))
    return streets
  }

  /// You walking north-east with a track behind you, three cafés (the second selected, the
  /// third a favourite with its region).
  static func marks(around center: Coordinate) -> MapMarks {
    let track = (0...8).map { center.destination(bearing: 225, distance: Double(8 - $0) * 20) }
    let favorite = center.destination(bearing: 300, distance: 180)
    return MapMarks(
      you: .init(coordinate: center, heading: 45),
      track: track,
      places: [
        .init(number: 1, coordinate: center.destination(bearing: 90, distance: 60), name: "Eka"),
        .init(
          number: 2, coordinate: center.destination(bearing: 160, distance: 150), name: "Toka",
          isSelected: true),
        .init(number: 3, coordinate: favorite, name: "Kolmas", isFavorite: true),
      ],
      regions: [.init(center: favorite, radius: 100)])
  }
}
