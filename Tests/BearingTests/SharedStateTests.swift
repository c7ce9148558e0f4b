import Bearing
import BearingTesting
import Testing
import XCTest

/// A counter kept in shared memory, as a TCA feature declares it.
@Reducer private struct SharedCounter {
  @ObservableState
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
    var note = ""
  }
  enum Action: Equatable {
    case increment
    case incrementLater
    case incremented
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.$count.withLock { $0 += 1 }
        return .none
      case .incrementLater:
        return .run { [count = state.$count] send in
          count.withLock { $0 += 1 }
          await send(.incremented)
        }
      case .incremented:
        state.note = "now \(state.count)"
        return .none
      }
    }
  }
}

/// A name kept in shared memory, optional: `nil` until one is chosen.
@Reducer private struct SharedName {
  @ObservableState
  struct State: Equatable {
    @Shared(.inMemory("name")) var name: String?
    var edits = 0
  }
  enum Action: Equatable {
    case named(String)
    case edited
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .named(let name):
        state.$name.withLock { $0 = name }
        return .none
      case .edited:
        state.edits += 1
        return .none
      }
    }
  }
}

/// A second feature that reads the counter's key.
@Reducer private struct CountBadge {
  @ObservableState
  struct State: Equatable {
    @SharedReader(.inMemory("count")) var count = 0
  }
  enum Action: Equatable {}
  var body: some ReducerOf<Self> { EmptyReducer() }
}

@Reducer private struct Screen {
  @ObservableState
  struct State: Equatable {
    var counter = SharedCounter.State()
    var badge = CountBadge.State()
  }
  enum Action: Equatable {
    case counter(SharedCounter.Action)
    case badge(CountBadge.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { SharedCounter() }
    Scope(state: \.badge, action: \.badge) { CountBadge() }
  }
}

// On the main actor, as TCA's tests are: an effect's task then starts only when the test
// awaits, so a shared value an effect changes is asserted where its action is received.
@MainActor
@Suite struct SharedStateTests {
  @Test func aSharedChangeIsAssertedWithWithLock() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
    await store.send(.increment) { $0.$count.withLock { $0 = 2 } }
    #expect(store.state.count == 2)
  }

  @Test func anOptionalSharedValueKeepsItsAssertedValueInLaterSteps() async {
    let store = TestStore(initialState: SharedName.State()) { SharedName() }
    await store.send(.named("Ekberg")) { $0.$name.withLock { $0 = "Ekberg" } }
    // A step that leaves the shared value alone expects it as the last step left it, not `nil`.
    await store.send(.edited) { $0.edits = 1 }
    await store.send(.named("Regatta")) { $0.$name.withLock { $0 = "Regatta" } }
  }

  @Test func anUnassertedSharedChangeFailsWithADiff() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      let text = issue.description
      // The diff shows the shared value as it was and as it is.
      return text.contains("State was not expected to change")
        && text.contains("−   _count: 0,") && text.contains("+   _count: 1,")
    }
  }

  @Test func aWrongSharedAssertionFails() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await withKnownIssue {
      await store.send(.increment) { $0.$count.withLock { $0 = 5 } }
    } matching: {
      $0.description.contains("does not match expectation")
    }
  }

  @Test func assertingASharedChangeThatDidNotHappenFails() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await withKnownIssue {
      await store.send(.incremented) {
        $0.note = "now 0"
        $0.$count.withLock { $0 = 1 }
      }
    } matching: {
      $0.description.contains("does not match expectation")
    }
    #expect(store.state.count == 0)
  }

  @Test func anEffectsSharedChangeIsAssertedWhereItIsReceived() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementLater)
    await store.receive(.incremented) {
      $0.$count.withLock { $0 = 1 }
      $0.note = "now 1"
    }
  }

  @Test func aNonExhaustiveStoreToleratesUnassertedSharedChanges() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.increment) { $0.$count.withLock { $0 = 2 } }
    await store.send(.increment) { $0.$count.withLock { $0 = 3 } }
  }

  @Test func twoFeaturesShareOneKey() async {
    let store = TestStore(initialState: Screen.State()) { Screen() }
    await store.send(.counter(.increment)) { $0.counter.$count.withLock { $0 = 1 } }
    #expect(store.state.badge.count == 1)
  }
}

@MainActor
@Suite struct SharedStateIsolationTests {
  // Whichever runs first, the other starts from the declared value: each test has its own
  // in-memory storage.
  @Test func first() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
  }

  @Test func second() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
  }
}

/// The same under XCTest, where swift-dependencies' test observer gives each test fresh test
/// values (and so a fresh in-memory storage), and `XCTExpectFailure` matches the failure.
final class SharedStateXCTests: XCTestCase {
  @MainActor
  func testFirstStartsFromTheDeclaredValue() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
  }

  @MainActor
  func testSecondStartsFromTheDeclaredValue() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
  }

  @MainActor
  func testAnUnassertedSharedChangeFails() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    XCTExpectFailure {
      $0.compactDescription.contains("State was not expected to change")
    }
    await store.send(.increment)
  }
}
