/// How precise a location the app asks GeoClue for (its `RequestedAccuracyLevel`).
///
/// GeoClue uses only the sources that can give the level asked for: country and city come from
/// the network (GeoIP), street and exact from Wi-Fi, a modem or a GPS.
///
/// ```swift
/// let options = GeoClueOptions(desktopID: "coffee-finder", accuracyLevel: .street)
/// ```
public enum GeoClueAccuracyLevel: UInt32, Hashable, Sendable, CaseIterable {
  /// Which country the machine is in, and no closer.
  case country = 1
  /// The city or town the machine is in.
  case city = 4
  /// The part of town the machine is in.
  case neighborhood = 5
  /// The street the machine is on.
  case street = 6
  /// As precise as any source can give, usually a GPS fix; the default of `GeoClueOptions`.
  case exact = 8
}
