import Bearing
import BearingTesting
import Testing

/// A feature in TCA's oldest form: an enum state that is only `Equatable` (not `@CasePathable`),
/// its case and its child's actions named by `AnyCasePath` values.
private struct Switcher: Reducer {
  enum State: Equatable, Sendable {
    case counting(Counter.State)
    case idle
  }

  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case stop
  }

  static let counting = AnyCasePath<State, Counter.State>(
    embed: { .counting($0) },
    extract: { if case .counting(let counter) = $0 { counter } else { nil } })
  static let counter = AnyCasePath<Action, Counter.Action>(
    embed: { .counter($0) },
    extract: { if case .counter(let action) = $0 { action } else { nil } })

  var body: some ReducerOf<Self> {
    Scope(state: Self.counting, action: Self.counter) { Counter() }
    Reduce { state, action in
      if case .stop = action { state = .idle }
      return .none
    }
  }
}

@MainActor
@Suite struct CasePathCompatibilityTests {
  @Test func aScopeOfACaseNamedByAnAnyCasePathRunsTheChildOnThatCase() async {
    let store = TestStore(initialState: Switcher.State.counting(Counter.State())) { Switcher() }
    await store.send(.counter(.increment)) { $0 = .counting(Counter.State(count: 1)) }
    await store.send(.stop) { $0 = .idle }
  }

  @Test func aChildActionInAnotherCaseIsReportedAndChangesNothing() async {
    let store = TestStore(initialState: Switcher.State.idle) { Switcher() }
    await withKnownIssue {
      await store.send(.counter(.increment))
    } matching: { issue in
      issue.description.contains("child state was set to a different case")
    }
    #expect(store.state == .idle)
  }
}
