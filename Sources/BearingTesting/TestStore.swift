import Bearing
@_spi(Internals) import BearingSharing
import Dependencies
import Foundation
import IssueReporting
import Synchronization

/// A store for tests that checks every state change and every action an effect sends back.
///
/// Exhaustive by default: each `send(_:assert:)` must describe the
/// whole state change, every action an effect feeds back must be
/// received (`receive(_:timeout:assert:)`), and every effect must have
/// finished when the test ends. Failures are reported through IssueReporting, so they fail
/// Swift Testing and XCTest tests alike, with a readable diff.
///
/// Deterministic by default: while it exists, tasks run one at a time on the main serial
/// executor (``useMainSerialExecutor``), so effects, the test and a `TestClock` take turns in
/// a fixed order.
///
/// ```swift
/// let store = TestStore(initialState: Nearby.State()) {
///   Nearby()
/// } withDependencies: {
///   $0.places.search = { _ in [.ekberg] }
/// }
/// await store.send(.refresh) { $0.isLoading = true }
/// await store.receive(\.response.success) {
///   $0.isLoading = false
///   $0.places = [.ekberg]
/// }
/// ```
@MainActor
public final class TestStore<State: Equatable, Action>: Sendable {
  let root: Store<State, TestAction<Action>>
  let ledger: Ledger<State, Action>
  /// Whether an effect called `dismiss()` at the root, dismissing the store.
  let dismissed: LockIsolated<Bool>
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
  private let settings: Mutex<(timeout: Duration, serial: Bool)>

  /// Creates a test store; dependencies not overridden in `prepareDependencies` are their test
  /// values, which fail the test when used unasked.
  ///
  /// The initial state and the reducer are made with the store's dependencies, so a state that
  /// draws an id from `@Dependency(\.uuid)` draws it from the test's generator.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    timeout: Duration = .seconds(5),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    // `dismiss()` at the root dismisses the test store itself, as TCA's: its effects are
    // cancelled and it takes no more actions.
    let dismissed = LockIsolated(false)
    let effects = TestStoreEffects(id: ObjectIdentifier(dismissed))
    let sharedChanges = SharedChangeTracker()
    let dependencies = Dependencies.withDependencies {
      $0.context = .test
      $0.dismiss = DismissEffect {
        dismissed.setValue(true)
        Task.cancel(id: effects)
      }
      // The reducer's and its effects' `withLock`s record shared values before they change.
      $0._sharedChangeTracker = sharedChanges
      prepareDependencies(&$0)
    } operation: {
      DependencyValues._current
    }
    let (state, base) = DependencyValues.$_current.withValue(dependencies) {
      (initialState(), reducer())
    }
    let ledger = Ledger<State, Action>(
      initialState: state, dependencies: dependencies, effects: effects,
      sharedChanges: sharedChanges)
    self.ledger = ledger
    self.dismissed = dismissed
    self.settings = Mutex((timeout, true))
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    SerialExecution.retain()
    let reduce = ledger.reducer(base)
    self.root = Store(
      initialState: state,
      reducer: { Reduce(reduce) },
      withDependencies: { $0 = dependencies }
    )
  }

  deinit {
    ledger.checkAtEnd(
      waitForEffects: !settings.withLock { $0.serial },
      fileID: fileID, filePath: filePath, line: line, column: column)
    if settings.withLock({ $0.serial }) { SerialExecution.release() }
  }

  /// The state as of the last step the test asserted (a send, a receive, an `assert`); inside
  /// an assertion closure, the state the closure was handed.
  public var state: State { ledger.inner.withLock { $0.expectedState } }

  /// The dependencies the reducer and its effects use; changes apply from the next action on.
  ///
  /// ```swift
  /// store.dependencies.continuousClock = ImmediateClock()
  /// ```
  public var dependencies: DependencyValues {
    get { ledger.inner.withLock { $0.dependencies } }
    set { ledger.inner.withLock { $0.dependencies = newValue } }
  }

  /// Whether every change and action must be asserted (the default), or only the ones a test
  /// names.
  public var exhaustivity: Exhaustivity {
    get { ledger.exhaustivity }
    set { ledger.exhaustivity = newValue }
  }

  /// How long `receive(_:timeout:assert:)` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait unless told otherwise.
  public var timeout: Duration {
    get { settings.withLock { $0.timeout } }
    set { settings.withLock { $0.timeout = newValue } }
  }

  /// Whether every task of the process runs on the main serial executor while this store
  /// exists (the default), which makes effects' timing deterministic.
  public var useMainSerialExecutor: Bool {
    get { settings.withLock { $0.serial } }
    set {
      let changed = settings.withLock { settings -> Bool in
        defer { settings.serial = newValue }
        return settings.serial != newValue
      }
      guard changed else { return }
      if newValue { SerialExecution.retain() } else { SerialExecution.release() }
    }
  }

  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then restores it.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.refresh)
  ///   await store.receive(\.loaded) { $0.items = items }
  /// }
  /// ```
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try await operation()
  }

  /// Checks the current state against the last asserted state changed by
  /// `updateStateToExpectedResult`, with no action: for state that changed while the test
  /// was not asserting (non-exhaustive tests, skipped actions).
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let actual = root.state
    withoutActuallyEscaping(updateStateToExpectedResult) { update in
      check(
        actual: actual, stackElementIDs: ledger.dependencies.stackElementID.incrementingCopy(),
        assert: update,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

/// How strict a ``TestStore`` is.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only what the test asserts is checked.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, quietly.
  public static let off = Self.off(showSkippedAssertions: false)
}

/// A test store of a reducer's state and actions.
///
/// ```swift
/// let store: TestStoreOf<Counter> = TestStore(initialState: Counter.State()) { Counter() }
/// ```
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action>
where R.State: Equatable

/// The actions a ``TestStore`` runs: the test's own, those fed back by effects, and its
/// bookkeeping.
enum TestAction<Action> {
  case test(Action, token: Int, at: SourceLocation)
  /// An action an effect fed back, with the place of the test's `send` its chain started from.
  case effect(Action, at: SourceLocation)
}

/// The id every effect of one test store runs under, so that dismissing the store cancels them.
struct TestStoreEffects: Hashable, Sendable {
  let id: ObjectIdentifier
}

/// Where in a test a step was written: the place failures about its effects point to.
struct SourceLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}

/// A running effect, named after the action that started it, with the place of the `send` it
/// came from (directly, or through actions its chain fed back).
struct InFlightEffect {
  /// The action that started the effect, dumped only when a failure names it: dumping every
  /// action as its effect starts cost seconds a send for large actions in a debug build.
  let describe: () -> String
  let location: SourceLocation

  var action: String { describe() }
}
