import Foundation
import Testing

@testable import BearingLocation

/// The engine's transitions, one row each: the inputs that make the state before, the input,
/// what it publishes and what it leaves. No actor, no clock, no source: ``LocationEngine/State``
/// is a value and ``LocationEngine/State/reduce(_:)`` a function.
@Suite("Location engine: transitions")
struct LocationEngineStateTests {
  typealias State = LocationEngine.State
  typealias Input = LocationEngine.State.Input

  struct Transition: Sendable, CustomTestStringConvertible {
    let name: String
    var configuration = LocationEngine.Configuration(pauseRadius: 20, pauseAfter: 60)
    let given: [Input]
    let input: Input
    let publishes: [LocationManager.Action]
    var leaves: @Sendable (State) -> Bool = { _ in true }

    var testDescription: String { name }
  }

  static let home = Coordinate(latitude: 60.17, longitude: 24.94)
  static let request = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
  static let gone = LocationError.servicesUnavailable(endpoint: "gpsd", reason: "gone")
  static let ended = LocationError.trackEnded(name: "walk", fixes: 1)
  static let region = Region(identifier: "home", center: home, radius: 100)

  /// A fix `metres` north of home, `second` seconds into the day.
  static func fix(_ metres: Double = 0, at second: Double = 0) -> Location {
    Location(
      coordinate: home.destination(bearing: 0, distance: metres),
      timestamp: Date(timeIntervalSince1970: second))
  }

  static let authorized: [Input] = [
    .requestAuthorization(.authorizedWhenInUse), .source(.available), .reportStatus,
  ]
  static let updating = authorized + [.startUpdatingLocation, .catchUpUpdates]
  static let paused =
    authorized + [
      .set(.init(pausesLocationUpdatesAutomatically: true)), .startUpdatingLocation,
      .source(.fix(fix(at: 0))), .source(.fix(fix(1, at: 90))),
    ]

  static func status(_ status: AuthorizationStatus) -> [LocationManager.Action] {
    [.didChangeAuthorization(status), .authorizationDidChange(status, .fullAccuracy)]
  }

  static let transitions: [Transition] = [
    // Authorization
    .init(name: "no request: nothing to report", given: [], input: .reportStatus, publishes: []),
    .init(
      name: "reachable before any request: still not determined", given: [],
      input: .source(.available), publishes: [], leaves: { $0.available == true }),
    .init(
      name: "reachable after a request: authorized",
      given: [.requestAuthorization(.authorizedWhenInUse)], input: .source(.available),
      publishes: status(.authorizedWhenInUse)),
    .init(
      name: "the status once known is not reported again", given: authorized,
      input: .reportStatus, publishes: []),
    .init(
      name: "less than always after always changes nothing",
      given: [.requestAuthorization(.authorizedAlways), .source(.available), .reportStatus],
      input: .requestAuthorization(.authorizedWhenInUse), publishes: [],
      leaves: { $0.authorizationStatus == .authorizedAlways }),
    .init(
      name: "unreachable: denied, and no error with nothing asked", given: authorized,
      input: .source(.unavailable(gone)), publishes: status(.denied),
      leaves: { $0.refusal(reachable: false) == gone }),
    .init(
      name: "unreachable while updating: denied and the error", given: updating,
      input: .source(.unavailable(gone)), publishes: status(.denied) + [.didFailWithError(gone)]),
    .init(
      name: "unreachable again: nothing new", given: updating + [.source(.unavailable(gone))],
      input: .source(.unavailable(gone)), publishes: []),
    .init(
      name: "reachable again: authorized again", given: updating + [.source(.unavailable(gone))],
      input: .source(.available), publishes: status(.authorizedWhenInUse)),
    // One-shot requests
    .init(
      name: "a request waits for a fix", given: authorized, input: .requestLocation(id: request),
      publishes: [], leaves: { $0.pendingRequests == [request] }),
    .init(
      name: "a fix answers the waiting request",
      given: authorized + [.requestLocation(id: request)],
      input: .source(.fix(fix())), publishes: [.didUpdateLocations([fix()])],
      leaves: { $0.pendingRequests.isEmpty && $0.undelivered.isEmpty }),
    .init(
      name: "the undelivered fix answers a request at once",
      given: authorized + [.source(.fix(fix()))], input: .requestLocation(id: request),
      publishes: [.didUpdateLocations([fix()])],
      leaves: { $0.pendingRequests.isEmpty && $0.undelivered.isEmpty }),
    .init(
      name: "a request times out", given: authorized + [.requestLocation(id: request)],
      input: .requestTimedOut(request), publishes: [.didFailWithError(.locationUnknown)],
      leaves: { $0.pendingRequests.isEmpty }),
    .init(
      name: "a timeout after the answer is nothing", given: authorized,
      input: .requestTimedOut(request), publishes: []),
    .init(
      name: "unreachable fails the waiting requests",
      given: authorized + [.requestLocation(id: request)], input: .source(.unavailable(gone)),
      publishes: status(.denied) + [.didFailWithError(gone)],
      leaves: { $0.pendingRequests.isEmpty }),
    .init(
      name: "a fix before authorization is kept, not delivered", given: [],
      input: .source(.fix(fix())), publishes: [],
      leaves: { $0.lastLocation == fix() && $0.undelivered == [fix()] }),
    // Continuous updates
    .init(
      name: "updates catch up with the undelivered fix",
      given: authorized + [.source(.fix(fix())), .startUpdatingLocation], input: .catchUpUpdates,
      publishes: [.didUpdateLocations([fix()])]),
    .init(
      name: "updates catch up with every fix that reached no one, in order",
      given: authorized + [
        .source(.fix(fix(0))), .source(.fix(fix(30))), .startUpdatingLocation,
      ],
      input: .catchUpUpdates, publishes: [.didUpdateLocations([fix(0), fix(30)])],
      leaves: { $0.undelivered.isEmpty }),
    .init(
      name: "a request is answered by the latest fix that reached no one",
      given: authorized + [.source(.fix(fix(0))), .source(.fix(fix(30)))],
      input: .requestLocation(id: request), publishes: [.didUpdateLocations([fix(30)])],
      leaves: { $0.undelivered.isEmpty }),
    .init(
      name: "fixes that reach no one are kept up to a bound, the oldest dropped",
      given: authorized
        + (0...State.maximumUndelivered).map { .source(.fix(fix(Double($0)))) },
      input: .startUpdatingLocation, publishes: [],
      leaves: {
        $0.undelivered == (1...State.maximumUndelivered).map { fix(Double($0)) }
      }),
    .init(
      name: "updates stopped while authorizing catch up with nothing",
      given: authorized + [.source(.fix(fix())), .startUpdatingLocation, .stopUpdatingLocation],
      input: .catchUpUpdates, publishes: [], leaves: { $0.undelivered == [fix()] }),
    .init(
      name: "an end nobody heard is told after the last fix",
      given: authorized + [.source(.fix(fix())), .source(.failure(ended)), .startUpdatingLocation],
      input: .catchUpUpdates, publishes: [.didUpdateLocations([fix()]), .didFailWithError(ended)],
      leaves: { $0.endedUnheard == nil }),
    .init(
      name: "a failure with nobody asking is kept if it is the end", given: authorized,
      input: .source(.failure(ended)), publishes: [], leaves: { $0.endedUnheard == ended }),
    .init(
      name: "a failure reaches a client that is updating", given: updating,
      input: .source(.failure(.locationUnknown)), publishes: [.didFailWithError(.locationUnknown)]),
    .init(
      name: "a failure reaches a client that monitors a region",
      given: authorized + [.startMonitoring(region)], input: .source(.failure(.locationUnknown)),
      publishes: [.didFailWithError(.locationUnknown)]),
    .init(
      name: "no fix is nothing", given: updating, input: .source(.noFix), publishes: []),
    .init(
      name: "the distance filter holds back a near fix",
      given: updating + [.set(.init(distanceFilter: 100)), .source(.fix(fix()))],
      input: .source(.fix(fix(50))), publishes: [], leaves: { $0.lastDelivered == fix() }),
    .init(
      name: "the distance filter lets a far fix through",
      given: updating + [.set(.init(distanceFilter: 100)), .source(.fix(fix()))],
      input: .source(.fix(fix(150))), publishes: [.didUpdateLocations([fix(150)])]),
    // Significant changes
    .init(
      name: "the first significant change is the first fix",
      given: authorized + [.startMonitoringSignificantLocationChanges],
      input: .source(.fix(fix())), publishes: [.didUpdateLocations([fix()])]),
    .init(
      name: "a significant change needs 500 m",
      given: authorized + [.startMonitoringSignificantLocationChanges, .source(.fix(fix()))],
      input: .source(.fix(fix(400))), publishes: []),
    .init(
      name: "stopping significant changes forgets the last one",
      given: authorized + [.startMonitoringSignificantLocationChanges, .source(.fix(fix()))],
      input: .stopMonitoringSignificantLocationChanges, publishes: [],
      leaves: { !$0.isMonitoringSignificantChanges && $0.lastSignificant == nil }),
    // Automatic pauses
    .init(
      name: "a stay past pauseAfter pauses",
      given: authorized + [
        .set(.init(pausesLocationUpdatesAutomatically: true)), .startUpdatingLocation,
        .source(.fix(fix(at: 0))),
      ],
      input: .source(.fix(fix(1, at: 90))), publishes: [.didPauseLocationUpdates],
      leaves: { $0.isPaused }),
    .init(
      name: "a fix within the circle while paused is held back", given: paused,
      input: .source(.fix(fix(2, at: 120))), publishes: [], leaves: { $0.isPaused }),
    .init(
      name: "leaving the circle resumes and delivers", given: paused,
      input: .source(.fix(fix(200, at: 120))),
      publishes: [.didResumeLocationUpdates, .didUpdateLocations([fix(200, at: 120)])],
      leaves: { !$0.isPaused && $0.pauseAnchor == fix(200, at: 120) }),
    .init(
      name: "turning automatic pauses off resumes", given: paused,
      input: .set(.init(pausesLocationUpdatesAutomatically: false)),
      publishes: [.didResumeLocationUpdates], leaves: { !$0.isPaused }),
    .init(
      name: "stopping updates forgets the pause", given: paused, input: .stopUpdatingLocation,
      publishes: [], leaves: { !$0.isPaused && $0.pauseAnchor == nil && !$0.isUpdating }),
    // Regions, visits, heading, properties
    .init(
      name: "a region starts monitored", given: [], input: .startMonitoring(region),
      publishes: [.didStartMonitoring(region)]),
    .init(
      name: "a region started after a fix gets its state",
      given: authorized + [.source(.fix(fix()))], input: .startMonitoring(region),
      publishes: [.didStartMonitoring(region), .didDetermineState(.inside, region)]),
    .init(
      name: "a fix before authorization: the region's state comes with the authorization",
      given: [
        .startMonitoring(region), .source(.fix(fix(500))), .source(.fix(fix())),
        .requestAuthorization(.authorizedWhenInUse),
      ],
      input: .source(.available),
      publishes: status(.authorizedWhenInUse) + [.didDetermineState(.inside, region)]),
    .init(
      name: "a region started before any fix: the first fix outside says so",
      given: authorized + [.startMonitoring(region)], input: .source(.fix(fix(500))),
      publishes: [.didDetermineState(.outside, region)]),
    .init(
      name: "a region started before any fix is told outside once",
      given: authorized + [.startMonitoring(region), .source(.fix(fix(500)))],
      input: .source(.fix(fix(600))), publishes: []),
    .init(
      name: "a stopped region is not monitored", given: [.startMonitoring(region)],
      input: .stopMonitoring(region), publishes: [],
      leaves: { $0.regionMonitor.monitoredRegions.isEmpty }),
    .init(
      name: "stopping visits forgets the stay in progress",
      given: authorized + [.startMonitoringVisits, .source(.fix(fix()))],
      input: .stopMonitoringVisits, publishes: [],
      leaves: { !$0.isMonitoringVisits && $0.visitDetector == VisitDetector() }),
    .init(
      name: "no compass", given: [], input: .startUpdatingHeading,
      publishes: [.didFailWithError(.headingUnavailable)]),
    .init(
      name: "properties set are in force, the others kept", given: [.set(.init(headingFilter: 5))],
      input: .set(.init(desiredAccuracy: 10, activityType: .fitness)), publishes: [],
      leaves: {
        $0.properties
          == .init(
            desiredAccuracy: 10, distanceFilter: 0, headingFilter: 5, activityType: .fitness,
            pausesLocationUpdatesAutomatically: false)
      }),
  ]

  @Test(arguments: transitions)
  func transition(_ transition: Transition) {
    var state = State(configuration: transition.configuration, sourceName: "gpsd")
    for input in transition.given { _ = state.reduce(input) }
    #expect(state.reduce(transition.input) == transition.publishes)
    #expect(transition.leaves(state))
  }

  @Test("an unreachable source that never said why is named in the refusal")
  func refusals() {
    var state = State(configuration: .init(), sourceName: "gpsd at localhost:2947")
    #expect(
      state.refusal(reachable: false)
        == .servicesUnavailable(endpoint: "gpsd at localhost:2947", reason: "no answer"))
    #expect(state.refusal(reachable: true) == .denied)
    for input in Self.authorized { _ = state.reduce(input) }
    #expect(state.refusal(reachable: true) == nil)
  }
}
