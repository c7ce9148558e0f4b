import BearingLocation
import BearingLocationTesting
import Foundation
import Synchronization

/// A source the test drives by hand: each `send` reaches the engine in order, and
/// ``waitUntilHandled()`` returns once the engine has handled every event sent so far.
struct ControlledSource {
  let source: LocationSource
  let continuation: AsyncStream<LocationSource.Event>.Continuation
  private let counts = Counts()

  /// Events sent, and events the engine has handled (published what they publish).
  final class Counts: Sendable {
    let sent = Mutex(0)
    let handled = Mutex(0)
  }

  init() {
    let (stream, continuation) = AsyncStream<LocationSource.Event>.makeStream()
    self.continuation = continuation
    let counts = counts
    source = LocationSource(name: "gpsd test:1") { send in
      for await event in stream {
        await send(event)
        counts.handled.withLock { $0 += 1 }
      }
    }
  }

  func send(_ event: LocationSource.Event) {
    counts.sent.withLock { $0 += 1 }
    continuation.yield(event)
  }

  /// Waits (real time, generously bounded) until the engine has handled every event sent.
  func waitUntilHandled(timeout: Duration = .seconds(30)) async {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    let sent = counts.sent.withLock { $0 }
    while counts.handled.withLock({ $0 }) < sent, clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(2))
    }
  }
}

/// A fix `metresNorth` north of a point in Helsinki, `second` seconds after 2026-11-22 12:00Z.
func fix(metresNorth: Double = 0, second: Double = 0, accuracy: Double = 5) -> Location {
  let origin = Coordinate(latitude: 60.17, longitude: 24.94)
  return Location(
    coordinate: origin.destination(bearing: 0, distance: metresNorth),
    horizontalAccuracy: accuracy, timestamp: NMEALog.date(second: 0).addingTimeInterval(second))
}

/// The marker a test sends to know that everything before it has been processed.
let marker = LocationSource.Event.failure(.sourceError(message: "marker"))
let markerAction = LocationManager.Action.didFailWithError(.sourceError(message: "marker"))
