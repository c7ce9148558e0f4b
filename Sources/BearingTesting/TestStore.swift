import Bearing
import Foundation
import IssueReporting
import Synchronization

/// A store for tests that checks every state change and every action an effect sends back.
///
/// Exhaustive by default: each ``send(_:assert:fileID:filePath:line:column:)`` must describe the
/// whole state change, every action an effect feeds back must be ``receive(_:timeout:assert:fileID:filePath:line:column:)``d,
/// and every effect must have finished when the test ends. Failures are reported through
/// IssueReporting, so they fail Swift Testing and XCTest tests alike, with a readable diff.
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
public final class TestStore<State: Equatable & Sendable, Action: Sendable>: Sendable {
  let root: Store<State, TestAction<Action>>
  let ledger: Ledger<State, Action>
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and ``finish(timeout:fileID:filePath:line:column:)``
  /// wait unless told otherwise.
  public let timeout: Duration

  /// Creates a test store; dependencies not overridden in `prepareDependencies` are their test
  /// values, which fail the test when used unasked.
  public init<R: Reducer<State, Action>>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in },
    timeout: Duration = .seconds(5),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let ledger = Ledger<State, Action>(initialState: initialState)
    let base = reducer()
    self.ledger = ledger
    self.timeout = timeout
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.root = Store(
      initialState: initialState,
      reducer: { Reduce { state, action in ledger.reduce(base, &state, action) } },
      withDependencies: {
        $0.context = .test
        prepareDependencies(&$0)
      }
    )
  }

  deinit {
    ledger.checkAtEnd(fileID: fileID, filePath: filePath, line: line, column: column)
    for id in ledger.inFlightIDs() { root.send(.cancelEffect(id)) }
  }

  /// The state the store holds now.
  public var state: State { root.state }

  /// Whether every change and action must be asserted (the default), or only the ones a test
  /// names.
  public var exhaustivity: Exhaustivity {
    get { ledger.exhaustivity }
    set { ledger.exhaustivity = newValue }
  }
}

/// How strict a ``TestStore`` is.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only what the test asserts is checked; with `showSkippedAssertions`, what was skipped is
  /// reported as a known issue-free note.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, quietly.
  public static let off = Self.off(showSkippedAssertions: false)
}

/// The actions a ``TestStore`` runs: the test's own, those fed back by effects, and its
/// bookkeeping.
enum TestAction<Action: Sendable>: Sendable {
  case test(Action, token: Int)
  case effect(Action)
  case cancelEffect(Int)
}

/// A running effect, named after the action that started it.
struct InFlightEffect: Sendable {
  let action: String
}
