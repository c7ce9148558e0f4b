import BearingLocation
import BearingPersonalData
import Foundation

/// Sample records with fixed dates, so orderings in tests are known.
enum Fixtures {
  static func favorite(_ index: Int, name: String? = nil) -> Favorite {
    Favorite(
      placeID: "place-\(index)", name: name ?? "Café \(index)",
      coordinate: Coordinate(latitude: 60.16 + Double(index) / 1000, longitude: 24.94),
      source: .foursquare, address: index.isMultiple(of: 2) ? "Street \(index)" : nil,
      addedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)))
  }

  static func note(_ index: Int, placeID: String = "place-1") -> PlaceNote {
    PlaceNote(
      id: UUID(uuidString: "00000000-0000-0000-0000-\(String(format: "%012d", index))")!,
      placeID: placeID, text: "Note \(index)",
      createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)))
  }

  static func region(_ identifier: String, state: RegionState = .unknown) -> MonitoredRegion {
    MonitoredRegion(
      region: Region(
        identifier: identifier, center: Coordinate(latitude: 60.1632, longitude: 24.9393),
        radius: 150, notifyOnEntry: true, notifyOnExit: false),
      state: state)
  }
}
