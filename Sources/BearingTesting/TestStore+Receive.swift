import Bearing
@_spi(Internals) import BearingSharing
import IssueReporting

extension TestStore {
  /// Waits for an action fed back by an effect, checks it is `expectedAction`, and checks the
  /// state change as `send(_:assert:)` does.
  ///
  /// ```swift
  /// await store.receive(.timerTicked) { $0.seconds = 1 }
  /// ```
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      matching: { $0 == expectedAction },
      unexpected: { TestStoreMessage.unexpectedReceived(expected: expectedAction, received: $0) },
      expected: .action(String(customDumping: expectedAction)),
      timeout: timeout, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for an action for which `isMatching` is true, and checks the state change.
  ///
  /// ```swift
  /// await store.receive({ if case .loaded = $0 { true } else { false } }) { $0.isLoading = false }
  /// ```
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: isMatching,
      unexpected: { TestStoreMessage.unexpectedReceived($0) }, expected: .matching("predicate"),
      timeout: timeout, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for an action of the case `actionCase` fed back by an effect, and checks the state
  /// change.
  ///
  /// ```swift
  /// await store.receive(\.searchResponse.success) { $0.places = [.ekberg] }
  /// ```
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    let casePath = AnyCasePath(actionCase)
    await receive(
      matching: { casePath.extract(from: $0) != nil },
      unexpected: { TestStoreMessage.unexpectedReceived($0) }, expected: .matching("case path"),
      timeout: timeout, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for an action of the case `actionCase` with the associated value `value`.
  ///
  /// ```swift
  /// await store.receive(\.locationManager.didChangeAuthorization, .denied)
  /// ```
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    let casePath = AnyCasePath(actionCase)
    await receive(
      matching: { casePath.extract(from: $0) == value },
      unexpected: { action in
        // In the case, another value: the whole action, as it would have been, against it.
        casePath.extract(from: action).map { _ in
          TestStoreMessage.unexpectedReceived(
            expected: casePath.embed(value), actual: action)
        } ?? TestStoreMessage.unexpectedReceived(action)
      },
      expected: .matching("case path"),
      timeout: timeout, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Exhaustive: takes the first received action, which must match. Non-exhaustive: takes the
  /// first that matches, leaving the others for later receives.
  private func receive(
    matching: (Action) -> Bool,
    unexpected: (Action) -> String,
    expected: TestStoreMessage.Expected,
    timeout: Duration?,
    assert: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async {
    let timeout = timeout ?? self.timeout
    let deadline = ContinuousClock.now + timeout
    var attempt = 0
    while true {
      let exhaustivity = ledger.exhaustivity
      let taken = ledger.inner.withLock { inner -> (Action, Ledger<State, Action>.Step)? in
        if exhaustivity == .on {
          guard !inner.received.isEmpty else { return nil }
          let first = inner.received.removeFirst()
          return (first.action, first.step)
        }
        guard let index = inner.received.firstIndex(where: { matching($0.action) }) else {
          return nil
        }
        let match = inner.received.remove(at: index)
        return (match.action, match.step)
      }
      if let (action, step) = taken {
        if !matching(action) {
          // The action is reported; its state is taken as it is, not checked against the
          // assertion meant for another action.
          reportIssue(
            unexpected(action), fileID: fileID, filePath: filePath, line: line, column: column)
          ledger.inner.withLock { $0.expectedState = step.state }
          await Task.megaYield()
          return
        }
        check(
          actual: step.state, stackElementIDs: step.stackElementIDs, assert: assert,
          fileID: fileID, filePath: filePath, line: line, column: column)
        // Let the effect that sent it, and any it started, go on to their next suspension.
        await Task.megaYield()
        return
      }
      if ContinuousClock.now >= deadline { break }
      // Nothing received and no effect running: nothing can arrive, so there is no use waiting.
      // (A received action that did not match stays unmatched: the scan above saw it.)
      if attempt >= 100, ledger.inner.withLock({ $0.inFlight.isEmpty }) { break }
      attempt += 1
      if attempt < 100 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
    }
    let running = ledger.inner.withLock { $0.inFlight.values.map(\.action) }
    reportIssue(
      TestStoreMessage.nothingReceived(expected: expected, timeout: timeout, running: running),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Marks every action received so far as asserted, and moves on from the state they left.
  ///
  /// - Parameters:
  ///   - strict: Whether to report it when there was nothing to skip.
  ///   - fileID: Where a failure is reported: the caller's file, by default.
  ///   - filePath: The caller's file path, by default.
  ///   - line: The caller's line, by default.
  ///   - column: The caller's column, by default.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let skipped = await skip(
      "received actions", strict: strict,
      fileID: fileID, filePath: filePath, line: line, column: column
    ) { inner in
      defer { inner.received.removeAll() }
      if let last = inner.received.last { inner.expectedState = last.step.state }
      return inner.received.count
    }
    // Shared values move on with the skipped actions' state.
    if skipped > 0 { ledger.sharedChanges.reset() }
  }
}
