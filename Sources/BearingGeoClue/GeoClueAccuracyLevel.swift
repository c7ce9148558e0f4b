/// How precise a location the app asks GeoClue for (its `RequestedAccuracyLevel`).
///
/// GeoClue uses only the sources that can give the level asked for: country and city come from
/// the network (GeoIP), street and exact from Wi-Fi, a modem or a GPS.
///
/// ```swift
/// let options = GeoClueOptions(desktopID: "coffee-finder", accuracyLevel: .street)
/// ```
public enum GeoClueAccuracyLevel: UInt32, Hashable, Sendable, CaseIterable {
  case country = 1
  case city = 4
  case neighborhood = 5
  case street = 6
  case exact = 8
}
