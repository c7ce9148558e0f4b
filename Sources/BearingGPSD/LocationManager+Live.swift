import BearingLocation
import Dependencies
import Foundation

extension LocationManager: DependencyKey {
  /// The live client: gpsd at the endpoint the environment names (`BEARING_GPSD=host:port`, or
  /// `GPSD_HOST` and `GPSD_PORT`; default `127.0.0.1:2947`). It connects on first use.
  public static let liveValue = LocationManager.gpsd()

  /// A client reading gpsd at `endpoint`; `now` stamps fixes that gpsd sends without a time.
  ///
  /// ```swift
  /// let manager = LocationManager.gpsd(GPSDEndpoint(host: "10.0.0.2"))
  /// ```
  public static func gpsd(
    _ endpoint: GPSDEndpoint = .fromEnvironment(),
    options: GPSDConnectionOptions = .init(),
    configuration: LocationEngine.Configuration = .init(),
    clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = Date.init
  ) -> LocationManager {
    .backed(
      by: .gpsd(endpoint, options: options, clock: clock, now: now), clock: clock,
      configuration: configuration)
  }
}
