import Bearing
import IssueReporting

extension TestStore {
  /// Sends an action and checks the state change: `assert` receives the state as it was last
  /// asserted, and must turn it into the state the reducer produced.
  ///
  /// ```swift
  /// await store.send(.incrementTapped) { $0.count = 1 }
  /// ```
  ///
  /// - Returns: The effects started, to cancel or await.
  @discardableResult
  public func send(
    _ action: Action,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    let pending = ledger.inner.withLock { $0.exhaustivity == .on ? $0.received.map(\.action) : [] }
    if !pending.isEmpty {
      reportIssue(
        """
        Must handle \(pending.count) received action\(pending.count == 1 ? "" : "s") before \
        sending an action:

        \(pending.map { "  " + String(customDumping: $0) }.joined(separator: "\n"))
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      ledger.inner.withLock { inner in
        if let last = inner.received.last { inner.expectedState = last.state }
        inner.received.removeAll()
      }
    }
    let token = ledger.nextToken()
    let task = root.send(.test(action, token: token))
    var actual: State?
    for attempt in 0..<10_000 {
      actual = ledger.inner.withLock { $0.sent.removeValue(forKey: token) }
      if actual != nil { break }
      if attempt < 100 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
    }
    guard let actual else {
      reportIssue(
        "The store did not reduce \(String(customDumping: action)) in time.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return task
    }
    check(
      actual: actual, assert: assert, verb: "sending", action: action,
      fileID: fileID, filePath: filePath, line: line, column: column)
    // Let the effects just started reach their first suspension before the test goes on.
    await Task.megaYield()
    return task
  }

  /// Compares `actual` with what `assert` expects, reports a diff when they differ, and makes
  /// `actual` the state the next assertion starts from.
  func check(
    actual: State,
    assert: ((inout State) throws -> Void)?,
    verb: String,
    action: Action,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let (previous, exhaustivity) = ledger.inner.withLock { ($0.expectedState, $0.exhaustivity) }
    defer { ledger.inner.withLock { $0.expectedState = actual } }
    var expected = exhaustivity == .on ? previous : actual
    do {
      try assert?(&expected)
    } catch {
      reportIssue(
        error, "The assertion closure threw while \(verb) an action.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    guard expected != actual else { return }
    let difference =
      diff(expected, actual, format: .proportional)
      .map { "\($0.indent(by: 2))\n\n(Expected: −, Actual: +)" }
        ?? """
        Expected:
        \(String(customDumping: expected).indent(by: 2))

        Actual:
        \(String(customDumping: actual).indent(by: 2))
        """
    let message =
      assert == nil
      ? "State was not expected to change, but a change occurred after \(verb) \(String(customDumping: action)):"
      : "A state change does not match expectation after \(verb) \(String(customDumping: action)):"
    reportIssue(
      "\(message)\n\n\(difference)",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension String {
  func indent(by spaces: Int) -> String {
    let prefix = String(repeating: " ", count: spaces)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : prefix + $0 }
      .joined(separator: "\n")
  }
}
