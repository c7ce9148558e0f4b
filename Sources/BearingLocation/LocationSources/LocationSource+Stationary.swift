import Foundation

extension LocationSource {
  /// A receiver that does not move: reachable at once, then a fix at `location` straight away
  /// and again every `interval` on `clock`, each stamped with the time it is sent.
  ///
  /// The first fix reaches whoever asks first (see ``LocationEngine``), so a one-shot request
  /// is answered without waiting for the interval.
  ///
  /// ```swift
  /// let source = LocationSource.stationary(at: Location(coordinate: here), clock: TestClock())
  /// ```
  public static func stationary(
    at location: Location,
    clock: any Clock<Duration>,
    interval: Duration = .seconds(1),
    now: @escaping @Sendable () -> Date = Date.init
  ) -> LocationSource {
    LocationSource(name: "fixed position \(location.coordinate)") { send in
      await send(.available)
      while !Task.isCancelled {
        var fix = location
        fix.timestamp = now()
        await send(.fix(fix))
        do {
          try await clock.sleep(for: interval)
        } catch {
          return
        }
      }
    }
  }
}
