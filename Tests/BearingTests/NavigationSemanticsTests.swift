import Bearing
import BearingTesting
import Foundation
import Testing

/// The Composable Architecture's navigation semantics that its own test suite checks: where a
/// cancellation id applies, which removals end a child's effects, what identity a presentation
/// has, and how the runtime warnings read.
@MainActor
@Suite
struct NavigationSemanticsTests {
  /// Starts a timer under a `CancelID` every instance shares, and stops it by that id.
  @Reducer
  struct Ticker {
    struct State: Equatable, Identifiable {
      var id = 0
      var ticks = 0
    }
    enum Action: Equatable {
      case start
      case stop
      case tick
    }
    enum CancelID { case timer }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .start:
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
          }
          .cancellable(id: CancelID.timer)
        case .stop:
          return .cancel(id: CancelID.timer)
        case .tick:
          state.ticks += 1
          return .none
        }
      }
    }
  }

  @Reducer
  struct Siblings {
    @ObservableState
    struct State: Equatable {
      @Presents var first: Ticker.State?
      @Presents var second: Ticker.State?
      var parentTicks = 0
    }
    enum Action: Equatable {
      case first(PresentationAction<Ticker.Action>)
      case second(PresentationAction<Ticker.Action>)
      case present
      case startOwnTimer
      case stopOwnTimer
      case parentTick
    }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .present:
          state.first = Ticker.State()
          state.second = Ticker.State()
          return .none
        case .startOwnTimer:
          // The same id as the children's: theirs must not reach it.
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(.parentTick) }
          }
          .cancellable(id: Ticker.CancelID.timer)
        case .stopOwnTimer:
          return .cancel(id: Ticker.CancelID.timer)
        case .parentTick:
          state.parentTicks += 1
          return .none
        case .first, .second:
          return .none
        }
      }
      .ifLet(\.$first, action: \.first) { Ticker() }
      .ifLet(\.$second, action: \.second) { Ticker() }
    }
  }

  @Test func aPresentedChildCancelsOnlyItsOwnEffectsAndAParentItsChildrensToo() async {
    let clock = TestClock()
    let store = TestStore(initialState: Siblings.State()) {
      Siblings()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present) {
      $0.first = Ticker.State()
      $0.second = Ticker.State()
    }
    await store.send(.startOwnTimer)
    await store.send(.first(.presented(.start)))
    await store.send(.second(.presented(.start)))
    await clock.advance(by: .seconds(1))
    await store.receive(.parentTick) { $0.parentTicks = 1 }
    await store.receive(.first(.presented(.tick))) { $0.first?.ticks = 1 }
    await store.receive(.second(.presented(.tick))) { $0.second?.ticks = 1 }

    // The first child stops "its" timer: the sibling's and the parent's go on.
    await store.send(.first(.presented(.stop)))
    await clock.advance(by: .seconds(1))
    await store.receive(.parentTick) { $0.parentTicks = 2 }
    await store.receive(.second(.presented(.tick))) { $0.second?.ticks = 2 }

    // The parent's cancellation reaches its own timer and, as in TCA, the effects of that id
    // in the features it presents.
    await store.send(.stopOwnTimer)
    await clock.advance(by: .seconds(1))
    await store.send(.second(.dismiss)) { $0.second = nil }
    await store.send(.first(.dismiss)) { $0.first = nil }
  }

  @Reducer
  struct Path {
    @ObservableState
    struct State: Equatable {
      var path = StackState<Ticker.State>()
    }
    enum Action: Equatable {
      case path(StackActionOf<Ticker>)
      case clearBefore
      case clearAfter
    }
    var body: some ReducerOf<Self> {
      // Runs before the stack's reducer: the stack learns of the removal afterwards.
      Reduce { state, action in
        if case .clearBefore = action { state.path.removeAll() }
        return .none
      }
      Reduce { _, _ in .none }
        .forEach(\.path, action: \.path) { Ticker() }
      Reduce { state, action in
        if case .clearAfter = action { state.path.removeAll() }
        return .none
      }
    }
  }

  @Test(arguments: [Path.Action.clearBefore, .clearAfter])
  func removingStackElementsAnywhereEndsTheirEffects(clear: Path.Action) async {
    let clock = TestClock()
    let store = TestStore(initialState: Path.State()) {
      Path()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.push(id: 0, state: Ticker.State()))) {
      $0.path[id: 0] = Ticker.State()
    }
    await store.send(.path(.element(id: 0, action: .start)))
    await store.send(clear) { $0.path = StackState() }
    // A removal after the stack's reducer ran is seen by the next action through it, as TCA's.
    if clear == .clearAfter { await store.send(.clearAfter) }
    // No tick arrives, and no effect outlives the test.
    await clock.advance(by: .seconds(3))
  }

  @Reducer
  struct OptionalChild {
    struct State: Equatable {
      var child: Ticker.State?
    }
    enum Action: Equatable {
      case child(Ticker.Action)
      case replaceChild
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .replaceChild = action, let child = state.child {
          state.child = Ticker.State(id: child.id + 1)
        }
        return .none
      }
      .ifLet(\.child, action: \.child) { Ticker() }
    }
  }

  @Test func anIfLetChildOfAnotherIdentityEndsThePreviousOnesEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: OptionalChild.State(child: Ticker.State())) {
      OptionalChild()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.child(.start))
    await store.send(.replaceChild) { $0.child = Ticker.State(id: 1) }
    // The first child's timer ended with it.
    await clock.advance(by: .seconds(2))
  }

  /// A destination enum declared the older way: no `@Reducer`, no `@CasePathable`.
  struct PlainDestination: Reducer {
    enum State: Equatable {
      case ticker(Ticker.State)
    }
    enum Action: Equatable {
      case ticker(Ticker.Action)
    }
    var body: some ReducerOf<Self> {
      Scope(
        state: AnyCasePath<State, Ticker.State>(
          embed: State.ticker, extract: { if case .ticker(let s) = $0 { s } else { nil } }),
        action: AnyCasePath<Action, Ticker.Action>(
          embed: Action.ticker, extract: { if case .ticker(let a) = $0 { a } else { nil } })
      ) { Ticker() }
    }
  }

  @Reducer
  struct PlainParent {
    @ObservableState
    struct State: Equatable {
      @Presents var destination: PlainDestination.State?
    }
    enum Action: Equatable {
      case destination(PresentationAction<PlainDestination.Action>)
      case renumber
      case rehydrateOnDismiss
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .renumber:
          if case .ticker(let ticker) = state.destination {
            state.destination = .ticker(Ticker.State(id: ticker.id + 1))
          }
          return .none
        case .destination(.dismiss):
          // Answers a dismissal by presenting another: that one stays.
          if case .ticker(let ticker) = state.destination, ticker.id == 0 {
            state.destination = .ticker(Ticker.State(id: 7))
          }
          return .none
        case .destination, .rehydrateOnDismiss:
          return .none
        }
      }
      .ifLet(\.$destination, action: \.destination) { PlainDestination() }
    }
  }

  @Test func aPlainEnumDestinationOfAnotherIdentityEndsThePreviousOnesEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: PlainParent.State(destination: .ticker(Ticker.State()))) {
      PlainParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.destination(.presented(.ticker(.start))))
    await store.send(.renumber) { $0.destination = .ticker(Ticker.State(id: 1)) }
    await clock.advance(by: .seconds(2))
  }

  @Test func aDismissalAnsweredWithAnotherPresentationKeepsIt() async {
    let store = TestStore(initialState: PlainParent.State(destination: .ticker(Ticker.State()))) {
      PlainParent()
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = .ticker(Ticker.State(id: 7))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func copiesOfOnePresentationAreEqualWithoutComparingWhatTheyPresent() {
    struct Counted: Equatable {
      static let comparisons = LockIsolated(0)
      static func == (lhs: Self, rhs: Self) -> Bool {
        comparisons.withValue { $0 += 1 }
        return true
      }
    }
    let presentation = PresentationState(wrappedValue: Counted())
    let copy = presentation
    #expect(presentation == copy)
    #expect(Counted.comparisons.value == 0)
    #expect(presentation == PresentationState(wrappedValue: Counted()))
    #expect(Counted.comparisons.value == 1)
  }

  @Test func modifyingAnUnrelatedCaseIsReportedAndChangesNothing() {
    enum Child: Equatable {
      case int(Int)
      case text(String)
    }
    var presentation = PresentationState<Child>(wrappedValue: .int(42))
    let text = AnyCasePath<Child, String>(
      embed: Child.text, extract: { if case .text(let s) = $0 { s } else { nil } })
    withKnownIssue {
      presentation[case: text]?.append("!")
    } matching: {
      $0.description.hasSuffix(#"Can't modify unrelated case "int""#)
    }
    #expect(presentation.wrappedValue == .int(42))
  }

  @Reducer
  struct Rows {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Ticker.State> = []
    }
    enum Action: Equatable {
      case rows(IdentifiedActionOf<Ticker>)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.rows, action: \.rows) { Ticker() }
    }
  }

  @Test func warningsNameTheActionByItsCasesAsTCADoes() async {
    let store = TestStore(initialState: Rows.State()) { Rows() }
    await withKnownIssue {
      await store.send(.rows(.element(id: 1, action: .tick)))
    } matching: {
      $0.description.contains(
        """
        received an action for a missing element.

          Action:
            NavigationSemanticsTests.Rows.Action.rows(.element(id:, action: .tick))
        """)
    }
  }

  @Reducer
  struct SelfDismissing {
    struct State: Equatable {}
    enum Action: Equatable {
      case close
      case listen
    }
    @Dependency(\.dismiss) var dismiss
    var body: some ReducerOf<Self> {
      Reduce { _, action in
        switch action {
        case .close:
          return .run { _ in await dismiss() }
        case .listen:
          return .run { _ in try await Task.never() }
        }
      }
    }
  }

  @Test func dismissingATestStoresRootEndsItsEffectsAndItsSends() async {
    let store = TestStore(initialState: SelfDismissing.State()) { SelfDismissing() }
    await store.send(.listen)
    await store.send(.close)
    // The listening effect ended with the dismissal: nothing outlives the test.
    await withKnownIssue {
      await store.send(.listen)
    } matching: {
      $0.description.hasSuffix("Can't send action to dismissed test store.")
    }
  }

  @Test func aReceivedValueThatDiffersShowsTheWholeActions() async {
    let store = TestStore(initialState: Ticker.State()) {
      Reduce<Ticker.State, NestedAction> { _, action in
        action == .tap ? .send(.delegate(.success(42))) : .none
      }
    }
    await store.send(.tap)
    await withKnownIssue {
      await store.receive(\.delegate.success, 43)
    } matching: {
      // CustomDump's proportional diff marks unchanged lines with a figure space.
      $0.description.hasSuffix(
        """
        Received unexpected action:

          \u{2007} NavigationSemanticsTests.NestedAction.delegate(
          −   .success(43)
          +   .success(42)
          \u{2007} )

        (Expected: −, Actual: +)
        """)
    }
  }

  @CasePathable
  enum NestedAction: Equatable {
    case tap
    case delegate(Delegate)
    @CasePathable
    enum Delegate: Equatable {
      case success(Int)
    }
  }

  @Test func anEffectStillRunningIsReportedWhereItsActionWasSent() async {
    let clock = TestClock()
    let sendLine = #line + 8
    await withKnownIssue {
      let store = TestStore(initialState: Ticker.State()) {
        Ticker()
      } withDependencies: {
        $0.continuousClock = clock
      }
      // The send below is on `sendLine`.
      await store.send(.start)
    } matching: {
      $0.sourceLocation?.line == sendLine && $0.description.contains("is still running")
    }
  }
}
