import BearingGeoClue
import BearingGeoClueTesting
import BearingLocation
import Foundation
import Testing

/// The GeoClue source against a real GeoClue 2.6 on a private system bus, reading a GPS
/// receiver the test controls (see ``GeoClueHarness``).
@Suite(.serialized) struct GeoClueLiveTests {
  static let railwaySquare = Coordinate(latitude: 60.1710, longitude: 24.9414)
  static let kamppi = Coordinate(latitude: 60.1685, longitude: 24.9320)

  static func options(_ id: String, bus: String, agentTimeout: Duration = .seconds(15))
    -> GeoClueOptions
  {
    GeoClueOptions(desktopID: id, busAddress: bus, agentTimeout: agentTimeout)
  }

  static func near(_ coordinate: Coordinate) -> (LocationSource.Event) -> Bool {
    { event in
      if case .fix(let fix) = event { fix.coordinate.distance(to: coordinate) < 5 } else { false }
    }
  }

  @Test func fixAtTheReceiversPositionThenTheMoveArrives() async throws {
    try await GeoClueHarness.with(at: Self.railwaySquare, altitude: nil, allowed: ["bearing-tests"])
    { geoClue in
      let log = EventLog(.geoClue(Self.options("bearing-tests", bus: geoClue.busAddress)))
      let first = await log.wait { $0.contains(where: Self.near(Self.railwaySquare)) }
      #expect(first.first == .available, "\(first)\n\(geoClue.logs())")
      let fix = try #require(log.fixes.first, "\(geoClue.logs())")
      #expect(fix.coordinate.distance(to: Self.railwaySquare) < 5)
      // GeoClue 2.6 turns the receiver's HDOP of 4 into 3 m.
      #expect(fix.horizontalAccuracy == 3)
      // The receiver sends no altitude: GeoClue's -DBL_MAX becomes "unknown".
      #expect(fix.altitude == 0)
      #expect(fix.verticalAccuracy < 0)
      #expect(abs(fix.timestamp.timeIntervalSinceNow) < 60)

      geoClue.move(to: Self.kamppi)
      let moved = await log.wait { $0.contains(where: Self.near(Self.kamppi)) }
      #expect(moved.contains(where: Self.near(Self.kamppi)), "\(moved.suffix(3))")
      #expect(!moved.contains { if case .unavailable = $0 { true } else { false } })
      await log.cancel()
    }
  }

  @Test func theManagerDeliversGeoCluesFixes() async throws {
    try await GeoClueHarness.with(at: Self.kamppi, altitude: 20, allowed: ["bearing-tests"]) {
      geoClue in
      let manager = LocationManager.geoClue(Self.options("bearing-tests", bus: geoClue.busAddress))
      let events = manager.delegate()
      await manager.requestWhenInUseAuthorization()
      #expect(await manager.authorizationStatus() == .authorizedWhenInUse, "\(geoClue.logs())")
      await manager.requestLocation()
      var fix: Location?
      for await action in events {
        if case .didUpdateLocations(let fixes) = action {
          fix = fixes.last
          break
        }
        if case .didFailWithError(let error) = action {
          Issue.record("\(error)\n\(geoClue.logs())")
          break
        }
      }
      let delivered = try #require(fix)
      #expect(delivered.coordinate.distance(to: Self.kamppi) < 5)
      #expect(delivered.altitude == 20)
    }
  }

  @Test func aRefusedDesktopIDIsDeniedWithWhatToAllow() async throws {
    try await GeoClueHarness.with(
      at: Self.kamppi, allowed: ["bearing-tests"], refused: ["bearing-refused"]
    ) { geoClue in
      let manager = LocationManager.geoClue(
        Self.options("bearing-refused", bus: geoClue.busAddress))
      let events = manager.delegate()
      await manager.requestWhenInUseAuthorization()
      #expect(await manager.authorizationStatus() == .denied, "\(geoClue.logs())")
      await manager.requestLocation()
      var failure: LocationError?
      for await action in events {
        if case .didFailWithError(let error) = action {
          failure = error
          break
        }
      }
      guard case .geoClueDenied(let id, let reason)? = failure else {
        Issue.record("expected geoClueDenied, got \(String(describing: failure))")
        return
      }
      #expect(id == "bearing-refused")
      #expect(reason.contains("disallowed by configuration"))
      let message = failure?.description ?? ""
      #expect(message.contains("[bearing-refused]"))
      #expect(message.contains("allowed=true"))
      #expect(message.contains("/etc/geoclue/geoclue.conf"))
      #expect(message.contains("agent"))
    }
  }

  @Test func withoutAnAgentTheSourceSaysWhatIsMissing() async throws {
    try await GeoClueHarness.with(at: Self.kamppi, allowed: ["bearing-tests"], agent: false) {
      geoClue in
      let log = EventLog(
        .geoClue(
          Self.options("bearing-tests", bus: geoClue.busAddress, agentTimeout: .seconds(1))))
      let events = await log.wait { !$0.isEmpty }
      #expect(events == [.unavailable(.geoClueNoAgent(desktopID: "bearing-tests"))])
      if case .unavailable(let error)? = events.first {
        #expect(error.description.contains("/usr/libexec/geoclue-2.0/demos/agent"))
      }
      await log.cancel()
    }
  }

  @Test func noBusOrNoGeoClueIsUnavailable() async throws {
    let missing = "unix:path=/tmp/bearing-no-such-bus-\(UUID().uuidString.prefix(8))"
    #expect(await GeoClue.isPresent(busAddress: missing) == false)
    let log = EventLog(.geoClue(Self.options("bearing-tests", bus: missing)))
    let events = await log.wait { !$0.isEmpty }
    await log.cancel()
    guard case .unavailable(.geoClueUnavailable(let reason))? = events.first else {
      Issue.record("expected geoClueUnavailable, got \(events)")
      return
    }
    #expect(reason.contains("no system bus"))
    let manager = LocationManager.geoClue(Self.options("bearing-tests", bus: missing))
    await manager.requestWhenInUseAuthorization()
    #expect(await manager.authorizationStatus() == .denied)

    try await GeoClueHarness.with(at: Self.kamppi, allowed: []) { geoClue in
      #expect(await GeoClue.isPresent(busAddress: geoClue.busAddress))
    }
  }
}
