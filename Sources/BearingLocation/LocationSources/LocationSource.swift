/// Where fixes come from: gpsd, a replayed track, a wandering simulation.
///
/// A source only reports what it sees; ``LocationEngine`` turns its events into Core Location
/// behaviour (authorization, filters, regions, visits), so every source drives the same
/// ``LocationManager/Action`` stream.
///
/// ```swift
/// let source = LocationSource(name: "fixed") { send in
///   await send(.available)
///   await send(.fix(Location(coordinate: .init(latitude: 60.17, longitude: 24.94))))
/// }
/// ```
public struct LocationSource: Sendable {
  /// What a source observed.
  public enum Event: Hashable, Sendable {
    /// The source is reachable (gpsd answered with a compatible VERSION).
    case available
    /// The source cannot be reached; location services are off.
    case unavailable(LocationError)
    /// A new position fix.
    case fix(Location)
    /// The receiver reports that it has no fix.
    case noFix
    /// Something went wrong that the user should hear about; the source keeps trying.
    case failure(LocationError)
  }

  /// A short description for logs, such as `gpsd 127.0.0.1:2947`.
  public var name: String
  /// Runs the source, reporting through `send`, until the task is cancelled or it runs out.
  public var run: @Sendable (_ send: @escaping @Sendable (Event) async -> Void) async -> Void

  /// Creates a source.
  public init(
    name: String,
    run: @escaping @Sendable (_ send: @escaping @Sendable (Event) async -> Void) async -> Void
  ) {
    self.name = name
    self.run = run
  }
}
