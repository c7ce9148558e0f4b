// Written as TCA 1.25's documentation shows; only the import differs.

import Bearing
import BearingTesting
import Testing

private struct FactUnavailable: Error {}

@MainActor
@Suite
struct CounterTests {
  @Test
  func basics() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    }

    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 2
    }
    await store.send(.decrementButtonTapped) {
      $0.count = 1
    }
  }

  @Test
  func timer() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerRunning = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) {
      $0.count = 1
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) {
      $0.count = 2
    }
    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerRunning = false
    }
    // The timer was cancelled, so more time passing sends nothing.
    await clock.advance(by: .seconds(5))
  }

  @Test
  func numberFact() async {
    let store = TestStore(initialState: Counter.State(count: 3)) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a good number." }
    }

    await store.send(.factButtonTapped) {
      $0.isLoadingFact = true
    }
    await store.receive(\.factResponse, timeout: .seconds(1)) {
      $0.fact = "3 is a good number."
      $0.isLoadingFact = false
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 4
      $0.fact = nil
    }
    await store.finish()
  }

  @Test
  func numberFactFailsThenRecovers() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { _ in throw FactUnavailable() }
    }

    await store.send(.factButtonTapped) {
      $0.isLoadingFact = true
    }
    await store.receive(\.factResponse.failure) {
      $0.isLoadingFact = false
    }

    store.dependencies.numberFact.fetch = { "\($0) is the loneliest number." }

    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.factButtonTapped) {
      $0.isLoadingFact = true
    }
    await store.receive(\.factResponse.success, "1 is the loneliest number.") {
      $0.fact = "1 is the loneliest number."
      $0.isLoadingFact = false
    }
  }

  @Test
  func slowFactNeedsALongerTimeout() async {
    let store = TestStore(initialState: Counter.State(count: 7)) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { number in
        try await Task.sleep(for: .milliseconds(200))
        return "\(number) days make a week."
      }
    }

    await store.send(.factButtonTapped) {
      $0.isLoadingFact = true
    }
    // The default timeout is shorter than the real 200 ms the client takes; 10 s leaves room
    // for a loaded machine (1 s failed once with the whole suite running on 2 cores).
    await store.receive(\.factResponse.success, timeout: .seconds(10)) {
      $0.fact = "7 days make a week."
      $0.isLoadingFact = false
    }
  }

  @Test
  func timerNonExhaustively() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off

    await store.send(.incrementButtonTapped)
    await store.send(.toggleTimerButtonTapped)
    await clock.advance(by: .seconds(3))
    await store.skipReceivedActions()
    store.assert {
      $0.count = 4
      $0.isTimerRunning = true
    }
    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerRunning = false
    }
  }

  @Test
  func timerLeftRunningIsSkippedExplicitly() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerRunning = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) {
      $0.count = 1
    }
    // The timer is still running; say so instead of letting the test fail at the end.
    await store.skipInFlightEffects()
  }

  @Test
  func storeRunsTheSameReducer() {
    let store: StoreOf<Counter> = Store(initialState: Counter.State()) {
      Counter()
    }

    store.send(.incrementButtonTapped)
    store.send(.incrementButtonTapped)
    store.send(.decrementButtonTapped)
    #expect(store.count == 1)
    #expect(store.isTimerRunning == false)
  }
}
