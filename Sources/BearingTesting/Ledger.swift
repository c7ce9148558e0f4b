import Bearing
import Foundation
import IssueReporting
import Synchronization

/// What a ``TestStore`` has seen: states after the test's sends, received actions, running
/// effects. Written by the store's reducer, read by the test.
final class Ledger<State: Equatable & Sendable, Action: Sendable>: Sendable {
  struct Inner {
    var expectedState: State
    var received: [(action: Action, state: State)] = []
    var sent: [Int: State] = [:]
    var inFlight: [Int: InFlightEffect] = [:]
    var nextToken = 0
    var nextEffect = 0
    var exhaustivity = Exhaustivity.on
  }

  let inner: Mutex<Inner>

  init(initialState: State) {
    inner = Mutex(Inner(expectedState: initialState))
  }

  struct EffectID: Hashable, Sendable {
    let id: Int
  }

  /// The reducer a test store runs: the feature's, with bookkeeping around it.
  func reduce<R: Reducer<State, Action>>(
    _ base: R, _ state: inout State, _ action: TestAction<Action>
  ) -> Effect<TestAction<Action>> {
    let effect: Effect<Action>
    let origin: Action
    switch action {
    case .cancelEffect(let id):
      return .cancel(id: EffectID(id: id))
    case .test(let action, let token):
      effect = base.reduce(into: &state, action: action)
      let after = state
      inner.withLock { $0.sent[token] = after }
      origin = action
    case .effect(let action):
      effect = base.reduce(into: &state, action: action)
      let after = state
      inner.withLock { $0.received.append((action, after)) }
      origin = action
    }
    let id = inner.withLock { inner in
      defer { inner.nextEffect += 1 }
      inner.inFlight[inner.nextEffect] = InFlightEffect(action: String(customDumping: origin))
      return inner.nextEffect
    }
    return
      effect
      .map { TestAction.effect($0) }
      .cancellable(id: EffectID(id: id))
      .onFinish { [weak self] in _ = self?.inner.withLock { $0.inFlight.removeValue(forKey: id) } }
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

  func inFlightIDs() -> [Int] {
    inner.withLock { Array($0.inFlight.keys) }
  }

  func checkAtEnd(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    // An effect that just sent its last action may still be returning on another thread: give
    // such effects a moment (this runs in deinit, so it cannot await) before calling them stuck.
    for _ in 0..<100 {
      if inner.withLock({ $0.inFlight.isEmpty }) { break }
      usleep(10_000)
    }
    let (exhaustivity, received, inFlight) = inner.withLock {
      ($0.exhaustivity, $0.received, $0.inFlight)
    }
    guard exhaustivity == .on else { return }
    if !received.isEmpty {
      reportIssue(
        """
        The store received \(received.count) unexpected \
        action\(received.count == 1 ? "" : "s") by the end of this test:

        \(received.map { "  " + String(customDumping: $0.action) }.joined(separator: "\n"))

        Assert them with "await store.receive(…)", or skip them with \
        "await store.skipReceivedActions()".
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
    for effect in inFlight.sorted(by: { $0.key < $1.key }).map(\.value) {
      reportIssue(
        """
        An effect is still running at the end of this test. It was started by the action:

          \(effect.action)

        Every effect must finish or be cancelled before a test ends. A long-running effect \
        (a timer, a location or database subscription) is usually meant to be cancelled when its \
        screen goes away: send that action (e.g. ".onDisappear") and have the reducer return \
        ".cancel(id:)". To wait for it, use "await store.finish()"; to ignore it, \
        "await store.skipInFlightEffects()".
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }
}
