import BearingBackoff

/// What a GeoClue client asks for, and how long it waits for GeoClue.
///
/// ```swift
/// let source = LocationSource.geoClue(GeoClueOptions(desktopID: "coffee-finder"))
/// ```
public struct GeoClueOptions: Hashable, Sendable {
  /// The app's desktop id (its `.desktop` file's name without the suffix): what GeoClue's
  /// configuration and agent allow or refuse.
  public var desktopID: String
  /// How precise the fixes should be.
  public var accuracyLevel: GeoClueAccuracyLevel
  /// Metres the device must move before GeoClue sends a new location; 0 sends every one.
  public var distanceThreshold: UInt32
  /// Seconds that must pass before GeoClue sends a new location; 0 sends every one.
  public var timeThreshold: UInt32
  /// The bus to use, as a D-Bus address; `nil` is the system bus (`DBUS_SYSTEM_BUS_ADDRESS`,
  /// else `/run/dbus/system_bus_socket`).
  public var busAddress: String?
  /// How long to wait for a client before saying that no GeoClue agent answers. GeoClue 2.6
  /// answers `GetClient` only once an agent for the user is registered; the source keeps
  /// waiting after saying so, and goes on when one appears. Keep it below the engine's
  /// `availabilityTimeout` (5 s), so that the user hears why rather than "no answer".
  public var agentTimeout: Duration
  /// How long any other call may take.
  public var callTimeout: Duration

  /// Creates options.
  public init(
    desktopID: String,
    accuracyLevel: GeoClueAccuracyLevel = .exact,
    distanceThreshold: UInt32 = 0,
    timeThreshold: UInt32 = 0,
    busAddress: String? = nil,
    agentTimeout: Duration = .seconds(2),
    callTimeout: Duration = .seconds(10)
  ) {
    self.desktopID = desktopID
    self.accuracyLevel = accuracyLevel
    self.distanceThreshold = distanceThreshold
    self.timeThreshold = timeThreshold
    self.busAddress = busAddress
    self.agentTimeout = agentTimeout
    self.callTimeout = callTimeout
  }

  /// The wait before reconnecting after the `attempt`-th failure in a row: 1 s, doubling, at
  /// most 30 s.
  public func backoff(attempt: Int) -> Duration {
    Backoff(initial: .seconds(1), maximum: .seconds(30)).delay(attempt: attempt)
  }
}
