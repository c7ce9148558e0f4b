import Bearing
import Clocks
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1))) struct StoreTests {
  /// A counter store whose continuous clock is a test clock.
  static func counterOnATestClock() -> (Store<Counter.State, Counter.Action>, TestClock<Duration>) {
    let clock = TestClock()
    let store = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    return (store, clock)
  }

  @Test func sendReducesBeforeReturning() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.increment)
    store.send(.increment)
    store.send(.decrement)
    #expect(store.count == 1)
  }

  @Test func synchronousSendEffectsAreReducedBeforeSendReturns() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.chain(3))
    #expect(store.log == ["chain 3", "chain 2", "chain 1", "chain 0"])
  }

  @Test func sendReturnsATaskThatAwaitsEffects() async {
    let (store, clock) = Self.counterOnATestClock()
    let task = store.send(.incrementLater)
    #expect(store.count == 0)
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.count == 1)
  }

  @Test func cancellingTheReturnedTaskCancelsTheEffect() async {
    let (store, clock) = Self.counterOnATestClock()
    let task = store.send(.incrementLater)
    task.cancel()
    await task.finish()
    await clock.advance(by: .seconds(2))
    #expect(store.count == 0)
    #expect(task.isCancelled)
  }

  @Test func cancellableEffectsStopInFlight() async {
    let (store, clock) = Self.counterOnATestClock()
    let ticking = store.send(.startTicking)
    await Task.megaYield(count: 100)
    for _ in 1...3 {
      await clock.advance(by: .seconds(1))
      await Task.megaYield(count: 100)
    }
    #expect(store.count == 3)
    store.send(.stopTicking)
    await ticking.finish()
    await clock.advance(by: .seconds(3))
    #expect(store.count == 3)
  }

  @Test func cancelInFlightKeepsOnlyTheNewest() async {
    let (store, clock) = Self.counterOnATestClock()
    let first = store.send(.startTicking)
    let second = store.send(.startTicking)
    await first.finish()
    #expect(first.isCancelled)
    await Task.megaYield(count: 100)
    for _ in 1...2 {
      await clock.advance(by: .seconds(1))
      await Task.megaYield(count: 100)
    }
    #expect(store.count == 2)
    store.send(.stopTicking)
    await second.finish()
  }

  @Test func debounceRunsOnlyTheLastAfterQuiet() async {
    let (store, clock) = Self.counterOnATestClock()
    store.send(.searchChanged("c"))
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(100))
    store.send(.searchChanged("co"))
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(100))
    let last = store.send(.searchChanged("cof"))
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(299))
    #expect(store.log == [])
    await clock.advance(by: .milliseconds(1))
    await last.finish()
    #expect(store.log == ["searched cof"])
  }

  @Test func throttleLetsOneThroughPerInterval() async {
    let clock = TestClock()
    let store = Store(initialState: Counter.State()) {
      Reduce<Counter.State, Counter.Action> { state, action in
        switch action {
        case .searchChanged(let query):
          return .send(.searched(query))
            .throttle(id: "throttle", for: .seconds(1), clock: clock, latest: true)
        case .searched(let query):
          state.log.append(query)
          return .none
        default:
          return .none
        }
      }
    }
    let first = store.send(.searchChanged("a"))
    store.send(.searchChanged("b"))
    store.send(.searchChanged("c"))
    #expect(store.log == ["a"])
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await first.finish()
    #expect(store.log == ["a", "c"])
  }

  @Test func unhandledErrorsAreReportedNotSwallowed() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.throwing).finish()
    } matching: { issue in
      issue.description.contains("threw an unhandled error.")
    }
  }

  @Test func errorsGoToTheCatchHandler() async {
    struct Boom: Error {}
    let store = Store(initialState: Counter.State()) {
      Reduce<Counter.State, Counter.Action> { state, action in
        switch action {
        case .throwing:
          return .run { _ in
            throw Boom()
          } catch: { _, send in
            await send(.record("caught"))
          }
        case .record(let entry):
          state.log.append(entry)
          return .none
        default:
          return .none
        }
      }
    }
    await store.send(.throwing).finish()
    #expect(store.log == ["caught"])
  }

  @Test func concatenateRunsInOrderAndMergeRunsAll() async {
    let store = Store(initialState: Counter.State()) {
      Reduce<Counter.State, Counter.Action> { state, action in
        switch action {
        case .increment:
          return .merge(
            .concatenate(
              .run { send in await send(.record("1")) },
              .run { send in await send(.record("2")) },
              .send(.record("3"))
            ),
            .none
          )
        case .record(let entry):
          state.log.append(entry)
          return .none
        default:
          return .none
        }
      }
    }
    await store.send(.increment).finish()
    #expect(store.log == ["1", "2", "3"])
  }

  @Test func tenThousandConcurrentSendsAreAllReduced() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask {
          for _ in 0..<100 { await store.send(.increment) }
        }
      }
    }
    #expect(store.count == 10_000)
  }

  @Test func actionsSentWhileReducingAreQueuedNotLost() async {
    // Effects on many tasks send back while the test keeps sending: none is lost, none overlaps.
    let store = Store(initialState: Counter.State()) {
      Reduce<Counter.State, Counter.Action> { state, action in
        switch action {
        case .increment:
          state.count += 1
          return .run { send in await send(.tick) }
        case .tick:
          state.log.append("tick")
          return .none
        default:
          return .none
        }
      }
    }
    var tasks: [StoreTask] = []
    for _ in 0..<1_000 { tasks.append(store.send(.increment)) }
    for task in tasks { await task.finish() }
    #expect(store.count == 1_000)
    #expect(store.log.count == 1_000)
  }

  @Test func observersMaySendReentrantly() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let states = store.states
    let (subscribed, subscription) = AsyncStream<Void>.makeStream()
    let observer = Task {
      var seen: [Int] = []
      for await state in states {
        seen.append(state.count)
        if state.count == 0 { subscription.yield() }
        // Sending from inside observation is queued like any other send.
        if state.count == 1 { store.send(.increment) }
        if state.count == 2 { break }
      }
      return seen
    }
    // The observer has the initial state before the first send.
    for await _ in subscribed { break }
    store.send(.increment)
    let seen = await observer.value
    #expect(seen.last == 2)
    #expect(store.count == 2)
  }

  @Test func stateStreamYieldsOnlyOnChange() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let seen = LockIsolated<[Int]>([])
    let states = store.states
    let reader = Task {
      for await state in states { seen.withValue { $0.append(state.count) } }
    }
    defer { reader.cancel() }
    await eventually { seen.value == [0] }
    store.send(.stopTicking)  // no change: nothing may be yielded
    // States arrive in order: once the increment's is there, one for `stopTicking` would be
    // before it.
    store.send(.increment)
    await eventually { seen.value.last == 1 }
    #expect(seen.value == [0, 1])
  }

  /// Polls `condition` for up to ten seconds of real time, which only a failing test waits out.
  func eventually(_ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition(), ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
  }

}
