import Foundation

extension LocationSource {
  /// Wanders among `regions` like the Redux prototype's mock manager: repeatedly picks a region
  /// with a generator seeded by `seed`, walks to a point inside it in steps of `stepDistance`
  /// metres, one fix per `interval` on `clock`, and lingers there for `dwellFixes` fixes.
  ///
  /// The walk starts at `start` (default: the mean of the regions' centres) and its timestamps
  /// count from `startDate`, so the same seed gives the same fixes, and with monitored
  /// regions the same enter and exit events. It runs until cancelled, or for `maximumFixes`.
  ///
  /// ```swift
  /// let source = LocationSource.wandering(among: regions, seed: 7, clock: TestClock())
  /// ```
  public static func wandering(
    among regions: [Region],
    seed: UInt64,
    clock: any Clock<Duration>,
    interval: Duration = .seconds(1),
    stepDistance: Double = 20,
    dwellFixes: Int = 5,
    start: Coordinate? = nil,
    startDate: Date = Date(timeIntervalSince1970: 1_800_000_000),
    maximumFixes: Int = .max
  ) -> LocationSource {
    precondition(!regions.isEmpty, "wandering needs at least one region")
    precondition(stepDistance > 0, "the step must be a positive distance")
    let origin = start ?? meanCenter(of: regions)
    return LocationSource(name: "wandering simulation (seed \(seed))") { send in
      await send(.available)
      var generator = SeededGenerator(seed: seed)
      var position = origin
      var sent = 0
      let seconds =
        Double(interval.components.seconds)
        + Double(interval.components.attoseconds) / 1e18

      func emit(_ coordinate: Coordinate, course: Double) async -> Bool {
        guard sent < maximumFixes, !Task.isCancelled else { return false }
        // Every fix, the first included, comes one interval after the previous event, so a
        // client can subscribe and monitor before anything moves.
        do {
          try await clock.sleep(for: interval)
        } catch {
          return false
        }
        let fix = Location(
          coordinate: coordinate, horizontalAccuracy: 5, course: course, courseAccuracy: 10,
          speed: course < 0 ? 0 : stepDistance / seconds, speedAccuracy: 1,
          timestamp: startDate.addingTimeInterval(Double(sent + 1) * seconds))
        sent += 1
        await send(.fix(fix))
        return true
      }

      while true {
        let region = regions[Int.random(in: 0..<regions.count, using: &generator)]
        let target = region.center.destination(
          bearing: Double.random(in: 0..<360, using: &generator),
          distance: Double.random(in: 0...(region.radius * 0.5), using: &generator))
        while position.distance(to: target) > stepDistance {
          let course = position.bearing(to: target)
          position = position.destination(bearing: course, distance: stepDistance)
          guard await emit(position, course: course) else { return }
        }
        position = target
        for _ in 0..<max(1, dwellFixes) {
          guard await emit(position, course: -1) else { return }
        }
      }
    }
  }

  static func meanCenter(of regions: [Region]) -> Coordinate {
    let first = regions[0].center
    let latitude = regions.map(\.center.latitude).reduce(0, +) / Double(regions.count)
    let offset =
      regions.map { VisitDetector.wrapped($0.center.longitude - first.longitude) }
      .reduce(0, +) / Double(regions.count)
    return Coordinate(
      latitude: latitude, longitude: VisitDetector.wrapped(first.longitude + offset))
  }
}
