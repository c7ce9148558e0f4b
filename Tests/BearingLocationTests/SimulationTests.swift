import BearingLocation
import BearingLocationTesting
import BearingProcessTesting
import Clocks
import Foundation
import Synchronization
import Testing

@Suite(.offPool) struct SimulationTests {
  @Test func replayPlaysTheTrackOnTheInjectedClockAtTheChosenSpeed() async throws {
    let clock = TestClock()
    let log =
      NMEALog.epoch(second: 0, latitude: 60.1, longitude: 24.9)
      + NMEALog.epoch(second: 1, latitude: 60.1001, longitude: 24.9)
      + NMEALog.epoch(second: 3, latitude: 60.1002, longitude: 24.9)
    let track = try NMEAParser().parse(log.joined(separator: "\n"))
    let manager = LocationManager.replaying(
      track, clock: clock, speed: 2, startDelay: .seconds(1))
    let recorder = ActionRecorder(manager.delegate())
    await manager.requestWhenInUseAuthorization()
    await manager.startUpdatingLocation()
    #expect(recorder.actions.compactMap(\.fixes).isEmpty)

    await clock.advance(by: .seconds(1))
    await recorder.wait { $0.compactMap(\.fixes).count == 1 }
    // One second of track time is half a second at double speed.
    await clock.advance(by: .milliseconds(400))
    try await Task.sleep(for: .milliseconds(50))
    #expect(recorder.actions.compactMap(\.fixes).count == 1)
    await clock.advance(by: .milliseconds(100))
    await recorder.wait { $0.compactMap(\.fixes).count == 2 }
    await clock.advance(by: .seconds(1))
    let actions = await recorder.wait {
      $0.last == .didFailWithError(.trackEnded(name: "track replay", fixes: track.fixes.count))
    }

    #expect(
      actions == [
        .didChangeAuthorization(.authorizedWhenInUse),
        .authorizationDidChange(.authorizedWhenInUse, .fullAccuracy),
      ] + track.fixes.map { .didUpdateLocations([$0]) } + [
        .didFailWithError(.trackEnded(name: "track replay", fixes: track.fixes.count))
      ])
  }

  static let regions = LocationManager.demoRegions

  func wander(seed: UInt64, count: Int) async -> [Location] {
    let source = LocationSource.wandering(
      among: Self.regions, seed: seed, clock: ImmediateClock(), maximumFixes: count)
    let fixes = LockedFixes()
    await source.run { event in
      if case .fix(let location) = event { fixes.append(location) }
    }
    return fixes.all
  }

  @Test func wanderingIsDeterministicForASeed() async {
    let first = await wander(seed: 7, count: 2_000)
    let again = await wander(seed: 7, count: 2_000)
    let other = await wander(seed: 8, count: 2_000)
    #expect(first.count == 2_000)
    #expect(first == again)
    #expect(first != other)
    for (a, b) in zip(first, first.dropFirst()) {
      #expect(a.distance(from: b) <= 20.001)
      #expect(b.timestamp.timeIntervalSince(a.timestamp) == 1)
    }
    for region in Self.regions {
      #expect(
        first.contains { region.contains($0.coordinate) }, "never visited \(region.identifier)")
    }
  }

  @Test func wanderingDrivesRegionEventsThroughTheManager() async {
    let clock = TestClock()
    let manager = LocationManager.wandering(among: Self.regions, seed: 3, clock: clock)
    let recorder = ActionRecorder(manager.delegate())
    await manager.requestAlwaysAuthorization()
    for region in Self.regions { await manager.startMonitoring(region) }
    var enters = 0
    for _ in 0..<3_000 where enters < 3 {
      await clock.advance(by: .seconds(1))
      enters =
        recorder.actions.filter {
          if case .didEnterRegion = $0 { return true } else { return false }
        }.count
    }
    let actions = await recorder.wait { actions in
      actions.contains { if case .didExitRegion = $0 { true } else { false } }
    }
    #expect(enters >= 3)
    // Every exit follows an entry into the same region.
    var inside: Set<String> = []
    for action in actions {
      switch action {
      case .didEnterRegion(let region): inside.insert(region.identifier)
      case .didExitRegion(let region):
        #expect(inside.remove(region.identifier) != nil, "left \(region.identifier) unentered")
      default: break
      }
    }
  }
}

/// Fixes gathered from a source's `send`, which may be called from any task.
final class LockedFixes: Sendable {
  private let fixes = Mutex<[Location]>([])
  func append(_ fix: Location) { fixes.withLock { $0.append(fix) } }
  var all: [Location] { fixes.withLock { $0 } }
}
