import Bearing
import BearingLocation
import BearingTesting
import Foundation
import Testing

// The Redux prototype's story: three regions retrieved from a repository, a walk among them,
// and the feature's state recording every entry and exit.

/// Where the monitored regions come from: the prototype's "repository".
@DependencyClient
struct RegionRepository: Sendable {
  var fetchRegions: @Sendable () async throws -> [Region]
}

extension RegionRepository: DependencyKey {
  /// The app's bundled regions: three Helsinki neighbourhoods.
  static let liveValue = RegionRepository(fetchRegions: { LocationManager.demoRegions })
  /// Fails the test if a feature fetches regions without the test saying which.
  static let testValue = RegionRepository()
  static let previewValue = liveValue
}

extension DependencyValues {
  var regionRepository: RegionRepository {
    get { self[RegionRepository.self] }
    set { self[RegionRepository.self] = newValue }
  }
}

/// Loads the regions, monitors them, and keeps a log of every crossing.
struct RegionVisits: Reducer {
  struct State: Equatable, Sendable {
    var regions: [Region] = []
    var isMonitoring = false
    var inside: Set<String> = []
    var crossings: [Crossing] = []
  }

  enum Crossing: Equatable, Sendable {
    case entered(String)
    case exited(String)
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case task
    case regionsLoaded([Region])
    case monitoringStarted
    case region(LocationManager.Action)
    case stop
  }

  enum CancelID: Hashable, Sendable { case monitoring }

  @Dependency(\.regionRepository) var regionRepository
  @Dependency(\.locationManager) var locationManager

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .task:
      let repository = regionRepository
      return .run { send in await send(.regionsLoaded(try await repository.fetchRegions())) }

    case .regionsLoaded(let regions):
      state.regions = regions
      let locationManager = locationManager
      return .run { send in
        // Subscribe before anything can move, so no crossing is missed.
        let events = locationManager.delegate()
        await locationManager.requestAlwaysAuthorization()
        for region in regions { await locationManager.startMonitoring(region) }
        await send(.monitoringStarted)
        for await event in events {
          switch event {
          case .didEnterRegion, .didExitRegion: await send(.region(event))
          default: continue
          }
        }
      }
      .cancellable(id: CancelID.monitoring)

    case .monitoringStarted:
      state.isMonitoring = true
      return .none

    case .region(.didEnterRegion(let region)):
      state.inside.insert(region.identifier)
      state.crossings.append(.entered(region.identifier))
      return .none

    case .region(.didExitRegion(let region)):
      state.inside.remove(region.identifier)
      state.crossings.append(.exited(region.identifier))
      return .none

    case .region:
      return .none

    case .stop:
      state.isMonitoring = false
      return .cancel(id: CancelID.monitoring)
    }
  }
}

@MainActor
@Suite struct RegionMonitorStoryTests {
  nonisolated static let regions = [
    Region(identifier: "ekberg", center: .init(latitude: 60.1632, longitude: 24.9393), radius: 120),
    Region(identifier: "fazer", center: .init(latitude: 60.1687, longitude: 24.9449), radius: 100),
    Region(identifier: "regatta", center: .init(latitude: 60.1776, longitude: 24.9102), radius: 80),
  ]
  nonisolated static let seed: UInt64 = 11

  /// The crossings the walk must produce, from the brute-force oracle over the same fixes,
  /// each with the number of the fix (1-based) that causes it.
  func expectedCrossings(fixes count: Int) async -> [(fix: Int, event: RegionEvent)] {
    let source = LocationSource.wandering(
      among: Self.regions, seed: Self.seed, clock: ImmediateClock(), maximumFixes: count)
    let fixes = LockedFixes()
    await source.run { event in
      if case .fix(let location) = event { fixes.append(location) }
    }
    var oracle = RegionMonitorOracle(configuration: .init())
    for region in Self.regions { _ = oracle.startMonitoring(region) }
    var crossings: [(fix: Int, event: RegionEvent)] = []
    for (number, fix) in fixes.all.enumerated() {
      for event in oracle.update(with: fix) {
        switch event {
        case .didEnter, .didExit: crossings.append((number + 1, event))
        default: break
        }
      }
    }
    return crossings
  }

  @Test func threeRegionsFromARepositoryEnteredAndLeftWhileWandering() async {
    let crossings = await expectedCrossings(fixes: 1_500).prefix(8)
    // The walk must visit every region and leave some, or the story proves little.
    #expect(crossings.count == 8)
    let entered = Set(
      crossings.compactMap { if case .didEnter(let r) = $0.event { r.identifier } else { nil } })
    #expect(entered.count == 3)

    let clock = TestClock()
    let manager = LocationManager.wandering(among: Self.regions, seed: Self.seed, clock: clock)
    let store = TestStore(initialState: RegionVisits.State()) {
      RegionVisits()
    } withDependencies: {
      $0.regionRepository.fetchRegions = { Self.regions }
      $0.locationManager = manager
    }

    await store.send(.task)
    await store.receive(\.regionsLoaded, timeout: .seconds(10)) { $0.regions = Self.regions }
    await store.receive(\.monitoringStarted, timeout: .seconds(10)) { $0.isMonitoring = true }

    var delivered = 0
    for (fix, event) in crossings {
      // One fix a second on the test clock, up to the one that crosses. Waiting for the walk
      // to sleep again before each step keeps fixes and seconds in step on a busy machine.
      while delivered < fix {
        await clock.waitForSleepers(timeout: .seconds(60))
        await clock.advance(by: .seconds(1))
        delivered += 1
      }
      switch event {
      case .didEnter(let region):
        await store.receive(\.region, .didEnterRegion(region), timeout: .seconds(10)) {
          $0.inside.insert(region.identifier)
          $0.crossings.append(.entered(region.identifier))
        }
      case .didExit(let region):
        await store.receive(\.region, .didExitRegion(region), timeout: .seconds(10)) {
          $0.inside.remove(region.identifier)
          $0.crossings.append(.exited(region.identifier))
        }
      default:
        Issue.record("not a crossing: \(event)")
      }
    }
    await store.send(.stop) { $0.isMonitoring = false }
    await store.finish()
  }

  @Test func theLiveRepositoryHasThreeRegions() async throws {
    let regions = try await RegionRepository.liveValue.fetchRegions()
    #expect(regions.count == 3)
    var monitor = RegionMonitor()
    #expect(monitor.startMonitoring(contentsOf: regions).isEmpty)
    #expect(Set(monitor.monitoredRegions) == Set(regions))
  }
}
