import Foundation

/// Why the location manager could not do what was asked, in terms a user can act on.
///
/// Each ``description`` says what went wrong and what to do about it.
public enum LocationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No fix is available yet (`kCLErrorLocationUnknown`); try again, or move under open sky.
  case locationUnknown
  /// The app asked for location without authorization.
  case denied
  /// Location services are off: on Linux, gpsd could not be reached at `endpoint`.
  case servicesUnavailable(endpoint: String, reason: String)
  /// gpsd speaks a protocol version this client does not understand.
  case unsupportedProtocol(major: Int, minor: Int)
  /// The GPS receiver at `path` went away (unplugged).
  case deviceGone(path: String)
  /// The connection to gpsd ended; the client reconnects with backoff.
  case connectionLost(endpoint: String, reason: String)
  /// gpsd reported an error in reply to a command.
  case sourceError(message: String)
  /// There is no compass on this system.
  case headingUnavailable
  /// There is no beacon radio on this system.
  case rangingUnavailable
  /// A region could not be monitored (bad radius, too many, too far); `reason` says which.
  case regionMonitoringFailed(reason: String)
  /// A track file could not be replayed.
  case invalidTrack(reason: String)
  /// A replayed track reached its end after `fixes` fixes (and does not repeat).
  case trackEnded(name: String, fixes: Int)
  /// A replayed track jumps in time (two recordings joined): `recorded` seconds between two
  /// fixes, replayed as `replayedAs`.
  case trackJumped(recorded: TimeInterval, at: Date, replayedAs: Duration)
  /// GeoClue cannot be asked: there is no system bus, or GeoClue is not on it; `reason` says
  /// which.
  case geoClueUnavailable(reason: String)
  /// GeoClue cannot be asked because libdbus, which the app loads at run time to speak D-Bus,
  /// is not installed; `reason` is the loader's own message.
  case geoClueLibraryMissing(reason: String)
  /// GeoClue refused location to the app `desktopID` (its configuration, or the user through
  /// its agent); `reason` is GeoClue's own message.
  case geoClueDenied(desktopID: String, reason: String)
  /// GeoClue waits for a location agent for this user (the desktop's, which asks the user)
  /// before it answers `desktopID`, and none is running.
  case geoClueNoAgent(desktopID: String)

  /// What went wrong and what the user can do about it, in a sentence or two.
  public var description: String {
    switch self {
    case .locationUnknown:
      "No location fix is available yet. Wait for the receiver to see satellites and try again."
    case .denied:
      "Location access is not authorized. Ask for authorization first."
    case .servicesUnavailable(let endpoint, let reason):
      """
      Location services are unavailable: gpsd is not reachable at \(endpoint) (\(reason)). \
      Start it with `gpsd -N -n /dev/ttyUSB0` (or your receiver's device), point BEARING_GPSD \
      at a running gpsd as host:port, or run with a simulated location.
      """
    case .unsupportedProtocol(let major, let minor):
      "gpsd speaks protocol \(major).\(minor); this client needs major version 3. Upgrade gpsd."
    case .deviceGone(let path):
      "The GPS receiver \(path) went away. Reconnect it; updates resume when gpsd sees it again."
    case .connectionLost(let endpoint, let reason):
      "The connection to gpsd at \(endpoint) was lost (\(reason)); reconnecting."
    case .sourceError(let message):
      "gpsd reported an error: \(message)"
    case .headingUnavailable:
      "This system has no compass, so there is no heading."
    case .rangingUnavailable:
      "This system cannot range beacons."
    case .regionMonitoringFailed(let reason):
      "The region cannot be monitored: \(reason)"
    case .invalidTrack(let reason):
      "The track cannot be replayed: \(reason)"
    case .trackEnded(let name, let fixes):
      "The \(name) ended after \(fixes == 1 ? "1 fix" : "\(fixes) fixes")."
    case .trackJumped(let recorded, let date, let replayedAs):
      "The track jumps \(Self.duration(recorded)) at \(date.formatted(.iso8601)); replayed as "
        + "\(Self.duration(Double(replayedAs.components.seconds)))."
    case .geoClueUnavailable(let reason):
      "Location services are unavailable: GeoClue cannot be reached (\(reason)). Install and "
        + "start it (Debian: apt install geoclue-2.0), or use gpsd or a simulated location."
    case .geoClueLibraryMissing(let reason):
      "Location services are unavailable: libdbus is not installed (apt-get install "
        + "libdbus-1-3), and GeoClue is asked through it (\(reason)). Install it, or use gpsd "
        + "or a simulated location."
    case .geoClueDenied(let desktopID, let reason):
      "GeoClue refused location to \(desktopID) (\(reason)). Allow \(desktopID) when your "
        + "desktop's GeoClue agent asks (its location settings), or add a [\(desktopID)] "
        + "section with allowed=true, system=false and users= to /etc/geoclue/geoclue.conf "
        + "and restart geoclue."
    case .geoClueNoAgent(let desktopID):
      "GeoClue is waiting for a location agent for your user before it answers \(desktopID), "
        + "and none is running. Log in to a desktop with location services on, or run "
        + "GeoClue's demo agent (/usr/libexec/geoclue-2.0/demos/agent)."
    }
  }

  /// "3 h 2 min", "4 min 10 s", "12 s".
  static func duration(_ seconds: TimeInterval) -> String {
    let total = Int(seconds.rounded())
    if total >= 3600 { return "\(total / 3600) h \(total % 3600 / 60) min" }
    if total >= 60 { return "\(total / 60) min \(total % 60) s" }
    return "\(total) s"
  }
}
