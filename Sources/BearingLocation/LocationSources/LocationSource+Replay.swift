import Foundation

extension LocationSource {
  /// Plays `track`'s fixes on `clock`, keeping the gaps between their timestamps divided by
  /// `speed` (2 plays twice as fast), then reports ``LocationError/trackEnded(name:fixes:)``
  /// with `name` and the track's number of fixes. A gap longer than `maximumGap` is replayed
  /// as `maximumGap` and reported as ``LocationError/trackJumped(recorded:at:replayedAs:)``.
  ///
  /// The first fix comes `startDelay` after the source starts. Fixes keep their recorded
  /// timestamps. With `repeats`, the track starts over instead of ending.
  ///
  /// ```swift
  /// let source = LocationSource.replaying(try NMEAParser().parse(log), clock: ContinuousClock())
  /// ```
  public static func replaying(
    _ track: Track,
    clock: any Clock<Duration>,
    speed: Double = 1,
    startDelay: Duration = .zero,
    repeats: Bool = false,
    maximumGap: Duration? = nil,
    name: String = "track replay"
  ) -> LocationSource {
    precondition(speed > 0 && speed.isFinite, "replay speed must be a positive number")
    return LocationSource(name: name) { send in
      await send(.available)
      if startDelay > .zero {
        do {
          try await clock.sleep(for: startDelay)
        } catch {
          return
        }
      }
      repeat {
        var previous: Date?
        for fix in track.fixes {
          if let previous {
            let recorded = max(0, fix.timestamp.timeIntervalSince(previous))
            var gap = Duration.seconds(recorded / speed)
            // Two recordings joined: hours between fixes are not replayed as hours.
            if let maximumGap, gap > maximumGap {
              gap = maximumGap
              await send(
                .failure(
                  .trackJumped(recorded: recorded, at: fix.timestamp, replayedAs: maximumGap)))
            }
            do {
              try await clock.sleep(for: gap)
            } catch {
              return
            }
          }
          guard !Task.isCancelled else { return }
          previous = fix.timestamp
          await send(.fix(fix))
        }
      } while repeats && !Task.isCancelled && !track.fixes.isEmpty
      await send(.failure(.trackEnded(name: name, fixes: track.fixes.count)))
    }
  }
}
