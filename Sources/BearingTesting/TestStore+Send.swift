import Bearing
@_spi(Internals) import BearingSharing
@_spi(Internals) import CasePaths
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
  ) async -> TestStoreTask {
    if dismissed.value {
      reportIssue(
        "Can't send action to dismissed test store.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return TestStoreTask(rawValue: nil, timeout: timeout)
    }
    let pending = ledger.inner.withLock { $0.exhaustivity == .on ? $0.received.map(\.action) : [] }
    if !pending.isEmpty {
      // The received actions stay pending: the test may still receive them after this send.
      reportIssue(
        TestStoreMessage.mustHandle(pending),
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    let token = ledger.nextToken()
    let task = root.send(
      .test(
        action, token: token,
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
    var step: Ledger<State, Action>.Step?
    for attempt in 0..<10_000 {
      step = ledger.inner.withLock { $0.sent.removeValue(forKey: token) }
      if step != nil { break }
      if attempt < 100 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
    }
    guard let step else {
      reportIssue(
        "The store did not reduce \(String(customDumping: action)) in time.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return TestStoreTask(task, timeout: timeout)
    }
    check(
      actual: step.state, stackElementIDs: step.stackElementIDs, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
    // Let the effects just started reach their first suspension before the test goes on.
    await Task.megaYield()
    return TestStoreTask(task, timeout: timeout)
  }

  /// Sends the action of the case `actionCase` with `value`: `store.send(\.binding.query, "x")`,
  /// `store.send(\.path[id: 0].detail.save)`.
  @discardableResult
  public func send<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: CasePathable {
    await send(
      actionCase(value), assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends the action of the case `actionCase`, which carries no value: `store.send(\.tapped)`.
  @discardableResult
  public func send(
    _ actionCase: CaseKeyPath<Action, Void>,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: CasePathable {
    await send(
      actionCase(()), assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Compares `actual` with what `assert` expects, reports a diff when they differ, and makes
  /// `actual` the state the next assertion starts from.
  ///
  /// The closure runs with the store's dependencies, its stack ids continuing from where the
  /// reducer's stood before the step.
  func check(
    actual: State,
    stackElementIDs: StackElementIDGenerator,
    assert: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let (previous, exhaustivity, dependencies) = ledger.inner.withLock {
      ($0.expectedState, $0.exhaustivity, $0.dependencies)
    }
    let sharedChanges = ledger.sharedChanges
    defer {
      ledger.inner.withLock { $0.expectedState = actual }
      // The shared values as they are now are where the next step starts.
      sharedChanges.reset()
    }
    // A non-exhaustive store takes shared values as they are, as it takes the rest of the state.
    if exhaustivity != .on { sharedChanges.reset() }
    // Inside, a shared reference the step changed reads and changes its value as it was before
    // the step, and comparing states sets that against the value it holds now.
    sharedChanges.assert {
      var expected = exhaustivity == .on ? previous : actual
      do {
        var dependencies = dependencies
        dependencies.stackElementID = stackElementIDs
        try DependencyValues.$_current.withValue(dependencies) {
          // CasePaths' `XCTModify` fails on an unchanged value only in an exhaustive assertion.
          try XCTModifyLocals.$isExhaustive.withValue(exhaustivity == .on) {
            try assert?(&expected)
          }
        }
      } catch {
        reportIssue(
          TestStoreMessage.threw(error),
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      // A closure that changed nothing, where nothing changed: reported as such. Where the
      // state did change, the mismatch below says all there is to say.
      if exhaustivity == .on, assert != nil, !sharedChanges.hasChanges, expected == previous,
        expected == actual
      {
        reportIssue(
          TestStoreMessage.noChange,
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      guard expected != actual else { return }
      reportIssue(
        TestStoreMessage.stateMismatch(expected: expected, actual: actual, asserted: assert != nil),
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}
