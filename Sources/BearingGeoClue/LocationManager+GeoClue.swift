import BearingLocation

extension LocationManager {
  /// A client over GeoClue (see ``BearingLocation/LocationSource/geoClue(_:clock:)``), with
  /// the engine's authorization, filters, regions and visits.
  ///
  /// ```swift
  /// let manager = LocationManager.geoClue(GeoClueOptions(desktopID: "coffee-finder"))
  /// ```
  public static func geoClue(
    _ options: GeoClueOptions,
    configuration: LocationEngine.Configuration = .init(),
    clock: any Clock<Duration> = ContinuousClock()
  ) -> LocationManager {
    .backed(by: .geoClue(options, clock: clock), clock: clock, configuration: configuration)
  }
}
