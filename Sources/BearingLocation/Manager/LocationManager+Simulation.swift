import Foundation

extension LocationManager {
  /// A client that replays `track` (see ``LocationSource/replaying(_:clock:speed:startDelay:repeats:maximumGap:name:)``).
  ///
  /// ```swift
  /// let manager = LocationManager.replaying(try GPXParser().parse(data), speed: 10)
  /// ```
  public static func replaying(
    _ track: Track,
    clock: any Clock<Duration> = ContinuousClock(),
    speed: Double = 1,
    startDelay: Duration = .zero,
    repeats: Bool = false,
    maximumGap: Duration? = nil,
    configuration: LocationEngine.Configuration = .init()
  ) -> LocationManager {
    .backed(
      by: .replaying(
        track, clock: clock, speed: speed, startDelay: startDelay, repeats: repeats,
        maximumGap: maximumGap),
      clock: clock, configuration: configuration)
  }

  /// A client that wanders among `regions`
  /// (see ``LocationSource/wandering(among:seed:clock:interval:stepDistance:dwellFixes:start:startDate:maximumFixes:)``).
  ///
  /// Pass ``walkingSpeed`` as `stepDistance` (with the default one-second interval) for a walk
  /// at a person's pace.
  public static func wandering(
    among regions: [Region],
    seed: UInt64,
    clock: any Clock<Duration> = ContinuousClock(),
    interval: Duration = .seconds(1),
    stepDistance: Double = 20,
    startDate: Date = Date(timeIntervalSince1970: 1_800_000_000),
    configuration: LocationEngine.Configuration = .init()
  ) -> LocationManager {
    .backed(
      by: .wandering(
        among: regions, seed: seed, clock: clock, interval: interval,
        stepDistance: stepDistance, startDate: startDate),
      clock: clock, configuration: configuration)
  }

  /// Metres a person walks in a second.
  public static let walkingSpeed = 1.4

  /// A client that is always authorized and stays at `location`, like a receiver that does not
  /// move: the manual (`--at`) and simulated positions of an app. It runs through
  /// ``LocationEngine`` like every other source (see ``LocationSource/stationary(at:clock:interval:now:)``).
  ///
  /// ```swift
  /// let manager = LocationManager.fixed(Location(coordinate: here, horizontalAccuracy: 0))
  /// ```
  public static func fixed(
    _ location: Location,
    clock: any Clock<Duration> = ContinuousClock(),
    interval: Duration = .seconds(1),
    configuration: LocationEngine.Configuration = .init()
  ) -> LocationManager {
    .backed(
      by: .stationary(at: location, clock: clock, interval: interval), clock: clock,
      configuration: configuration)
  }

  /// Three neighbourhoods of central Helsinki, the prototype's "three regions from a
  /// repository", for previews and demos.
  public static let demoRegions: [Region] = [
    Region(
      identifier: "esplanadi", center: .init(latitude: 60.1675, longitude: 24.9480), radius: 150),
    Region(identifier: "kamppi", center: .init(latitude: 60.1690, longitude: 24.9320), radius: 150),
    Region(identifier: "kallio", center: .init(latitude: 60.1840, longitude: 24.9500), radius: 200),
  ]
}
