import Foundation
import Testing

@testable import BearingLocation

@Suite struct RegionMonitorTests {
  let center = Coordinate(latitude: 60.1632, longitude: 24.9393)
  var cafe: Region { Region(identifier: "cafe", center: center, radius: 100) }

  @Test func startWithoutFixOnlyStarts() {
    var monitor = RegionMonitor()
    #expect(monitor.startMonitoring(cafe) == [.didStartMonitoring(cafe)])
    #expect(monitor.monitoredRegions == [cafe])
    #expect(monitor.requestState(for: cafe) == [.didDetermineState(.unknown, cafe)])
  }

  @Test func startWithFixDeterminesState() {
    var monitor = RegionMonitor()
    #expect(monitor.update(with: fix(center.moved(by: 30, bearing: 90))) == [])
    #expect(
      monitor.startMonitoring(cafe) == [
        .didStartMonitoring(cafe), .didDetermineState(.inside, cafe),
      ])
    let far = Region(identifier: "far", center: center.moved(by: 5_000, bearing: 0), radius: 100)
    #expect(
      monitor.startMonitoring(far) == [.didStartMonitoring(far), .didDetermineState(.outside, far)])
  }

  @Test func firstFixInsideDeterminesStateThenExitAndEnter() {
    var monitor = RegionMonitor()
    _ = monitor.startMonitoring(cafe)
    #expect(monitor.update(with: fix(center)) == [.didDetermineState(.inside, cafe)])
    #expect(monitor.update(with: fix(center.moved(by: 95, bearing: 10))) == [])
    #expect(monitor.update(with: fix(center.moved(by: 120, bearing: 10))) == [.didExit(cafe)])
    #expect(monitor.requestState(for: cafe) == [.didDetermineState(.outside, cafe)])
    #expect(monitor.update(with: fix(center.moved(by: 50, bearing: 200))) == [.didEnter(cafe)])
    #expect(monitor.requestState(for: cafe) == [.didDetermineState(.inside, cafe)])
  }

  @Test func jitterOnTheBoundaryDoesNotFlap() {
    var monitor = RegionMonitor()
    _ = monitor.startMonitoring(cafe)
    _ = monitor.update(with: fix(center.moved(by: 500, bearing: 0)))
    // Default margins: enter at ≤ 95 m, exit at > 110 m.
    for distance in [99.0, 101, 97, 105, 96, 109, 98] {
      #expect(monitor.update(with: fix(center.moved(by: distance, bearing: 45))) == [])
    }
    #expect(monitor.update(with: fix(center.moved(by: 94, bearing: 45))) == [.didEnter(cafe)])
    for distance in [99.0, 101, 105, 109, 96, 108] {
      #expect(monitor.update(with: fix(center.moved(by: distance, bearing: 45))) == [])
    }
    #expect(monitor.update(with: fix(center.moved(by: 111, bearing: 45))) == [.didExit(cafe)])
  }

  @Test func inaccurateOrInvalidFixesChangeNothing() {
    var monitor = RegionMonitor()
    _ = monitor.startMonitoring(cafe)
    _ = monitor.update(with: fix(center.moved(by: 500, bearing: 0)))
    #expect(monitor.update(with: fix(center, accuracy: 101)) == [])
    #expect(monitor.update(with: fix(center, accuracy: -1)) == [])
    #expect(monitor.update(with: fix(center, accuracy: .nan)) == [])
    #expect(monitor.requestState(for: cafe) == [.didDetermineState(.outside, cafe)])
    #expect(monitor.update(with: fix(center, accuracy: 100)) == [.didEnter(cafe)])
  }

  @Test func notifyFlagsSuppressEventsButNotState() {
    var monitor = RegionMonitor()
    var quiet = cafe
    quiet.notifyOnEntry = false
    quiet.notifyOnExit = false
    _ = monitor.startMonitoring(quiet)
    _ = monitor.update(with: fix(center.moved(by: 500, bearing: 0)))
    #expect(monitor.update(with: fix(center)) == [])
    #expect(monitor.state(forIdentifier: "cafe") == .inside)
    #expect(monitor.update(with: fix(center.moved(by: 500, bearing: 0))) == [])
    #expect(monitor.state(forIdentifier: "cafe") == .outside)
  }

  @Test func dwellDelaysEntryByFixTime() {
    var monitor = RegionMonitor(configuration: .init(minimumDwellTime: 60))
    _ = monitor.startMonitoring(cafe)
    _ = monitor.update(with: fix(center.moved(by: 500, bearing: 0), at: 0))
    #expect(monitor.update(with: fix(center, at: 10)) == [])
    #expect(monitor.update(with: fix(center, at: 40)) == [])
    #expect(monitor.state(forIdentifier: "cafe") == .outside)
    #expect(
      monitor.update(with: fix(center.moved(by: 105, bearing: 0), at: 70)) == [.didEnter(cafe)])
    // Leaving by the margin before the dwell time is over cancels the entry.
    _ = monitor.update(with: fix(center.moved(by: 500, bearing: 0), at: 100))
    _ = monitor.update(with: fix(center, at: 110))
    #expect(monitor.update(with: fix(center.moved(by: 200, bearing: 0), at: 150)) == [])
    #expect(monitor.update(with: fix(center, at: 200)) == [])
    #expect(monitor.update(with: fix(center, at: 259)) == [])
    #expect(monitor.update(with: fix(center, at: 260)) == [.didEnter(cafe)])
  }

  @Test(arguments: [
    (
      Region(identifier: "", center: .init(latitude: 0, longitude: 0), radius: 10),
      RegionMonitoringError.emptyIdentifier
    ),
    (
      Region(identifier: "a", center: .init(latitude: 0, longitude: 0), radius: 0),
      .radiusNotPositive(0)
    ),
    (
      Region(identifier: "a", center: .init(latitude: 0, longitude: 0), radius: -3),
      .radiusNotPositive(-3)
    ),
    (
      Region(identifier: "a", center: .init(latitude: 0, longitude: 0), radius: .nan),
      .radiusNotFinite(.nan)
    ),
    (
      Region(identifier: "a", center: .init(latitude: 0, longitude: 0), radius: .infinity),
      .radiusNotFinite(.infinity)
    ),
    (
      Region(identifier: "a", center: .init(latitude: 0, longitude: 0), radius: 2_000_000),
      .radiusBeyondMaximum(radius: 2_000_000, maximum: 1_000_000)
    ),
  ])
  func invalidRegionsFailAndChangeNothing(region: Region, error: RegionMonitoringError) {
    var monitor = RegionMonitor()
    _ = monitor.startMonitoring(cafe)
    var replacement = region
    replacement.identifier = region.identifier.isEmpty ? "" : "cafe"
    let events = monitor.startMonitoring(replacement)
    #expect(events.count == 1)
    guard case .monitoringDidFail(let failed, let reported)? = events.first else {
      Issue.record("expected monitoringDidFail, got \(events)")
      return
    }
    #expect(failed.identifier == replacement.identifier)
    #expect(reported.description == error.description)
    #expect(monitor.monitoredRegions == [cafe])
  }

  @Test func sameIdentifierReplaces() {
    var monitor = RegionMonitor()
    _ = monitor.startMonitoring(cafe)
    _ = monitor.update(with: fix(center))
    let moved = Region(identifier: "cafe", center: center.moved(by: 2_000, bearing: 90), radius: 50)
    #expect(
      monitor.startMonitoring(moved) == [
        .didStartMonitoring(moved), .didDetermineState(.outside, moved),
      ])
    #expect(monitor.monitoredRegions == [moved])
    monitor.stopMonitoring(moved)
    #expect(monitor.monitoredRegions.isEmpty)
    #expect(monitor.update(with: fix(center.moved(by: 2_000, bearing: 90))) == [])
  }

  @Test func acrossTheAntimeridianAndAtThePole() {
    var monitor = RegionMonitor()
    let dateLine = Region(
      identifier: "dateline", center: .init(latitude: -16.5, longitude: 179.999), radius: 1_000)
    let pole = Region(
      identifier: "pole", center: .init(latitude: 89.999, longitude: -120), radius: 500)
    _ = monitor.startMonitoring(dateLine)
    _ = monitor.startMonitoring(pole)
    _ = monitor.update(with: fix(.init(latitude: 0, longitude: 0)))
    #expect(
      monitor.update(with: fix(.init(latitude: -16.5, longitude: -179.995))) == [
        .didEnter(dateLine)
      ])
    #expect(
      monitor.update(with: fix(.init(latitude: 89.9995, longitude: 60))) == [
        .didExit(dateLine), .didEnter(pole),
      ])
  }

  @Test func snapshotRoundTripsThroughJSON() throws {
    var monitor = RegionMonitor(configuration: .init(minimumDwellTime: 30))
    let other = Region(identifier: "other", center: center.moved(by: 60, bearing: 0), radius: 200)
    let far = Region(identifier: "far", center: center.moved(by: 9_000, bearing: 0), radius: 200)
    _ = monitor.startMonitoring(cafe)
    _ = monitor.startMonitoring(other)
    _ = monitor.startMonitoring(far)
    _ = monitor.update(with: fix(center.moved(by: 1_000, bearing: 180), at: 0))
    _ = monitor.update(with: fix(center.moved(by: 150, bearing: 0), at: 10))
    let snapshot = monitor.snapshot
    #expect(snapshot.pendingEntries.map(\.identifier) == ["other"])
    let data = try JSONEncoder().encode(snapshot)
    var restored = RegionMonitor(
      restoring: try JSONDecoder().decode(RegionMonitor.Snapshot.self, from: data),
      configuration: .init(minimumDwellTime: 30))
    #expect(restored.snapshot == snapshot)
    #expect(restored.update(with: fix(center, at: 45)) == [.didEnter(other)])
  }
}

@Suite struct RegionMonitorValueTests {
  let center = Coordinate(latitude: -33.8688, longitude: 151.2093)

  @Test func copiesAreIndependent() {
    var original = RegionMonitor()
    let region = Region(identifier: "harbour", center: center, radius: 300)
    _ = original.startMonitoring(region)
    _ = original.update(with: fix(center.moved(by: 2_000, bearing: 0)))
    var copy = original
    #expect(copy.update(with: fix(center)) == [.didEnter(region)])
    copy.stopMonitoring(region)
    #expect(original.state(forIdentifier: "harbour") == .outside)
    #expect(original.monitoredRegions == [region])
    #expect(copy.monitoredRegions.isEmpty)
    #expect(original.update(with: fix(center)) == [.didEnter(region)])
  }

  @Test func bulkStartReportsOnlyFailuresAndInsideRegions() {
    var monitor = RegionMonitor()
    _ = monitor.update(with: fix(center))
    let regions = (0..<500).map { number in
      Region(
        identifier: "r\(number)", center: center.moved(by: Double(number) * 30, bearing: 90),
        radius: number == 7 ? -1 : 100)
    }
    let events = monitor.startMonitoring(contentsOf: regions)
    // In input order: r0…r3 are within 100 m of the fix, r7 is invalid.
    #expect(
      events
        == regions[0..<4].map { .didDetermineState(.inside, $0) } + [
          .monitoringDidFail(regions[7], .radiusNotPositive(-1))
        ])
    #expect(monitor.monitoredRegionCount == 499)
  }

  @Test func hugeRegionsAndManyRemovalsStayConsistent() {
    var monitor = RegionMonitor()
    let huge = Region(identifier: "huge", center: center, radius: 1_000_000)
    _ = monitor.startMonitoring(huge)
    let small = (0..<300).map { number in
      Region(
        identifier: "s\(number)", center: center.moved(by: Double(number) * 10, bearing: 0),
        radius: 40)
    }
    monitor.startMonitoring(contentsOf: small)
    // Far away but within 1,000 km: inside the huge region only.
    #expect(
      monitor.update(with: fix(center.moved(by: 900_000, bearing: 200), accuracy: 50)) == [
        .didDetermineState(.inside, huge)
      ])
    for region in small where region.identifier.hasSuffix("0") { monitor.stopMonitoring(region) }
    #expect(monitor.monitoredRegionCount == 271)
    #expect(monitor.region(withIdentifier: "s10") == nil)
    #expect(monitor.region(withIdentifier: "s11") == small[11])
    // The first fix was too inaccurate for the 40 m regions: their state is decided now,
    // for the six within 40 m (10 m apart, s10 removed).
    let near = [11, 12, 13, 14, 8, 9].map { small[$0] }
    #expect(monitor.state(forIdentifier: "s11") == .unknown)
    #expect(
      canonical(monitor.update(with: fix(small[11].center, accuracy: 5)))
        == near.map { .didDetermineState(.inside, $0) })
    #expect(monitor.state(forIdentifier: "s31") == .outside)
    #expect(
      canonical(monitor.update(with: fix(center.moved(by: 1_000_100, bearing: 180), accuracy: 5)))
        == [.didExit(huge)] + near.map { .didExit($0) })
  }

  @Test func snapshotRestoreReportsRegionsItCannotMonitor() {
    let good = Region(identifier: "good", center: center, radius: 100)
    let tooBig = Region(identifier: "big", center: center, radius: 50_000)
    let snapshot = RegionMonitor.Snapshot(regions: [good, tooBig])
    let configuration = RegionMonitor.Configuration(maximumRegionMonitoringDistance: 10_000)
    let monitor = RegionMonitor(restoring: snapshot, configuration: configuration)
    #expect(monitor.monitoredRegions == [good])
    let failures = RegionMonitor.restoreFailures(for: snapshot, configuration: configuration)
    #expect(failures.map(\.region) == [tooBig])
    #expect(failures.map(\.error) == [.radiusBeyondMaximum(radius: 50_000, maximum: 10_000)])
  }
}
