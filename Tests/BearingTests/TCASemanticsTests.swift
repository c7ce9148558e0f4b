import Bearing
import BearingTesting
import Clocks
import Foundation
import Testing

/// A feature for the semantics TCA's documentation promises, each exercised by a test below.
@Reducer
struct Semantics {
  @ObservableState
  struct State: Equatable {
    var id: UUID
    var log: [String] = []
    init() {
      @Dependency(\.uuid) var uuid
      id = uuid()
    }
  }

  enum Action: Equatable {
    case sleepThenTick
    case tick
    case twoInARow
    case a, b
    case chainStart
    case chained
    case escapeSend
    case escaped
    case readFlavor
    case flavor(String)
    case concatenated(Int)
    case step(Int, String)
    case neverEnding
    case whereAmI
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.flavor) var flavor
  let probe: Probe

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .sleepThenTick:
        return .run { send in
          // A few hops to an actor first, as an effect that asks a client before waiting does.
          for _ in 0..<3 { await Hops.shared.hop() }
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      case .tick:
        state.log.append("tick")
        return .none
      case .twoInARow:
        return .run { send in
          await send(.a)
          await send(.b)
        }
      case .a:
        state.log.append("a")
        return .none
      case .b:
        state.log.append("b")
        return .none
      case .chainStart:
        return .run { send in await send(.chained) }
      case .chained:
        // An effect of an action fed back by another effect.
        return .run { [probe] _ in
          await withTaskCancellationHandler {
            try? await clock.sleep(for: .seconds(3600))
          } onCancel: {
            probe.cancelled.withValue { $0 += 1 }
          }
        }
      case .escapeSend:
        return .run { [probe] send in
          probe.escapedSend.setValue(send)
        }
      case .escaped:
        return .none
      case .readFlavor:
        return .run { send in await send(.flavor(flavor.name)) }
      case .flavor(let name):
        state.log.append(name)
        return .none
      case .concatenated(let n):
        return .concatenate(
          .send(.step(n, "first")),
          .run { send in
            await Task.yield()
            await send(.step(n, "second"))
          },
          .send(.step(n, "third"))
        )
      case .step(let n, let name):
        state.log.append("\(n) \(name)")
        return .none
      case .whereAmI:
        return .run { [probe] _ in probe.effectThread.setValue(currentThread()) }
      case .neverEnding:
        return .run { [probe] _ in
          await withTaskCancellationHandler {
            try? await Task.sleep(for: .seconds(3600))
          } onCancel: {
            probe.cancelled.withValue { $0 += 1 }
          }
        }
      }
    }
  }
}

actor Hops {
  static let shared = Hops()
  var count = 0
  func hop() { count += 1 }
}

/// What the effects of ``Semantics`` leave for a test to look at.
final class Probe: Sendable {
  let cancelled = LockIsolated(0)
  let escapedSend = LockIsolated<Send<Semantics.Action>?>(nil)
  let effectThread = LockIsolated<pthread_t?>(nil)
}

func currentThread() -> pthread_t { pthread_self() }

struct Flavor: Sendable, TestDependencyKey {
  var name: String
  static let testValue = Flavor(name: "test")
}

extension DependencyValues {
  var flavor: Flavor {
    get { self[Flavor.self] }
    set { self[Flavor.self] = newValue }
  }
}

@MainActor
@Suite struct TCASemanticsTests {
  func makeStore(
    probe: Probe = Probe(),
    clock: TestClock<Duration> = TestClock(),
    _ prepare: (inout DependencyValues) -> Void = { _ in }
  ) -> TestStoreOf<Semantics> {
    TestStore(initialState: Semantics.State()) {
      Semantics(probe: probe)
    } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = clock
      prepare(&$0)
    }
  }

  @Test func stateIsTheLastAssertedStepNotTheLiveState() async {
    let store = makeStore()
    await store.send(.twoInARow)
    // Both actions have been reduced by now, but the test has not asserted them.
    #expect(store.state.log == [])
    await store.receive(\.a) { $0.log = ["a"] }
    #expect(store.state.log == ["a"])
    await store.receive(\.b) { $0.log = ["a", "b"] }
  }

  @Test func aClosureThatChangesNothingFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.escaped) { $0.log = [] }
    } matching: {
      $0.description.contains("Expected state to change, but no change occurred")
    }
  }

  @Test func aClockAdvancedRightAfterASendAlwaysFindsTheEffectAsleep() async {
    for _ in 0..<50 {
      let clock = TestClock()
      let store = makeStore(clock: clock)
      await store.send(.sleepThenTick)
      await clock.advance(by: .seconds(1))
      await store.receive(\.tick, timeout: .milliseconds(200)) { $0.log = ["tick"] }
    }
  }

  @Test func effectsRunOnTheOneExecutorTheTestDrives() async {
    let probe = Probe()
    let store = makeStore(probe: probe)
    await store.send(.whereAmI)
    await store.finish()
    // The main actor's executor: where this @MainActor test runs, one job at a time.
    let testThread = currentThread()
    #expect(probe.effectThread.value.map { pthread_equal($0, testThread) != 0 } == true)
  }

  @Test func finishReportsActionsThatWereNotReceived() async {
    let store = makeStore()
    await store.send(.twoInARow)
    await withKnownIssue {
      await store.finish()
    } matching: {
      $0.description.contains("received 2 unexpected actions")
    }
  }

  @Test func skipInFlightEffectsLeavesThemRunning() async {
    let probe = Probe()
    let clock = TestClock()
    let store = makeStore(probe: probe, clock: clock)
    await store.send(.chained)
    await store.skipInFlightEffects()
    #expect(probe.cancelled.value == 0)
  }

  @Test func skippedActionsAreStillThereForALaterReceive() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.twoInARow)
    await store.receive(\.b) { $0.log = ["a", "b"] }
    await store.receive(\.a)
  }

  @Test func dependenciesReachTheInitialStateTheBuilderAndTheAssertions() async {
    let store = TestStore(initialState: Semantics.State()) {
      // Built under the store's dependencies: the override is what `.dependency` reads here.
      @Dependency(\.flavor) var flavor
      Semantics(probe: Probe()).dependency(\.flavor, Flavor(name: "built with \(flavor.name)"))
    } withDependencies: {
      $0.uuid = .incrementing
      $0.flavor = Flavor(name: "vanilla")
    }
    #expect(store.state.id == UUID(0))
    await store.send(.readFlavor)
    await store.receive(\.flavor) {
      @Dependency(\.flavor) var flavor
      #expect(flavor.name == "vanilla")
      $0.log = ["built with vanilla"]
    }
  }

  @Test func anEffectKeepsTheDependenciesOfWhereItWasMade() async {
    let store = TestStore(initialState: Semantics.State()) {
      Semantics(probe: Probe()).transformDependency(\.flavor) { $0.name += " (child)" }
    } withDependencies: {
      $0.uuid = .incrementing
      $0.flavor = Flavor(name: "vanilla")
    }
    await store.send(.readFlavor)
    await store.receive(\.flavor, "vanilla (child)") { $0.log = ["vanilla (child)"] }
  }

  @Test func theLastStoreGoingAwayCancelsEveryEffect() async {
    let probe = Probe()
    do {
      let store = Store(initialState: Semantics.State()) {
        Semantics(probe: probe)
      } withDependencies: {
        $0.uuid = .incrementing
      }
      store.send(.neverEnding)
      await Task.megaYield()
    }
    // The effect's cancellation handler runs on its own thread: wait for it (10 s: only a
    // failing test waits that long).
    let deadline = ContinuousClock.now + .seconds(10)
    while probe.cancelled.value == 0, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    #expect(probe.cancelled.value == 1)
  }

  @Test func cancellingASendCancelsEffectsOfActionsItsEffectsFedBack() async {
    let probe = Probe()
    let clock = TestClock()
    let store = Store(initialState: Semantics.State()) {
      Semantics(probe: probe)
    } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = clock
    }
    let task = store.send(.chainStart)
    // The fed-back action's effect has started once it sleeps on the clock.
    await clock.waitForSleepers(timeout: .seconds(10))
    task.cancel()
    await task.finish()
    #expect(probe.cancelled.value == 1)
  }

  @Test func concatenateKeepsItsOrderUnderLoad() async {
    let store = Store(initialState: Semantics.State()) {
      Semantics(probe: Probe())
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await withTaskGroup(of: Void.self) { group in
      for n in 0..<200 {
        group.addTask { await store.send(.concatenated(n)).finish() }
      }
    }
    let log = store.state.log
    #expect(log.count == 600)
    for n in 0..<200 {
      #expect(log.filter { $0.hasPrefix("\(n) ") } == ["\(n) first", "\(n) second", "\(n) third"])
    }
  }

  @Test func anActionSentAfterItsEffectFinishedIsReported() async {
    let probe = Probe()
    let store = makeStore(probe: probe)
    await store.send(.escapeSend)
    await store.finish()
    await withKnownIssue {
      await probe.escapedSend.value?(.escaped)
    } matching: {
      $0.description.contains("An action was sent from a completed effect.")
        && $0.description.contains("Effect returned from:\n    ")
        && $0.description.contains(".escapeSend")
    }
  }
}
