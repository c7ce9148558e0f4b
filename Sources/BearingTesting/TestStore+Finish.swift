import Bearing
import IssueReporting

extension TestStore {
  /// Waits for every running effect to finish, and reports the ones that do not in time, naming
  /// the action that started each.
  ///
  /// ```swift
  /// await store.send(.onDisappear)
  /// await store.finish()
  /// ```
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let deadline = ContinuousClock.now + (timeout ?? self.timeout)
    var attempt = 0
    while ContinuousClock.now < deadline {
      if ledger.inner.withLock({ $0.inFlight.isEmpty }) { return }
      attempt += 1
      if attempt < 100 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
    }
    let running = ledger.inner.withLock { $0.inFlight.sorted { $0.key < $1.key }.map(\.value) }
    guard !running.isEmpty else { return }
    reportIssue(
      """
      Effects are still running after waiting \(timeout ?? self.timeout). They were started by:

      \(running.map { "  " + $0.action }.joined(separator: "\n"))

      Cancel long-running effects when their screen goes away, or advance the test clock that \
      they are waiting on.
      """,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Cancels every running effect, so the test can end without waiting for them.
  public func skipInFlightEffects() async {
    for id in ledger.inFlightIDs() { root.send(.cancelEffect(id)) }
    for _ in 0..<100 {
      if ledger.inner.withLock({ $0.inFlight.isEmpty }) { return }
      await Task.yield()
    }
  }
}
