import Bearing
import BearingTesting
import Clocks
import Foundation
import Observation
import Testing

/// A feature whose state is an enum: logged out or logged in.
@Reducer
struct Session {
  @Reducer
  struct LoggedIn {
    @ObservableState
    struct State: Equatable {
      var name: String
      var seconds = 0
    }
    enum Action: Equatable {
      case startTimer
      case tick
    }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .startTimer:
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
          }
        case .tick:
          state.seconds += 1
          return .none
        }
      }
    }
  }

  @CasePathable
  @dynamicMemberLookup
  enum State: Equatable {
    case loggedOut
    case loggedIn(LoggedIn.State)
  }

  enum Action: Equatable {
    case logIn(String)
    case logOut
    case loggedIn(LoggedIn.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .logIn(let name):
        state = .loggedIn(LoggedIn.State(name: name))
        return .none
      case .logOut:
        state = .loggedOut
        return .none
      case .loggedIn:
        return .none
      }
    }
    .ifCaseLet(\.loggedIn, action: \.loggedIn) { LoggedIn() }
  }
}

/// A parent whose body uses `if`/`else`, a loop, an optional reducer, `onChange`, an
/// unlabeled `Scope` and one over an enum state's case.
@Reducer
struct Composed {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var evens = 0
    var log: [String] = []
    var child = Session.LoggedIn.State(name: "Blob")
    var session = Session.State.loggedIn(Session.LoggedIn.State(name: "Blob"))
  }
  enum Action: Equatable {
    case increment
    case child(Session.LoggedIn.Action)
    case session(Session.Action)
  }

  let loud: Bool
  let extras: Int
  let optional: Reduce<State, Action>?

  var body: some ReducerOf<Self> {
    Scope(\.child, action: \.child) { Session.LoggedIn() }
    Scope(state: \.session, action: \.session) {
      Scope(state: \.loggedIn, action: \.loggedIn) { Session.LoggedIn() }
    }
    Reduce { state, action in
      if case .increment = action { state.count += 1 }
      return .none
    }
    .onChange(of: { $0.count.isMultiple(of: 2) }) { _, isEven in
      Reduce { state, _ in
        if isEven { state.evens += 1 }
        return .none
      }
    }
    if loud {
      Reduce { state, _ in
        state.log.append("loud")
        return .none
      }
    } else {
      EmptyReducer()
    }
    for index in 0..<extras {
      Reduce { state, _ in
        state.log.append("extra \(index)")
        return .none
      }
    }
    optional
  }
}

@MainActor
@Suite struct TCAAPITests {
  @Test func ifCaseLetRunsTheChildInItsCaseAndCancelsItWhenTheCaseChanges() async {
    let clock = TestClock()
    let store = TestStore(initialState: Session.State.loggedOut) {
      Session()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.logIn("Blob")) { $0 = .loggedIn(.init(name: "Blob")) }
    await store.send(\.loggedIn.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(\.loggedIn.tick) { $0.modify(\.loggedIn) { $0.seconds = 1 } }
    // Logging out leaves the case: the timer is cancelled, so the test can end.
    await store.send(.logOut) { $0 = .loggedOut }
  }

  @Test func builderTakesConditionalsLoopsOptionalsAndOnChange() async {
    let store = TestStore(initialState: Composed.State()) {
      Composed(
        loud: true, extras: 2,
        optional: Reduce { state, _ in
          state.log.append("optional")
          return .none
        })
    }
    await store.send(.increment) {
      $0.count = 1
      $0.log = ["loud", "extra 0", "extra 1", "optional"]
    }
    await store.send(.increment) {
      $0.count = 2
      $0.evens = 1
      $0.log += ["loud", "extra 0", "extra 1", "optional"]
    }
    let quiet = TestStore(initialState: Composed.State()) {
      Composed(loud: false, extras: 0, optional: nil)
    }
    await quiet.send(.increment) { $0.count = 1 }
  }

  @Test func unlabeledAndEnumCaseScopesReachTheirChildren() async {
    let clock = TestClock()
    let store = TestStore(initialState: Composed.State()) {
      Composed(loud: false, extras: 0, optional: nil)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.child.tick) { $0.child.seconds = 1 }
    await store.send(\.session.loggedIn.tick) { $0.session.modify(\.loggedIn) { $0.seconds = 1 } }
    let root = Store(initialState: Composed.State()) {
      Composed(loud: false, extras: 0, optional: nil)
    }
    let child = root.scope(\.child, action: \.child)
    child.send(.tick)
    #expect(child.seconds == 1)
  }

  @Test func printChangesDescribesEachActionAndItsDiff() async {
    let printed = LockIsolated<[String]>([])
    let store = Store(initialState: Session.State.loggedOut) {
      Session()._printChanges(to: { line in printed.withValue { $0.append(line) } })
    }
    store.send(.logIn("Blob"))
    #expect(printed.value.count == 1)
    #expect(printed.value.first?.contains("Session.Action.logIn(\"Blob\")") == true)
    #expect(printed.value.first?.contains("- Session.State.loggedOut") == true)
    #expect(printed.value.first?.contains("+ Session.State.loggedIn(") == true)
  }

  @Test func anObservableStateStoreReportsChangesToObservation() async {
    let store = Store(initialState: Session.LoggedIn.State(name: "Blob")) {
      Session.LoggedIn()
    }
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = store.seconds
    } onChange: {
      changed.setValue(true)
    }
    #expect(!changed.value)
    store.send(.tick)
    #expect(changed.value)
  }

  @Test func aStoreOfPlainStateIsNotObserved() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = store.count
    } onChange: {
      changed.setValue(true)
    }
    store.send(.increment)
    #expect(!changed.value)
  }

  @Test func taskCancelByIDAndWithTaskCancellationShareTheStoresIDs() async {
    enum ID { case work }
    let finished = LockIsolated<[String]>([])
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state = action
        switch action {
        case 1:
          return .run(name: "long work") { _ in
            await withTaskCancellation(id: ID.work) {
              try? await Task.sleep(for: .seconds(3600))
              finished.withValue { $0.append(Task.isCancelled ? "cancelled" : "done") }
            }
          }
        case 2:
          return .run { _ in Task.cancel(id: ID.work) }
        default:
          return .cancel(id: ID.work)
        }
      }
    }
    await store.send(1) { $0 = 1 }
    await store.send(2) { $0 = 2 }
    await store.finish()
    #expect(finished.value == ["cancelled"])
  }

  @Test func receiveTakesAPredicateAndSendTakesAValuelessCase() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(\.chain, 1) { $0.log = ["chain 1"] }
    await store.receive({ $0 == .chain(0) }) { $0.log.append("chain 0") }
    await store.send(\.increment) { $0.count = 1 }
  }

  @Test func timeoutIsSettableAndFinishTakesItsOwn() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    store.timeout = .milliseconds(20)
    #expect(store.timeout == .milliseconds(20))
    await store.send(.startTicking)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(30))
    } matching: {
      $0.description.contains("after waiting 0.03 seconds")
    }
    await store.send(.stopTicking)
  }

  @Test func skipsAreStrictUnlessToldOtherwise() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.skipReceivedActions()
    } matching: {
      $0.description.contains("no received actions to skip")
    }
    await withKnownIssue {
      await store.skipInFlightEffects()
    } matching: {
      $0.description.contains("no in-flight effects to skip")
    }
    await store.skipReceivedActions(strict: false)
    await store.skipInFlightEffects(strict: false)
  }

  @Test func dismissOutsideAPresentationIsReported() async {
    await withKnownIssue {
      @Dependency(\.dismiss) var dismiss
      await dismiss()
    } matching: {
      $0.description.contains("not presented")
    }
  }

  @Test func withExhaustivityOffAppliesOnlyInside() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.withExhaustivity(.off) {
      await store.send(.chain(1))
      #expect(store.exhaustivity == .off)
    }
    #expect(store.exhaustivity == .on)
    await store.skipReceivedActions()
  }
}

/// `@Reducer` on a feature that implements `reduce(into:action:)` and names its state and
/// actions with type aliases.
@Reducer
struct Toggle {
  typealias State = Bool
  typealias Action = Void

  func reduce(into state: inout Bool, action: Void) -> Effect<Void> {
    state.toggle()
    return .none
  }
}

/// A child that reports whether it is presented, and a parent presenting it or a preview that
/// has no feature.
@Reducer
struct Sheet {
  @ObservableState
  struct State: Equatable {
    var wasPresented: Bool?
  }
  enum Action: Equatable {
    case check
    case checked(Bool)
  }
  @Dependency(\.isPresented) var isPresented
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .check:
        state.wasPresented = isPresented
        return .run { send in
          @Dependency(\.isPresented) var isPresented
          await send(.checked(isPresented))
        }
      case .checked:
        return .none
      }
    }
  }
}

@Reducer
struct Sheets {
  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
  }
  enum Action {
    case destination(PresentationAction<Destination.Action>)
  }
  @Reducer
  enum Destination {
    case sheet(Sheet)
    @ReducerCaseIgnored
    case preview(String)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$destination, action: \.destination)
  }
}

extension Sheets.Destination.State: Equatable {}

@MainActor
@Suite struct TCAMacroFormsTests {
  @Test func aReduceIntoFeatureWithTypeAliasesIsAReducer() {
    let store = Store(initialState: false) { Toggle() }
    store.send(())
    #expect(store.state)
  }

  @Test func aPresentedFeatureSeesIsPresentedInItsReducerAndEffects() async {
    let store = TestStore(initialState: Sheets.State(destination: .sheet(Sheet.State()))) {
      Sheets()
    }
    await store.send(\.destination.sheet.check) {
      $0.destination?.modify(\.sheet) { $0.wasPresented = true }
    }
    await store.receive(\.destination.sheet.checked, true)

    let alone = TestStore(initialState: Sheet.State()) { Sheet() }
    await alone.send(.check) { $0.wasPresented = false }
    await alone.receive(\.checked, false)
  }

  @Test func anIgnoredCaseIsStateWithoutActions() async {
    let store = TestStore(initialState: Sheets.State(destination: .preview("draft"))) {
      Sheets()
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }
}

/// A parent whose child's effect tells it something: the parent, reducing that in the child's
/// task, must not see itself as presented.
@Reducer
struct Messenger {
  @ObservableState
  struct State: Equatable {
    @Presents var sheet: Sheet.State?
    var parentSawPresented: Bool?
  }
  enum Action {
    case sheet(PresentationAction<Sheet.Action>)
  }
  @Dependency(\.isPresented) var isPresented
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .sheet(.presented(.checked)) = action {
        state.parentSawPresented = isPresented
      }
      return .none
    }
    .ifLet(\.$sheet, action: \.sheet) { Sheet() }
  }
}

@MainActor
@Suite struct PresentationContextTests {
  @Test func aParentReducingItsChildsActionIsNotPresented() async {
    let store = TestStore(initialState: Messenger.State(sheet: Sheet.State())) { Messenger() }
    await store.send(\.sheet.check) { $0.sheet?.wasPresented = true }
    await store.receive(\.sheet.checked, true) { $0.parentSawPresented = false }
  }
}

/// A feature that presents another of itself: the state holds its own type through
/// `PresentationState`'s indirection.
@Reducer
struct Folder {
  @ObservableState
  struct State: Equatable {
    var name: String
    @Presents var subfolder: State?
  }
  enum Action {
    case open(String)
    indirect case subfolder(PresentationAction<Action>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .open(let name) = action { state.subfolder = State(name: name) }
      return .none
    }
    .ifLet(\.$subfolder, action: \.subfolder) { Folder() }
  }
}

@MainActor
@Suite struct RecursivePresentationTests {
  @Test func aFeatureCanPresentItself() async {
    let store = TestStore(initialState: Folder.State(name: "root")) { Folder() }
    await store.send(.open("a")) { $0.subfolder = Folder.State(name: "a") }
    await store.send(.subfolder(.presented(.open("b")))) {
      $0.subfolder?.subfolder = Folder.State(name: "b")
    }
    await store.send(.subfolder(.dismiss)) { $0.subfolder = nil }
  }
}
