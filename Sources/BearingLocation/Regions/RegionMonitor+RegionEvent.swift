/// Something a ``RegionMonitor`` reports, mirroring `CLLocationManagerDelegate`'s region callbacks.
///
/// ```swift
/// for event in monitor.update(with: fix) {
///   if case .didEnter(let region) = event { print("entered \(region.identifier)") }
/// }
/// ```
public enum RegionEvent: Equatable, Sendable {
  /// Monitoring of the region began (or a region with the same identifier was replaced).
  case didStartMonitoring(Region)
  /// The device entered the region (only for regions with `notifyOnEntry`).
  case didEnter(Region)
  /// The device left the region (only for regions with `notifyOnExit`).
  case didExit(Region)
  /// The region's state, when asked, when monitoring starts, and when it first becomes known.
  case didDetermineState(RegionState, Region)
  /// The region could not be monitored; nothing changed.
  case monitoringDidFail(Region, RegionMonitoringError)
}
