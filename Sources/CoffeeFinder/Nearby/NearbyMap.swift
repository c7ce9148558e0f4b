import BearingLocation
import BearingMap
import BearingPersonalData
import BearingPlaces
import BearingStreets
import Foundation

/// The app's state as a map: the marks of ``BearingMap`` and the viewport that follows you.
///
/// Places are numbered as the list shows them, from 1; favourites get their monitored region.
///
/// ```swift
/// let marks = NearbyMap.marks(state.nearby, favorites: state.favorites, selection: 0)
/// ```
package enum NearbyMap {
  /// The marks for a list of places around a fix: `places`, else every place found.
  package static func marks(
    _ nearby: Nearby.State, places: [Place]? = nil, favorites: [Favorite], selection: Int?,
    track: [Coordinate] = [], route: [Coordinate] = []
  ) -> MapMarks {
    let favoriteIDs = Set(favorites.map(\.placeID))
    return MapMarks(
      you: nearby.location.map {
        MapMarks.You(coordinate: $0.coordinate, heading: $0.course >= 0 ? $0.course : nil)
      },
      track: track,
      places: (places ?? nearby.places).enumerated().map { index, place in
        MapMarks.PlaceMark(
          number: index + 1, coordinate: place.coordinate, name: place.name,
          isSelected: index == selection, isFavorite: favoriteIDs.contains(place.id))
      },
      regions: favorites.map {
        MapMarks.RegionMark(center: $0.coordinate, radius: FavoriteRegions.radius)
      },
      route: route)
  }

  /// The viewport of `columns` × `rows` cells around you (else the search's centre) that
  /// shows the search radius, or `nil` before either is known.
  package static func viewport(_ nearby: Nearby.State, columns: Int, rows: Int) -> MapViewport? {
    guard let center = nearby.location?.coordinate ?? nearby.searchCenter else { return nil }
    return MapViewport(center: center, radius: nearby.radius, columns: columns, rows: rows)
  }

  /// The streets of `lines` that may show in `viewport`: those with a point in the box of its
  /// reach plus 2 km (the longest segment that can cross it), compared in degrees, which is
  /// cheap enough for every frame.
  package static func streets(_ lines: [StreetLine], in viewport: MapViewport) -> [StreetLine] {
    let degrees = (viewport.reach + 2_000) / 111_195
    let center = viewport.center
    let cosine = cos(min(89.9, abs(center.latitude) + degrees) * .pi / 180)
    let longitudeDegrees = degrees / cosine
    return lines.filter { line in
      line.points.contains { point in
        guard abs(point.latitude - center.latitude) <= degrees else { return false }
        let east = abs(point.longitude - center.longitude)
        return min(east, 360 - east) <= longitudeDegrees
      }
    }
  }
}
