import Bearing
import IssueReporting

extension TestStore {
  /// Waits for every running effect to finish, reports the ones that do not in time (naming
  /// the action that started each), and, when exhaustive, the actions they sent that the test
  /// has not received.
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
    let timeout = timeout ?? self.timeout
    let deadline = ContinuousClock.now + timeout
    var attempt = 0
    while ContinuousClock.now < deadline {
      if ledger.inner.withLock({ $0.inFlight.isEmpty }) { break }
      attempt += 1
      if attempt < 100 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
    }
    let (running, received, exhaustivity) = ledger.inner.withLock {
      (
        $0.inFlight.sorted { $0.key < $1.key }.map(\.value), $0.received.map(\.action),
        $0.exhaustivity
      )
    }
    if !running.isEmpty {
      reportIssue(
        """
        Effects are still running after waiting \(timeout). They were started by:

        \(running.map { "  " + $0.action }.joined(separator: "\n"))

        Cancel long-running effects when their screen goes away, or advance the test clock \
        that they are waiting on.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    if exhaustivity == .on {
      ledger.reportUnreceived(
        received,
        fileID: fileID, filePath: filePath, line: line, column: column)
      ledger.inner.withLock { inner in
        if let last = inner.received.last { inner.expectedState = last.step.state }
        inner.received.removeAll()
      }
    }
  }

  /// Stops tracking the effects running now, without cancelling them: the test may end while
  /// they run.
  ///
  /// - Parameters:
  ///   - strict: Whether to report it when no effect was running.
  ///   - fileID: Where a failure is reported: the caller's file, by default.
  ///   - filePath: The caller's file path, by default.
  ///   - line: The caller's line, by default.
  ///   - column: The caller's column, by default.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await skip(
      "in-flight effects", strict: strict,
      fileID: fileID, filePath: filePath, line: line, column: column
    ) { inner in
      defer { inner.inFlight.removeAll() }
      return inner.inFlight.count
    }
  }

  /// What both skips do: let effects settle, take what `skipping` removes from the ledger (it
  /// returns how many it removed), and report, when `strict`, that there were no `what` to skip.
  /// Returns how many it skipped.
  @discardableResult
  func skip(
    _ what: String, strict: Bool,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    skipping: (inout Ledger<State, Action>.Inner) -> Int
  ) async -> Int {
    await Task.megaYield()
    let skipped = ledger.inner.withLock(skipping)
    if strict, skipped == 0 {
      reportIssue(
        "There were no \(what) to skip.",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return skipped
  }
}
