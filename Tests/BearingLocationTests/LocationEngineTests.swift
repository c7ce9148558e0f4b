import BearingLocation
import BearingLocationTesting
import BearingTesting
import Clocks
import Foundation
import Testing

@Suite struct LocationEngineTests {
  let source = ControlledSource()
  let clock = TestClock()

  func makeManager(_ configuration: LocationEngine.Configuration = .init())
    -> (LocationManager, ActionRecorder)
  {
    let manager = LocationManager.backed(
      by: source.source, clock: clock, configuration: configuration)
    return (manager, ActionRecorder(manager.delegate()))
  }

  /// Authorizes `manager` against the controlled source.
  func authorize(_ manager: LocationManager, _ recorder: ActionRecorder) async {
    source.send(.available)
    await manager.requestWhenInUseAuthorization()
    await recorder.wait { $0.contains(.didChangeAuthorization(.authorizedWhenInUse)) }
  }

  /// Sends `events` and then the marker; returns everything recorded once the engine has
  /// handled them all and, when `markerReaches`, once the marker has been recorded.
  ///
  /// The marker is an error, and errors reach only a client that asked for locations: where
  /// none has, pass `markerReaches: false`, and what the engine published is what the recorder
  /// holds a moment after the engine handled the events. That moment is a window in which an
  /// action that should not come would show; a caller that expects an action waits for it. Neither wait depends on how busy the
  /// machine is (a 5 s wait for the marker ran out in a loaded run).
  @discardableResult
  func play(
    _ events: [LocationSource.Event], _ recorder: ActionRecorder, markerReaches: Bool = true
  ) async -> [LocationManager.Action] {
    // Counted before sending: a marker recorded before the count was read would otherwise be
    // counted as an old one, and the wait would run to its timeout.
    let count = recorder.actions.filter { $0 == markerAction }.count
    for event in events { source.send(event) }
    source.send(marker)
    await source.waitUntilHandled()
    guard markerReaches else {
      // The engine published before it counted the events handled; the recorder reads the
      // stream on a task of its own.
      try? await Task.sleep(for: .milliseconds(100))
      return recorder.actions
    }
    return await recorder.wait { $0.filter { $0 == markerAction }.count > count }
  }

  @Test func authorizationFollowsReachability() async {
    let (manager, recorder) = makeManager()
    #expect(await manager.authorizationStatus() == .notDetermined)
    source.send(.available)
    await manager.requestWhenInUseAuthorization()
    #expect(await manager.authorizationStatus() == .authorizedWhenInUse)
    #expect(await manager.locationServicesEnabled())
    await manager.requestAlwaysAuthorization()
    await manager.requestWhenInUseAuthorization()
    #expect(await manager.authorizationStatus() == .authorizedAlways)
    let gone = LocationError.servicesUnavailable(endpoint: "test", reason: "refused")
    await play([.unavailable(gone)], recorder, markerReaches: false)
    #expect(await manager.locationServicesEnabled() == false)
    await play([.available], recorder, markerReaches: false)
    let actions = await recorder.wait {
      $0.filter { $0 == .authorizationDidChange(.authorizedAlways, .fullAccuracy) }.count == 2
    }
    #expect(
      actions.filter { $0 != markerAction } == [
        .didChangeAuthorization(.authorizedWhenInUse),
        .authorizationDidChange(.authorizedWhenInUse, .fullAccuracy),
        .didChangeAuthorization(.authorizedAlways),
        .authorizationDidChange(.authorizedAlways, .fullAccuracy),
        .didChangeAuthorization(.denied),
        .authorizationDidChange(.denied, .fullAccuracy),
        .didChangeAuthorization(.authorizedAlways),
        .authorizationDidChange(.authorizedAlways, .fullAccuracy),
      ])
  }

  @Test func unreachableSourceDeniesAndSaysHowToFixIt() async {
    let (manager, recorder) = makeManager()
    let error = LocationError.servicesUnavailable(endpoint: "127.0.0.1:1", reason: "refused")
    source.send(.unavailable(error))
    await manager.requestWhenInUseAuthorization()
    await manager.requestLocation()
    let actions = await recorder.wait(forCount: 3)
    #expect(
      actions == [
        .didChangeAuthorization(.denied), .authorizationDidChange(.denied, .fullAccuracy),
        .didFailWithError(error),
      ])
    #expect(error.description.contains("gpsd"))
    #expect(error.description.contains("BEARING_GPSD"))
  }

  @Test func requestLocationBeforeAuthorizationFailsWithDenied() async {
    let (manager, recorder) = makeManager()
    source.send(.available)
    await manager.requestLocation()
    #expect(await recorder.wait(forCount: 1) == [.didFailWithError(.denied)])
  }

  @Test func requestLocationDeliversOneFixOnly() async {
    let (manager, recorder) = makeManager()
    await authorize(manager, recorder)
    await manager.requestLocation()
    await play(
      [.noFix, .fix(fix(second: 1)), .fix(fix(second: 2))], recorder, markerReaches: false)
    // The fix delivered is waited for; a second one would have come in `play`'s moment.
    let actions = await recorder.wait { !$0.compactMap(\.fixes).isEmpty }
    #expect(actions.compactMap(\.fixes) == [[fix(second: 1)]])
    #expect(await manager.location() == fix(second: 2))
    // The timeout of the satisfied request must not fire later.
    await clock.advance(by: .seconds(30))
    let after = await play([], recorder, markerReaches: false)
    #expect(!after.contains(.didFailWithError(.locationUnknown)))
  }

  @Test func requestLocationTimesOutOnTheInjectedClock() async {
    let (manager, recorder) = makeManager(.init(requestTimeout: .seconds(10)))
    await authorize(manager, recorder)
    await manager.requestLocation()
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(9))
    #expect(!(await play([.noFix], recorder)).contains(.didFailWithError(.locationUnknown)))
    await clock.advance(by: .seconds(1))
    let actions = await recorder.wait { $0.contains(.didFailWithError(.locationUnknown)) }
    #expect(actions.contains(.didFailWithError(.locationUnknown)))
  }

  @Test func updatesHonourTheDistanceFilter() async {
    let (manager, recorder) = makeManager()
    await authorize(manager, recorder)
    await manager.set(.init(distanceFilter: 10))
    await manager.startUpdatingLocation()
    let fixes = [0.0, 5, 12, 19, 30].enumerated().map {
      fix(metresNorth: $0.element, second: Double($0.offset))
    }
    let actions = await play(fixes.map { .fix($0) }, recorder)
    #expect(actions.compactMap(\.fixes) == [[fixes[0]], [fixes[2]], [fixes[4]]])
    await manager.stopUpdatingLocation()
    let later = await play(
      [.fix(fix(metresNorth: 100, second: 9))], recorder, markerReaches: false)
    #expect(later.compactMap(\.fixes).count == 3)
  }

  @Test func significantChangesNeedFiveHundredMetres() async {
    let (manager, recorder) = makeManager()
    await authorize(manager, recorder)
    await manager.startMonitoringSignificantLocationChanges()
    let fixes = [0.0, 100, 499, 600, 1_050].enumerated().map {
      fix(metresNorth: $0.element, second: Double($0.offset))
    }
    let actions = await play(fixes.map { .fix($0) }, recorder)
    #expect(actions.compactMap(\.fixes) == [[fixes[0]], [fixes[3]]])
  }

  @Test func visitsAreFoundInTheFixStream() async throws {
    let (manager, recorder) = makeManager(.init(visitRadius: 50, visitMinimumDuration: 300))
    await authorize(manager, recorder)
    await manager.startMonitoringVisits()
    let stay = stride(from: 0.0, through: 400, by: 100).map {
      fix(metresNorth: $0 / 40, second: $0)
    }
    let leave = fix(metresNorth: 500, second: 500)
    let actions = await play((stay + [leave]).map { .fix($0) }, recorder)
    let visits = actions.compactMap { action -> Visit? in
      if case .didVisit(let visit) = action { return visit }
      return nil
    }
    try #require(visits.count == 2)
    #expect(visits[0].arrivalDate == stay[0].timestamp)
    #expect(visits[0].departureDate == .distantFuture)
    #expect(visits[1].departureDate == stay[4].timestamp)
    #expect(visits[1].coordinate.distance(to: stay[2].coordinate) < 1)
  }

  @Test func updatesPauseWhileStillAndResumeOnMoving() async {
    let (manager, recorder) = makeManager(.init(pauseRadius: 20, pauseAfter: 60))
    await authorize(manager, recorder)
    await manager.set(.init(pausesLocationUpdatesAutomatically: true))
    await manager.startUpdatingLocation()
    let still = [0.0, 30, 60, 90].map { fix(metresNorth: 1, second: $0) }
    let moved = fix(metresNorth: 200, second: 120)
    let actions = await play((still + [moved]).map { .fix($0) }, recorder)
    #expect(
      actions.filter {
        $0.fixes != nil || $0 == .didPauseLocationUpdates
          || $0 == .didResumeLocationUpdates
      } == [
        .didUpdateLocations([still[0]]), .didUpdateLocations([still[1]]),
        .didPauseLocationUpdates, .didResumeLocationUpdates, .didUpdateLocations([moved]),
      ])
  }

  @Test func regionsAreEnteredAndLeft() async {
    let (manager, recorder) = makeManager()
    await authorize(manager, recorder)
    let region = Region(
      identifier: "cafe", center: fix(metresNorth: 100).coordinate, radius: 30)
    await manager.startMonitoring(region)
    let bad = Region(identifier: "bad", center: region.center, radius: 0)
    await manager.startMonitoring(bad)
    await manager.startUpdatingLocation()
    let actions = await play(
      [
        .fix(fix(second: 0)), .fix(fix(metresNorth: 95, second: 1)),
        .fix(fix(metresNorth: 300, second: 2)),
      ], recorder)
    await manager.requestState(for: region)
    let all = await recorder.wait { $0.last == .didDetermineState(.outside, region) }
    #expect(
      Array(actions.drop { $0 != .didStartMonitoring(region) }.filter { $0.fixes == nil })
        .prefix(5) == [
          .didStartMonitoring(region),
          .monitoringDidFail(
            bad, .regionMonitoringFailed(reason: "\(RegionMonitoringError.radiusNotPositive(0))")),
          // Started before any fix: the first fix settles it outside, as Core Location says.
          .didDetermineState(.outside, region),
          .didEnterRegion(region), .didExitRegion(region),
        ])
    #expect(all.last == .didDetermineState(.outside, region))
    // A fix is delivered before the region news it made: an entry is told with its fix.
    let entered = actions.firstIndex(of: .didEnterRegion(region))
    #expect(
      entered.map { actions[$0 - 1] } == .didUpdateLocations([fix(metresNorth: 95, second: 1)]),
      "\(actions)")
    #expect(await manager.monitoredRegions() == [region])
    await manager.stopMonitoring(region)
    #expect(await manager.monitoredRegions() == [])
  }

  @Test func noCompassAndNoBeaconsOnLinux() async {
    let (manager, recorder) = makeManager()
    #expect(await manager.headingAvailable() == false)
    #expect(await manager.isRangingAvailable() == false)
    #expect(await manager.heading() == nil)
    await manager.startUpdatingHeading()
    #expect(await recorder.wait(forCount: 1) == [.didFailWithError(.headingUnavailable)])
  }

  @Test func sourceFailuresReachEverySubscriber() async {
    let (manager, first) = makeManager()
    let second = ActionRecorder(manager.delegate())
    source.send(.failure(.deviceGone(path: "/dev/ttyUSB0")))
    let expected: [LocationManager.Action] = [.didFailWithError(.deviceGone(path: "/dev/ttyUSB0"))]
    await manager.startMonitoringVisits()  // starts the source
    // Each subscriber sees the failure (other actions, such as authorization, may come first).
    #expect(await first.wait { $0.contains(expected[0]) }.contains(expected[0]))
    #expect(await second.wait { $0.contains(expected[0]) }.contains(expected[0]))
  }

  /// A replay reports "available", its only fix and its end back to back, before the app has
  /// asked for anything: the fix answers the request that follows, and the end fails nothing.
  @Test func aFixBeforeAnyRequestIsDeliveredAndAnEarlyEndFailsNothing() async {
    let (manager, recorder) = makeManager()
    let only = fix(metresNorth: 10)
    source.send(.available)
    source.send(.fix(only))
    source.send(.failure(.trackEnded(name: "track replay", fixes: 1)))
    await manager.requestWhenInUseAuthorization()
    await manager.requestLocation()
    let actions = await recorder.wait { $0.contains(.didUpdateLocations([only])) }
    #expect(actions.contains(.didUpdateLocations([only])))
    #expect(!actions.contains { if case .didFailWithError = $0 { true } else { false } })
  }
}
