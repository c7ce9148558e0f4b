import BearingGPSD
import BearingLocation
import BearingLocationTesting
import BearingProcessTesting
import Foundation
import Testing

/// The live client against a real gpsd, fed by the test through a TCP source (``GPSDFeed``).
@Suite(.serialized) struct GPSDLiveTests {
  static let options = GPSDConnectionOptions(
    connectTimeout: .seconds(1), initialBackoff: .milliseconds(100),
    maximumBackoff: .milliseconds(400))

  static func fixEpochs(from second: Int, count: Int, longitude: Double = 24.9384)
    -> [(second: Int, latitude: Double, longitude: Double)]
  {
    (0..<count).map { (second + $0, 60.1699 + Double($0) * 0.0001, longitude) }
  }

  /// Each epoch's sentences, as a receiver sends them.
  static func sentences(
    _ epochs: [(second: Int, latitude: Double, longitude: Double)]
  ) -> [[String]] {
    epochs.map {
      NMEALog.epoch(second: $0.second, latitude: $0.latitude, longitude: $0.longitude)
    }
  }

  /// `count` epochs without a fix from `second` on: what a receiver sends before it has one.
  static func noFix(from second: Int, count: Int) -> [[String]] {
    (second..<second + count).map {
      NMEALog.epoch(second: $0, latitude: 60.1, longitude: 24.9, fix: false)
    }
  }

  @Test func deliversFixesInOrderSkipsNoFixAndReportsTheDeviceGoing() async throws {
    let first = Self.fixEpochs(from: 100, count: 4)
    let second = Self.fixEpochs(from: 110, count: 3, longitude: 24.95)
    try await GPSDFeed.with { gpsd in
      try await gpsd.waitUntilListening()
      let manager = LocationManager.gpsd(
        GPSDEndpoint(host: "127.0.0.1", port: gpsd.port), options: Self.options)
      let recorder = ActionRecorder(manager.delegate())

      await manager.requestWhenInUseAuthorization()
      // The request waits 5 s for gpsd's greeting; on a loaded machine the greeting may come
      // later, and the authorization with it.
      await recorder.wait { $0.contains(.didChangeAuthorization(.authorizedWhenInUse)) }
      #expect(await manager.authorizationStatus() == .authorizedWhenInUse)
      #expect(await manager.locationServicesEnabled())
      await manager.startUpdatingLocation()
      // Every sentence from here on reaches the client, however late it connected.
      try await gpsd.waitForWatcher()
      let epochs =
        Self.noFix(from: 96, count: 4) + Self.sentences(first) + Self.noFix(from: 104, count: 4)
        + Self.sentences(second)
      for epoch in epochs { try await gpsd.send(epoch) }
      // gpsd reports an epoch once the next one begins (or its cycle ends): wait for the last
      // epoch's report before unplugging, so that the device goes after it.
      let last = NMEALog.date(second: second.last!.second)
      await recorder.wait {
        $0.compactMap(\.fixes).flatMap { $0 }.contains { $0.timestamp == last }
      }
      gpsd.unplug()
      let actions = await recorder.wait {
        $0.contains { if case .didFailWithError(.deviceGone) = $0 { true } else { false } }
      }

      #expect(
        Array(actions.prefix(2)) == [
          .didChangeAuthorization(.authorizedWhenInUse),
          .authorizationDidChange(.authorizedWhenInUse, .fullAccuracy),
        ])
      let fixes = actions.compactMap(\.fixes).flatMap { $0 }
      let expected = first + second
      // One update per epoch, except that gpsd's first reports of an epoch may be followed by
      // better ones (3D, then with error estimates); never a report from a no-fix epoch.
      let seconds = fixes.map { Int($0.timestamp.timeIntervalSince(NMEALog.date(second: 0))) }
      #expect(Array(Set(seconds)).sorted() == expected.map(\.second))
      #expect(seconds == seconds.sorted())
      for epoch in expected {
        let reports = fixes.filter {
          $0.timestamp == NMEALog.date(second: epoch.second)
        }
        #expect((1...3).contains(reports.count), "epoch \(epoch.second): \(reports.count) reports")
        let best = try #require(reports.last)
        #expect(abs(best.coordinate.latitude - epoch.latitude) < 1e-6)
        #expect(abs(best.coordinate.longitude - epoch.longitude) < 1e-6)
        #expect(abs(best.speed - 1.5 * 1852 / 3600) < 0.01)
        #expect(best.course == 45)
        #expect(best.horizontalAccuracy > 0)
      }
      // Later epochs are full 3D fixes with gpsd's error estimates mapped.
      let settled = try #require(fixes.last)
      #expect(settled.altitude == 12.5)
      #expect(settled.ellipsoidalAltitude == 30.5)
      #expect(settled.verticalAccuracy > 0)
      #expect(
        actions.contains { if case .didFailWithError(.deviceGone) = $0 { true } else { false } })
    }
  }

  @Test func aReceiverThatHasNotLearntTheDateGivesFixesStampedOnArrival() async throws {
    // GGA and GSA carry a position and the time of day, but only RMC (or ZDA) the date, so
    // gpsd 3.22 sends these epochs as 3D TPVs with no time.
    let epochs = Self.fixEpochs(from: 0, count: 6)
    let received = Date(timeIntervalSince1970: 1_900_000_000)
    try await GPSDFeed.with { gpsd in
      try await gpsd.waitUntilListening()
      let manager = LocationManager.gpsd(
        GPSDEndpoint(host: "127.0.0.1", port: gpsd.port), options: Self.options,
        now: { received })
      let recorder = ActionRecorder(manager.delegate())
      await manager.requestWhenInUseAuthorization()
      await manager.startUpdatingLocation()
      try await gpsd.waitForWatcher()
      for epoch in epochs {
        try await gpsd.send(
          NMEALog.epoch(second: epoch.second, latitude: epoch.latitude, longitude: epoch.longitude)
            .filter { !$0.hasPrefix("$GPRMC") })
      }
      let actions = await recorder.wait {
        $0.compactMap(\.fixes).flatMap { $0 }.count >= 3
      }
      let fixes = actions.compactMap(\.fixes).flatMap { $0 }
      #expect(fixes.count >= 3)
      for fix in fixes {
        #expect(fix.timestamp == received)
        #expect(fix.timestampSource == .receipt)
        #expect(abs(fix.coordinate.longitude - 24.9384) < 1e-6)
        #expect(
          epochs.contains { abs($0.latitude - fix.coordinate.latitude) < 1e-6 },
          "\(fix.coordinate)")
        #expect(fix.altitude == 12.5)
      }
    }
  }

  @Test func unreachableGPSDMeansServicesOffWithAHelpfulError() async throws {
    let port = try Loopback.freePort()
    let manager = LocationManager.gpsd(
      GPSDEndpoint(host: "127.0.0.1", port: port), options: Self.options)
    let recorder = ActionRecorder(manager.delegate())
    #expect(await manager.locationServicesEnabled() == false)
    await manager.requestWhenInUseAuthorization()
    await manager.requestLocation()
    let actions = await recorder.wait(forCount: 3)
    #expect(
      Array(actions.prefix(2)) == [
        .didChangeAuthorization(.denied), .authorizationDidChange(.denied, .fullAccuracy),
      ])
    guard case .didFailWithError(let error) = actions.last else {
      Issue.record("expected an error, got \(actions)")
      return
    }
    guard case .servicesUnavailable(let endpoint, _) = error else {
      Issue.record("expected servicesUnavailable, got \(error)")
      return
    }
    #expect(endpoint == "127.0.0.1:\(port)")
    #expect(error.description.contains("Start it with `gpsd"))
  }

  @Test func aGPSDOfAnotherProtocolVersionIsRefused() async throws {
    let server = try GreetingServer(
      greeting: #"{"class":"VERSION","release":"9.0","proto_major":4,"proto_minor":0}"# + "\n")
    let manager = LocationManager.gpsd(
      GPSDEndpoint(host: "127.0.0.1", port: server.port), options: Self.options)
    let recorder = ActionRecorder(manager.delegate())
    await manager.requestWhenInUseAuthorization()
    await manager.requestLocation()
    let actions = await recorder.wait(forCount: 3)
    #expect(
      actions == [
        .didChangeAuthorization(.denied), .authorizationDidChange(.denied, .fullAccuracy),
        .didFailWithError(.unsupportedProtocol(major: 4, minor: 0)),
      ])
  }

  @Test func reconnectsAfterGPSDIsStoppedAndStartedAgain() async throws {
    let before = try GPSDFeed()
    try await before.waitUntilListening()
    let manager = LocationManager.gpsd(
      GPSDEndpoint(host: "127.0.0.1", port: before.port), options: Self.options)
    let recorder = ActionRecorder(manager.delegate())
    await manager.requestWhenInUseAuthorization()
    await manager.startUpdatingLocation()
    try await before.waitForWatcher()
    for epoch in Self.sentences(Self.fixEpochs(from: 30, count: 4)) {
      try await before.send(epoch)
    }
    await recorder.wait { $0.compactMap(\.fixes).count >= 2 }
    await before.stop()
    let lost = await recorder.wait { $0.contains(.didChangeAuthorization(.denied)) }
    #expect(
      lost.contains { if case .didFailWithError(.connectionLost) = $0 { true } else { false } })
    let fixesBefore = lost.compactMap(\.fixes).count

    try await GPSDFeed.with(port: before.port) { after in
      // The client reconnects by itself, and watches again.
      try await after.waitForWatcher()
      for epoch in Self.sentences(Self.fixEpochs(from: 100, count: 4, longitude: 25.5)) {
        try await after.send(epoch)
      }
      let resumed = await recorder.wait {
        $0.compactMap(\.fixes).flatMap { $0 }.contains { $0.coordinate.longitude == 25.5 }
      }
      let tail = resumed.suffix(from: lost.count)
      #expect(tail.contains(.didChangeAuthorization(.authorizedWhenInUse)))
      #expect(resumed.compactMap(\.fixes).count > fixesBefore)
      #expect(
        resumed.compactMap(\.fixes).flatMap { $0 }.contains { $0.coordinate.longitude == 25.5 })
    }
  }
}
