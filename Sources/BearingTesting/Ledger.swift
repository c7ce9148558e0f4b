import Bearing
@_spi(Internals) import BearingSharing
import Foundation
import IssueReporting
import Synchronization

/// What a ``TestStore`` has seen: states after the test's sends, received actions, running
/// effects. Written by the store's reducer, read by the test.
final class Ledger<State: Equatable, Action>: Sendable {
  /// A state the reducer produced, with the stack-id generator as it stood before the action,
  /// for the assertion of that step.
  struct Step {
    let state: State
    let stackElementIDs: StackElementIDGenerator
  }

  struct Inner {
    var expectedState: State
    var dependencies: DependencyValues
    var received: [(action: Action, step: Step)] = []
    var sent: [Int: Step] = [:]
    var inFlight: [Int: InFlightEffect] = [:]
    var nextToken = 0
    var nextEffect = 0
    var exhaustivity = Exhaustivity.on
  }

  let inner: LedgerLock<Inner>
  /// Shared values as they were before the step that changed them (`@Shared` in the state).
  let sharedChanges: SharedChangeTracker

  /// The id all the store's effects run under.
  let effects: TestStoreEffects

  init(
    initialState: State, dependencies: DependencyValues, effects: TestStoreEffects,
    sharedChanges: SharedChangeTracker
  ) {
    inner = LedgerLock(Inner(expectedState: initialState, dependencies: dependencies))
    self.effects = effects
    self.sharedChanges = sharedChanges
  }

  struct EffectID: Hashable, Sendable {
    let id: Int
  }

  var dependencies: DependencyValues { inner.withLock { $0.dependencies } }

  /// The reducer a test store runs: the feature's, under the test's current dependencies, with
  /// bookkeeping around it.
  func reducer<R: Reducer<State, Action>>(
    _ base: R
  ) -> (inout State, TestAction<Action>) -> Effect<TestAction<Action>> {
    { [self] state, action in
      let dependencies = self.dependencies
      let stackElementIDs = dependencies.stackElementID.incrementingCopy()
      let effect: Effect<Action>
      let origin: Action
      let location: SourceLocation
      switch action {
      case .test(let action, let token, let at):
        location = at
        effect = DependencyValues.$_current.withValue(dependencies) {
          base.reduce(into: &state, action: action)
        }
        let step = Step(state: state, stackElementIDs: stackElementIDs)
        inner.withLock { $0.sent[token] = step }
        origin = action
      case .effect(let action, let at):
        location = at
        effect = DependencyValues.$_current.withValue(dependencies) {
          base.reduce(into: &state, action: action)
        }
        let step = Step(state: state, stackElementIDs: stackElementIDs)
        inner.withLock { $0.received.append((action, step)) }
        origin = action
      }
      // Erased: an effect's closure may not capture this ledger's `State` (which need not be
      // `Sendable`, nor its metatype).
      let finished: any EffectFinishing = self
      let id = inner.withLock { inner in
        defer { inner.nextEffect += 1 }
        inner.inFlight[inner.nextEffect] = InFlightEffect(
          describe: { String(customDumping: origin) }, location: location)
        return inner.nextEffect
      }
      return
        effect
        .map { TestAction.effect($0, at: location) }
        .onFinish { [weak finished] in finished?.effectFinished(id) }
        .cancellable(id: effects)
    }
  }

  func effectFinished(_ id: Int) {
    _ = inner.withLock { $0.inFlight.removeValue(forKey: id) }
  }

  func nextToken() -> Int {
    inner.withLock { inner in
      defer { inner.nextToken += 1 }
      return inner.nextToken
    }
  }

  var exhaustivity: Exhaustivity {
    get { inner.withLock { $0.exhaustivity } }
    set { inner.withLock { $0.exhaustivity = newValue } }
  }

  func checkAtEnd(
    waitForEffects: Bool,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    // An effect that just sent its last action may still be returning on another thread: give
    // such effects a moment (this runs in deinit, so it cannot await) before calling them stuck.
    // On the main serial executor nothing else runs meanwhile, so there is nothing to wait for.
    if waitForEffects {
      for _ in 0..<100 {
        if inner.withLock({ $0.inFlight.isEmpty }) { break }
        usleep(10_000)
      }
    }
    let (exhaustivity, received, inFlight) = inner.withLock {
      ($0.exhaustivity, $0.received, $0.inFlight)
    }
    guard exhaustivity == .on else { return }
    reportUnreceived(
      received.map(\.action),
      fileID: fileID, filePath: filePath, line: line, column: column)
    // Each at the `send` its effect came from, as The Composable Architecture reports them.
    for effect in inFlight.sorted(by: { $0.key < $1.key }).map(\.value) {
      reportIssue(
        TestStoreMessage.effectStillRunning(startedBy: effect.action),
        fileID: effect.location.fileID, filePath: effect.location.filePath,
        line: effect.location.line, column: effect.location.column)
    }
  }

  func reportUnreceived(
    _ received: [Action],
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    guard !received.isEmpty else { return }
    reportIssue(
      TestStoreMessage.unhandledReceived(received),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// What a test store's effect tells its ledger when it ends.
protocol EffectFinishing: AnyObject, Sendable {
  func effectFinished(_ id: Int)
}

extension Ledger: EffectFinishing {}

/// A ledger's record behind a lock, for a state and actions that need not be `Sendable` (TCA's
/// `TestStore<State: Equatable, Action>` asks for neither).
///
/// `@unchecked Sendable`: every access takes the lock. The states and actions in the record (not
/// `Sendable`) are read and written only on the main actor: by the test store's API, which is
/// `@MainActor`, and by its reducer, which the store runs on the main actor. Other threads (an
/// effect's task that ends) touch only the record's `Sendable` bookkeeping.
final class LedgerLock<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
