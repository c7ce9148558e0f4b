import Bearing
import BearingTesting
import Clocks
import Testing

/// Each way a TestStore can fail, asserted as a known issue: if the TestStore stopped reporting
/// one, `withKnownIssue` would fail this suite.
@MainActor
@Suite struct TestStoreFailureTests {
  @Test func aWrongMutationFailsWithADiff() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      let text = issue.description
      return text.contains("does not match expectation") && text.contains("−") && text.contains("+")
    }
  }

  /// Laid out as TCA's, to the character: tests written for TCA match the message's ending.
  @Test func aWrongMutationsDiffIsLaidOutAsTCAs() async {
    struct State: Equatable { var count = 0 }
    let store = TestStore(initialState: State()) {
      Reduce<State, Int> { state, _ in
        state.count += 1
        return .none
      }
    }
    await withKnownIssue {
      await store.send(1) { $0.count = 0 }
    } matching: {
      $0.description.hasSuffix(
        """
        A state change does not match expectation.

            − TestStoreFailureTests.State(count: 0)
            + TestStoreFailureTests.State(count: 1)

        (Expected: −, Actual: +)
        """)
    }
  }

  @Test func anUnassertedChangeFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment)
    } matching: {
      $0.description.contains("State was not expected to change")
    }
  }

  @Test func anUnexpectedReceivedActionFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.chain(1)) { $0.log = ["chain 1"] }
      await store.receive(.chain(5)) { $0.log.append("chain 0") }
    } matching: {
      $0.description.contains("Received unexpected action:")
    }
  }

  @Test func receiveTimesOutAndSaysWhy() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.receive(.increment, timeout: .milliseconds(50))
    } matching: {
      $0.description.contains("Expected to receive the following action, but didn't:")
    }
  }

  @Test func sendingWithUnhandledReceivedActionsFailsAndKeepsThem() async {
    enum Action: Equatable, Sendable { case first, second }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in action == .first ? .send(.second) : .none }
    }
    await store.send(.first)
    await withKnownIssue {
      await store.send(.first)
    } matching: {
      $0.description.hasSuffix(
        """
        Must handle 1 received action before sending an action.

        Unhandled actions: [
          [0]: .second
        ]
        """)
    }
    // Still pending: both are received, in order.
    await store.receive(.second)
    await store.receive(.second)
  }

  @Test func actionsNotReceivedByTheEndFail() async {
    await withKnownIssue {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.chain(1)) { $0.log = ["chain 1"] }
    } matching: {
      $0.description.contains("received 1 unexpected action")
    }
  }

  @Test func anEffectStillRunningAtTheEndIsNamed() async {
    await withKnownIssue {
      let store = TestStore(initialState: Counter.State()) {
        Counter()
      } withDependencies: {
        $0.continuousClock = TestClock()
      }
      await store.send(.startTicking)
    } matching: { issue in
      issue.description.contains("An effect returned for this action is still running.")
        && issue.description.contains("Counter.Action.startTicking")
    }
  }

  @Test func finishReportsEffectsThatDoNotEnd() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(.incrementLater)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: {
      $0.description.contains("Counter.Action.incrementLater")
    }
    await store.skipInFlightEffects()
  }

  @Test func anUnaskedDependencyFails() async {
    let store = TestStore(initialState: Posts.State()) { Posts() }
    await withKnownIssue {
      await store.send(.onAppear) { $0.isLoading = true }
      await store.receive(\.failed) { $0.isLoading = false }
      await store.receive(\.viewEffect)
    } matching: {
      $0.description.contains("Unimplemented")
    }
  }
}

@MainActor
@Suite struct TestStoreTests {
  @Test func effectsOnATestClockAreInstant() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTicking)
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 1 }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 2 }
    await store.send(.stopTicking)
    await store.finish()
  }

  @Test func debounceUnderATestStore() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.searchChanged("c"))
    await store.send(.searchChanged("co"))
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searched("co")) { $0.log = ["searched co"] }
  }

  @Test func nonExhaustiveChecksOnlyWhatIsAsserted() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    await store.send(.chain(2))
    await store.receive(.chain(0)) { $0.log.contains("chain 0") ? () : ($0.log = ["nope"]) }
    await store.send(.increment)
    #expect(store.state.count == 1)
  }

  @Test func nonExhaustiveStillCatchesWrongAssertions() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.increment) { $0.count = 5 }
    }
  }

  @Test func skipInFlightEffectsLetsTheTestEndWhileTheyRun() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(.startTicking)
    await store.skipInFlightEffects()
  }
}
