import Bearing
import BearingTesting
import OpenCombine
import Testing

/// The Composable Architecture's Combine-era API, on OpenCombine: effects from publishers,
/// stores and view stores as publishers, closure scopes.
@MainActor
@Suite
struct CombineCompatibilityTests {
  enum Action: Equatable, Sendable {
    case start, stop, value(Int)
  }

  struct CancelID: Hashable, Sendable {}

  @Test func aPublisherThatCompletesAtTheTestsEndLeavesNoEffectRunning() async {
    let subject = PassthroughSubject<Int, Never>()
    let box = UncheckedSubjectBox(subject)
    let store = TestStore(initialState: [Int]()) {
      Reduce<[Int], Action> { state, action in
        switch action {
        case .start:
          return .publisher { box.subject.map(Action.value) }
        case .value(let value):
          state.append(value)
          return .none
        case .stop:
          return .none
        }
      }
    }
    await store.send(.start)
    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }
    // Completed on this thread, with nothing awaited after: the store must see it ended now,
    // as its check when the test ends comes before any task could notice.
    subject.send(completion: .finished)
  }

  @Test func publisherEffectSendsEveryValueUntilCancelled() async {
    let subject = PassthroughSubject<Int, Never>()
    let box = UncheckedSubjectBox(subject)
    let store = TestStore(initialState: [Int]()) {
      Reduce<[Int], Action> { state, action in
        switch action {
        case .start:
          return .publisher { box.subject.map(Action.value) }.cancellable(id: CancelID())
        case .stop:
          return .cancel(id: CancelID())
        case .value(let value):
          state.append(value)
          return .none
        }
      }
    }
    await store.send(.start)
    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }
    subject.send(2)
    await store.receive(.value(2)) { $0 = [1, 2] }
    await store.send(.stop)
    subject.send(3)
    await store.finish()
  }

  @Test func publisherEffectEndsWhenThePublisherCompletes() async {
    let store = TestStore(initialState: [Int]()) {
      Reduce<[Int], Action> { state, action in
        switch action {
        case .start:
          return .publisher { [1, 2].publisher.map(Action.value) }
        case .value(let value):
          state.append(value)
          return .none
        case .stop:
          return .none
        }
      }
    }
    let task = await store.send(.start)
    await task.finish(timeout: .seconds(5))
    await store.receive(.value(1)) { $0 = [1] }
    await store.receive(.value(2)) { $0 = [1, 2] }
  }

  @Test func storePublisherDeliversSynchronouslyAndFieldsDropDuplicates() {
    struct State: Equatable, Sendable {
      var value = 0
      var other = 0
    }
    let store = Store(initialState: State()) {
      Reduce<State, Action> { state, action in
        if case .value(let value) = action { state.value = value } else { state.other += 1 }
        return .none
      }
    }
    var states: [Int] = []
    var counts: [Int] = []
    let all = store.publisher.sink { states.append($0.value) }
    let count = store.publisher.value.sink { counts.append($0) }
    store.send(.value(1))
    store.send(.start)
    store.send(.value(1))
    store.send(.value(2))
    #expect(states == [0, 1, 1, 1, 2])
    #expect(counts == [0, 1, 2])
    all.cancel()
    count.cancel()
    store.send(.value(3))
    #expect(states == [0, 1, 1, 1, 2])
  }

  @Test func closureScopesAndWithState() {
    struct Parent: Equatable, Sendable {
      var child = 0
    }
    let store = Store(initialState: Parent()) {
      Reduce<Parent, Int> { state, action in
        state.child += action
        return .none
      }
    }
    let child = store.scope(state: { $0.child }, action: { $0 * 10 })
    child.send(1)
    #expect(store.withState(\.child) == 10)
    #expect(child.withState { $0 } == 10)
  }

  @Test func viewStoreDropsDuplicateViewStates() {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state = action
        return .none
      }
    }
    let viewStore = ViewStore(store, observe: { $0 / 10 })
    var seen: [Int] = []
    let cancellable = viewStore.publisher.sink { seen.append($0) }
    viewStore.send(5)
    viewStore.send(15)
    viewStore.send(19)
    viewStore.send(20, animation: .default)
    #expect(viewStore.state == 2)
    #expect(seen == [0, 1, 2])
    cancellable.cancel()
  }

  @Test func finishWithATimeoutReportsEffectsStillRunning() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, _ in .run { _ in try await Task.never() } }
    }
    let task = await store.send(.start)
    await withKnownIssue {
      await task.finish(timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains(
        "Expected task to finish, but it is still in-flight after 0.05 seconds.")
    }
    await task.cancel()
    #expect(task.isCancelled)
  }
}

@MainActor
extension CombineCompatibilityTests {
  struct Echo: Equatable {
    var reducing = false
    var echoedWhileReducing = false
    var echoes = 0
  }

  /// A reducer that feeds a subject whose subscriber, an effect of the same store, sends back:
  /// the send arrives while the store is reducing, on its thread, and is reduced after.
  @Test func aSendFromInsideAReduceIsReducedAfterIt() async {
    let box = UncheckedSubjectBox(PassthroughSubject<Int, Never>())
    let store = TestStore(initialState: Echo()) {
      Reduce<Echo, Action> { state, action in
        switch action {
        case .start:
          return .publisher { box.subject.map(Action.value) }
        case .stop:
          state.reducing = true
          box.subject.send(0)
          state.reducing = false
          return .none
        case .value:
          if state.reducing { state.echoedWhileReducing = true }
          state.echoes += 1
          return .none
        }
      }
    }
    await store.send(.start)
    await store.send(.stop)
    await store.receive(.value(0)) { $0.echoes = 1 }
    await store.send(.stop)
    await store.receive(.value(0)) { $0.echoes = 2 }
    box.subject.send(completion: .finished)
    await store.finish()
  }
}

@MainActor
extension CombineCompatibilityTests {
  /// A store's publisher delivers to its subscribers in the order they subscribed.
  @Test func storePublisherSubscribersHearInTheOrderTheySubscribed() {
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { state, _ in
        state += 1
        return .none
      }
    }
    let heard = LockIsolated<[Int]>([])
    var cancellables: [AnyCancellable] = []
    for n in 0..<20 {
      store.publisher.dropFirst().sink { _ in heard.withValue { $0.append(n) } }
        .store(in: &cancellables)
    }
    store.send(.start)
    #expect(heard.value == Array(0..<20))
  }
}

/// A subject captured by a `@Sendable` effect closure; the tests send to it from one task.
private struct UncheckedSubjectBox: @unchecked Sendable {
  let subject: PassthroughSubject<Int, Never>

  init(_ subject: PassthroughSubject<Int, Never>) {
    self.subject = subject
  }
}
