import BearingLocation
import BearingPersonalData
import BearingPlaces
import Foundation

/// How a place becomes a favourite and a favourite becomes a monitored region.
///
/// The region's identifier is the place's id, so a region event names its favourite.
///
/// ```swift
/// let favorite = FavoriteRegions.favorite(for: place, addedAt: now)
/// let region = FavoriteRegions.region(for: favorite)
/// ```
extension FavoriteRegions {
  /// Metres around a favourite that count as "near" it.
  package static let radius: Double = 100

  /// The favourite record for `place`.
  package static func favorite(for place: Place, addedAt: Date) -> Favorite {
    Favorite(
      placeID: place.id, name: place.name, coordinate: place.coordinate,
      source: place.source == .foursquare ? .foursquare : .openStreetMap,
      address: place.address, addedAt: addedAt)
  }

  /// The monitored region around `favorite`.
  package static func region(for favorite: Favorite, radius: Double = radius) -> Region {
    Region(identifier: favorite.placeID, center: favorite.coordinate, radius: radius)
  }

  /// The place a favourite was saved from, as far as the favourite remembers it.
  package static func place(for favorite: Favorite) -> Place {
    Place(
      id: favorite.placeID, name: favorite.name, coordinate: favorite.coordinate,
      address: favorite.address,
      source: favorite.source == .foursquare ? .foursquare : .openStreetMap)
  }
}
