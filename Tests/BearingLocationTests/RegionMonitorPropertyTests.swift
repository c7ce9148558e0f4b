import BearingLocationTesting
import BearingProcessTesting
import Foundation
import PropertyBased
import Testing

@testable import BearingLocation

/// The indexed monitor against the brute-force great-circle oracle: the same events for random
/// regions, random walks, additions, removals and restarts, everywhere on Earth.
///
/// Each check computes for seconds without suspending, so it runs off the cooperative pool and
/// one at a time: run together on the pool, they starved the rest of the test run.
@Suite(.serialized) struct RegionMonitorPropertyTests {
  /// Where scenarios happen: anywhere, at both poles, across the antimeridian, and London.
  static let anchors: [Coordinate] = [
    .init(latitude: 0, longitude: 0),
    .init(latitude: 89.9995, longitude: 10),
    .init(latitude: -89.99, longitude: -170),
    .init(latitude: 12.5, longitude: 179.9995),
    .init(latitude: -65, longitude: -179.999),
    .init(latitude: 51.5, longitude: -0.1),
    .init(latitude: 37.7, longitude: -122.4),
    .init(latitude: 78, longitude: 15),
  ]
  /// Typical radii in metres, from tiny to huge.
  static let scales: [Double] = [3, 60, 400, 5_000, 300_000]
  static let configurations: [RegionMonitor.Configuration] = [
    .init(),
    .init(entryMargin: 0, exitMargin: 0, maximumAccuracyRatio: .infinity),
    .init(entryMargin: 20, exitMargin: 50, maximumAccuracyRatio: 0.5, minimumDwellTime: 30),
    .init(minimumDwellTime: 5),
  ]

  @Test func sameEventsAsTheBruteForceOracle() async {
    let transitions = await offPool { await Self.checkAgainstTheOracle() }
    // The scenarios must actually enter and leave regions, or they prove nothing.
    #expect(transitions > 100)
  }

  /// Random scenarios against the oracle; returns how many transitions they made.
  static func checkAgainstTheOracle() async -> Int {
    var transitions = 0
    await propertyCheck(
      count: 60,
      input: Gen.element(of: Self.anchors), Gen.element(of: Self.scales),
      Gen.element(of: Self.configurations), Gen.int(in: 1...60), Gen.uint64()
    ) { anchor, scale, configuration, regionCount, seed in
      var scenario = Scenario(
        anchor: anchor!, scale: scale!, configuration: configuration!, seed: seed)
      transitions += scenario.run(regionCount: regionCount, steps: 150)
    }
    return transitions
  }

  @Test func sameEventsAtLondonScale() async {
    await offPool { await Self.checkAtLondonScale() }
  }

  static func checkAtLondonScale() async {
    await propertyCheck(count: 3, input: Gen.uint64()) { seed in
      var rng = SeededGenerator(seed: seed)
      let configuration = RegionMonitor.Configuration()
      var monitor = RegionMonitor(configuration: configuration)
      var oracle = RegionMonitorOracle(configuration: configuration)
      let regions = (0..<8_000).map { number in
        Region(
          identifier: "r\(number)", center: Self.london(&rng),
          radius: Double.random(in: 50...500, using: &rng))
      }
      for region in regions { _ = oracle.startMonitoring(region) }
      #expect(monitor.startMonitoring(contentsOf: regions).isEmpty)
      var position = Self.london(&rng)
      var enters = 0
      for step in 0..<200 {
        position =
          step % 10 == 0
          ? Self.london(&rng)
          : position.moved(
            by: Double.random(in: 0...300, using: &rng),
            bearing: Double.random(in: 0..<360, using: &rng))
        let location = fix(position, accuracy: 5, at: Double(step))
        let expected = oracle.update(with: location)
        let actual = monitor.update(with: location)
        enters += expected.count { if case .didEnter = $0 { true } else { false } }
        guard sameEvents(actual, expected) else {
          Issue.record("step \(step) at \(position): expected \(expected), got \(actual)")
          return
        }
      }
      // The scenario must actually exercise entries, or it proves nothing.
      #expect(enters > 0)
    }
  }

  /// Thousands of regions in a few square kilometres, so that the index's cells are crowded
  /// (kept in groups, with added entries in a tail and removed ones left unused), then most of
  /// them removed (so that the index compacts itself), with fixes checked all along.
  @Test func sameEventsWithCrowdedCells() async {
    await offPool { await Self.checkWithCrowdedCells() }
  }

  static func checkWithCrowdedCells() async {
    await propertyCheck(count: 2, input: Gen.uint64()) { seed in
      var rng = SeededGenerator(seed: seed)
      let configuration = RegionMonitor.Configuration()
      var monitor = RegionMonitor(configuration: configuration)
      var oracle = RegionMonitorOracle(configuration: configuration)
      let anchor = Coordinate(latitude: 51.5, longitude: -0.1)
      func region(_ number: Int, _ rng: inout SeededGenerator) -> Region {
        Region(
          identifier: "r\(number)",
          center: anchor.moved(
            by: Double.random(in: 0...1_500, using: &rng),
            bearing: Double.random(in: 0..<360, using: &rng)),
          radius: Double.random(in: 30...400, using: &rng))
      }
      let initial = (0..<6_000).map { region($0, &rng) }
      for region in initial { _ = oracle.startMonitoring(region) }
      #expect(monitor.startMonitoring(contentsOf: initial).isEmpty)
      var next = initial.count
      var live = initial.map(\.identifier)
      var transitions = 0
      for step in 0..<600 {
        // Early on mostly additions, later mostly removals, a fix every step.
        let removing = step >= 200
        for _ in 0..<(removing ? 20 : 10) {
          if removing || Bool.random(using: &rng), !live.isEmpty {
            let index = Int.random(in: 0..<live.count, using: &rng)
            let identifier = live.remove(at: index)
            oracle.stopMonitoring(identifier)
            monitor.stopMonitoring(Region(identifier: identifier, center: anchor, radius: 1))
          } else {
            let added = region(next, &rng)
            next += 1
            live.append(added.identifier)
            let expected = oracle.startMonitoring(added)
            let actual = monitor.startMonitoring(added)
            guard actual == expected else {
              Issue.record("step \(step): expected \(expected), got \(actual)")
              return
            }
          }
        }
        let location = fix(
          anchor.moved(
            by: Double.random(in: 0...2_000, using: &rng),
            bearing: Double.random(in: 0..<360, using: &rng)),
          accuracy: 5, at: Double(step))
        let expected = oracle.update(with: location)
        let actual = monitor.update(with: location)
        transitions += expected.count
        guard sameEvents(actual, expected) else {
          Issue.record("step \(step): expected \(expected.count) events, got \(actual.count)")
          return
        }
      }
      #expect(monitor.monitoredRegionCount == oracle.regions.count)
      #expect(transitions > 1_000)
    }
  }

  static func london(_ rng: inout SeededGenerator) -> Coordinate {
    Coordinate(
      latitude: Double.random(in: 51.28...51.70, using: &rng),
      longitude: Double.random(in: -0.51...0.33, using: &rng))
  }
}

/// One generated run: regions scattered around an anchor, a walk among them, and changes to
/// the monitored set along the way, applied to both the monitor and the oracle.
struct Scenario {
  let anchor: Coordinate
  let scale: Double
  let configuration: RegionMonitor.Configuration
  var rng: SeededGenerator
  var monitor: RegionMonitor
  var oracle: RegionMonitorOracle
  var identifiers: [String] = []
  var nextNumber = 0
  var time: TimeInterval = 0

  init(anchor: Coordinate, scale: Double, configuration: RegionMonitor.Configuration, seed: UInt64)
  {
    self.anchor = anchor
    self.scale = scale
    self.configuration = configuration
    rng = SeededGenerator(seed: seed)
    monitor = RegionMonitor(configuration: configuration)
    oracle = RegionMonitorOracle(configuration: configuration)
  }

  mutating func random(_ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &rng)
  }

  mutating func randomRegion() -> Region {
    let spread = scale * 4
    let center = anchor.moved(by: random(0...spread), bearing: random(0...360))
    let radius = min(
      configuration.maximumRegionMonitoringDistance, scale * random(0.2...2))
    let identifier: String
    if !identifiers.isEmpty, random(0...1) < 0.2 {
      identifier = identifiers.randomElement(using: &rng)!
    } else {
      identifier = "region-\(nextNumber)"
      nextNumber += 1
    }
    return Region(
      identifier: identifier, center: center, radius: radius,
      notifyOnEntry: random(0...1) < 0.9, notifyOnExit: random(0...1) < 0.9)
  }

  mutating func add() -> Bool {
    let region = randomRegion()
    let expected = oracle.startMonitoring(region)
    let actual = monitor.startMonitoring(region)
    if !identifiers.contains(region.identifier) { identifiers.append(region.identifier) }
    guard actual == expected else {
      Issue.record("startMonitoring(\(region)): expected \(expected), got \(actual)")
      return false
    }
    return true
  }

  /// The next fix: mostly a step of the walk, sometimes right on a region's boundary (inside
  /// the index's single-precision tolerance), sometimes inaccurate or invalid.
  mutating func nextFix(from position: Coordinate) -> Location {
    var position = position
    let kind = random(0...1)
    if kind < 0.15, let identifier = identifiers.randomElement(using: &rng),
      let region = oracle.regions[identifier]?.region
    {
      let boundaries = [
        region.radius, region.radius + configuration.exitMargin,
        region.radius - min(configuration.entryMargin, region.radius * 0.5),
      ]
      let offsets = [0, 1e-7, -1e-7, 1e-4, -1e-4, 0.05, -0.05, 0.4, -0.4, 2, -2]
      let distance = boundaries.randomElement(using: &rng)! + offsets.randomElement(using: &rng)!
      position = region.center.moved(by: max(0, distance), bearing: random(0...360))
    } else if kind < 0.2 {
      position = anchor.moved(by: random(0...scale * 5), bearing: random(0...360))
    } else {
      position = position.moved(by: random(0...scale * 0.8), bearing: random(0...360))
    }
    time += random(0...20)
    let quality = random(0...1)
    let accuracy =
      quality < 0.8 ? random(0...scale * 0.2) : quality < 0.95 ? random(scale...scale * 3) : -1
    return fix(position, accuracy: accuracy, at: time)
  }

  /// Runs the scenario, recording the first difference as an issue; returns how many
  /// enter and exit events it saw.
  @discardableResult
  mutating func run(regionCount: Int, steps: Int) -> Int {
    var transitions = 0
    for _ in 0..<regionCount { guard add() else { return transitions } }
    var position = anchor
    var restarted = false
    for step in 0..<steps {
      let action = random(0...1)
      if action < 0.75 {
        let location = nextFix(from: position)
        position = location.coordinate
        let expected = oracle.update(with: location)
        let actual = monitor.update(with: location)
        guard sameEvents(actual, expected) else {
          let context = "step \(step), fix \(location.coordinate) ±\(location.horizontalAccuracy)"
          Issue.record("\(context): expected \(expected), got \(actual)")
          return transitions
        }
        transitions += expected.count {
          switch $0 {
          case .didEnter, .didExit: true
          default: false
          }
        }
      } else if action < 0.85 {
        guard add() else { return transitions }
      } else if action < 0.92, let identifier = identifiers.randomElement(using: &rng) {
        let region = Region(
          identifier: identifier, center: anchor, radius: 1)
        oracle.stopMonitoring(identifier)
        monitor.stopMonitoring(region)
      } else if !restarted, action < 0.94 {
        restarted = true
        monitor = RegionMonitor(restoring: monitor.snapshot, configuration: configuration)
      }
      if let identifier = identifiers.randomElement(using: &rng) {
        let expected = oracle.state(of: identifier)
        let actual = monitor.state(forIdentifier: identifier)
        guard actual == expected else {
          let states = "expected \(String(describing: expected)), got \(String(describing: actual))"
          Issue.record("step \(step), \(identifier): \(states)")
          return transitions
        }
      }
    }
    #expect(monitor.monitoredRegionCount == oracle.regions.count)
    return transitions
  }
}
