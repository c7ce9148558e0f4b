import BearingLocation
import BearingLocationTesting
import Foundation

/// A source the test drives by hand: each `send` reaches the engine in order.
struct ControlledSource {
  let source: LocationSource
  let continuation: AsyncStream<LocationSource.Event>.Continuation

  init() {
    let (stream, continuation) = AsyncStream<LocationSource.Event>.makeStream()
    self.continuation = continuation
    source = LocationSource(name: "gpsd test:1") { send in
      for await event in stream { await send(event) }
    }
  }

  func send(_ event: LocationSource.Event) { continuation.yield(event) }
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
