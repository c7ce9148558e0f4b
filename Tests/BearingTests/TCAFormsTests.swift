import Bearing
import BearingTesting
import Foundation
import Testing

/// The Composable Architecture's forms that Bearing takes as they are: older case-path
/// composition, scheduler timing, reducers whose types come from their body, fused
/// dependencies, CasePaths' `XCTModify` in test stores, and ordered concatenation.
@MainActor
@Suite
struct TCAFormsTests {
  // `XCTModify` is CasePaths' own, deprecated there; test stores honour it as TCA's do.
  @Reducer
  struct Counter {
    enum Action: Equatable { case increment }
    var body: some Reducer<Int, Action> {
      Reduce { state, _ in
        state += 1
        return .none
      }
    }
  }

  @Reducer
  struct Nothing {}

  @Reducer
  struct Parent {
    struct State: Equatable {
      var child: Int?
    }
    enum Action: Equatable {
      case child(Counter.Action)
    }
    static let childCase = AnyCasePath<Action, Counter.Action>(
      embed: Action.child,
      extract: { if case .child(let action) = $0 { action } else { nil } })
    var body: some ReducerOf<Self> {
      // `AnyCasePath(embed:extract:)` is what CasePaths' deprecated `/Action.child` makes.
      EmptyReducer()
        .ifLet(\.child, action: Self.childCase) { Counter() }
    }
  }

  @Test func aReducerTakesItsTypesFromItsBody() async {
    let store = TestStore(initialState: 0) { Counter() }
    await store.send(.increment) { $0 = 1 }
    let nothing = Store(initialState: Nothing.State()) { Nothing() }
    #expect(nothing.state == Nothing.State())
  }

  @available(*, deprecated, message: "exercises CasePaths' deprecated XCTModify")
  @Test func caseValuePathsCompose() async {
    let store = TestStore(initialState: Parent.State(child: 0)) { Parent() }
    await store.send(.child(.increment)) {
      XCTModify(&$0.child) { $0 = 1 }
    }
  }

  @available(*, deprecated, message: "exercises CasePaths' deprecated XCTModify")
  @Test func anUnchangedModifyFailsExhaustivelyOnly() async {
    let store = TestStore(initialState: Parent.State(child: 0)) { Parent() }
    await withKnownIssue {
      await store.send(.child(.increment)) {
        $0.child = 1
        XCTModify(&$0.child) { _ in }
      }
    } matching: {
      $0.description.contains("Expected \"Int\" value to be modified but it was unchanged.")
    }
    store.exhaustivity = .off
    await store.send(.child(.increment)) {
      XCTModify(&$0.child) { _ in }
    }
  }

  @Test func dependencyOverridesFuseIntoOneReducer() {
    let reducer: _DependencyKeyWritingReducer<Counter> = Counter()
      .dependency(\.uuid, .incrementing)
      .dependency(\.uuid, .incrementing)
      .transformDependency(\.uuid) { _ in }
    #expect((reducer as Any) is _DependencyKeyWritingReducer<Counter>)
  }

  enum Chain: Equatable, Sendable { case a, b1, b2, b3, c1, c2, c3 }

  @Test func concatenatedSendsArriveInOrderBeforeLaterSends() async {
    let store = TestStore(initialState: [Chain]()) {
      Reduce<[Chain], Chain> { state, action in
        state.append(action)
        switch action {
        case .a:
          return .run { send in
            await send(.b1)
            await send(.c1)
          }
        case .b1: return .concatenate(.send(.b2), .send(.b3))
        case .c1: return .concatenate(.send(.c2), .send(.c3))
        default: return .none
        }
      }
    }
    await store.send(.a) { $0 = [.a] }
    await store.receive(.b1) { $0.append(.b1) }
    await store.receive(.b2) { $0.append(.b2) }
    await store.receive(.b3) { $0.append(.b3) }
    await store.receive(.c1) { $0.append(.c1) }
    await store.receive(.c2) { $0.append(.c2) }
    await store.receive(.c3) { $0.append(.c3) }
  }

  @Test func schedulerDebounceWaitsForQuiet() async {
    let scheduler = DispatchQueue.test
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { state, action in
        if action > 0 {
          return .send(-action).debounce(id: "search", for: .seconds(1), scheduler: scheduler)
        }
        state = -action
        return .none
      }
    }
    await store.send(1)
    await scheduler.advance(by: .milliseconds(500))
    await store.send(2)
    await scheduler.advance(by: .milliseconds(500))
    await scheduler.advance(by: .milliseconds(500))
    await store.receive(-2) { $0 = 2 }
  }

  @Test(arguments: [true, false])
  func schedulerThrottleDeliversAtTheWindowsEnd(latest: Bool) async {
    let scheduler = DispatchQueue.test
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { state, action in
        if action > 0 {
          return .send(-action)
            .throttle(id: "tap", for: .seconds(1), scheduler: scheduler, latest: latest)
        }
        state = -action
        return .none
      }
    }
    await store.send(1)
    await store.receive(-1) { $0 = 1 }
    await store.send(2)
    await store.send(3)
    await scheduler.advance(by: .seconds(1))
    let expected = latest ? 3 : 2
    await store.receive(-expected) { $0 = expected }
    await scheduler.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aThrottleWithNothingWaitingLeavesNothingRunning() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { state, action in
        if action > 0 {
          return .send(-action)
            .throttle(id: "tap", for: .seconds(1), clock: clock, latest: true)
        }
        state = -action
        return .none
      }
    }
    await store.send(1)
    await store.receive(-1) { $0 = 1 }
    // The test ends here with the window still open: no task waits on it.
  }

  @CasePathable
  enum Slot: Equatable, Sendable {
    case child(Child)
    case empty
  }

  struct Child: Equatable, Identifiable, Sendable {
    let id: Int
    var value = 0
  }

  enum SlotAction: Equatable, Sendable {
    case child(ChildAction)
    case replace(Int)
  }

  enum ChildAction: Equatable, Sendable {
    case tap, response(Int)
  }

  @Test func aNewChildOfTheSameCaseCancelsTheOldOnesEffects() async {
    let clock = TestClock()
    let childCase = AnyCasePath<SlotAction, ChildAction>(
      embed: SlotAction.child,
      extract: { if case .child(let action) = $0 { action } else { nil } })
    let store = TestStore(initialState: Slot.child(Child(id: 1))) {
      Reduce<Slot, SlotAction> { state, action in
        if case .replace(let id) = action { state = .child(Child(id: id)) }
        return .none
      }
      .ifCaseLet(AnyCasePath(\Slot.Cases.child), action: childCase) {
        Reduce<Child, ChildAction> { state, action in
          switch action {
          case .tap:
            return .run { [id = state.id] send in
              try await clock.sleep(for: .seconds(1))
              await send(.response(id))
            }
          case .response(let id):
            state.value = id
            return .none
          }
        }
      }
    }
    await store.send(.child(.tap))
    await store.send(.replace(2)) { $0 = .child(Child(id: 2)) }
    await store.send(.child(.tap))
    await clock.advance(by: .seconds(1))
    // Only the second child's effect answers: the first one's was cancelled with it.
    await store.receive(.child(.response(2))) { $0 = .child(Child(id: 2, value: 2)) }
  }

  @Test func aBuilderTakesExistentialReducersSignpostsAndAnimations() {
    let store = Store(initialState: 0) {
      Counter() as any ReducerOf<Counter>
      Counter().signpost("Counter", log: .default)
    }
    store.send(.increment, animation: .default)
    store.send(.increment, transaction: Transaction(animation: .linear))
    #expect(store.state == 4)
  }
}
