// Written as TCA 1.25's documentation shows; only the import differs.

import Bearing
import BearingTesting
import XCTest

@MainActor
final class CounterXCTests: XCTestCase {
  func testBasics() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    }

    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.decrementButtonTapped) {
      $0.count = 0
    }
  }

  func testTimer() async {
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
    await clock.advance(by: .seconds(5))
  }

  func testNumberFact() async {
    let store = TestStore(initialState: Counter.State(count: 42)) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is the answer." }
    }

    await store.send(.factButtonTapped) {
      $0.isLoadingFact = true
    }
    await store.receive(\.factResponse, timeout: .seconds(1)) {
      $0.fact = "42 is the answer."
      $0.isLoadingFact = false
    }
    XCTAssertEqual(store.state.fact, "42 is the answer.")
    await store.finish()
  }
}
