import BearingLocation
import BearingPlaces

extension DataCoverage {
  /// The middle of the data's bounding box (across the antimeridian when east < west).
  package var center: Coordinate {
    var east = self.east
    if east < west { east += 360 }
    var longitude = (west + east) / 2
    if longitude > 180 { longitude -= 360 }
    return Coordinate(latitude: (south + north) / 2, longitude: longitude)
  }
}
