import Bearing
import Foundation

/// What the location choice asks of the machine: whether gpsd answers, whether GeoClue is on
/// the system bus, and a track file's bytes. The executable sets the live value (its probes
/// block, so they run on threads of their own); tests give closures of their own.
///
/// ```swift
/// let store = Store(initialState: LocationSelection.State(request: request)) {
///   LocationSelection()
/// } withDependencies: {
///   $0.locationSourceProbe.gpsdAnswers = { _, _ in false }
/// }
/// ```
@DependencyClient
package struct LocationSourceProbe: Sendable {
  /// Whether something accepts a TCP connection at `host:port` within half a second.
  package var gpsdAnswers: @Sendable (_ host: String, _ port: Int) async -> Bool = { _, _ in false }
  /// Whether GeoClue's name is on the system bus.
  package var geoClueIsPresent: @Sendable () async -> Bool = { false }
  /// Why GeoClue cannot be asked at all on this machine (libdbus missing), if it cannot.
  package var geoClueProblem: @Sendable () -> String? = { nil }
  /// The bytes of the track file at `path`.
  package var readTrack: @Sendable (_ path: String) throws -> Data
}

extension LocationSourceProbe: TestDependencyKey {
  /// Every endpoint fails the test that calls it unasked.
  package static let testValue = LocationSourceProbe()
}

extension DependencyValues {
  /// The machine's location sources, as the location choice probes them.
  package var locationSourceProbe: LocationSourceProbe {
    get { self[LocationSourceProbe.self] }
    set { self[LocationSourceProbe.self] = newValue }
  }
}
