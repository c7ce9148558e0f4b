import Bearing
import IssueReporting

extension TestStore {
  /// Waits for an action fed back by an effect, checks it is `expectedAction`, and checks the
  /// state change as ``send(_:assert:fileID:filePath:line:column:)`` does.
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
      describe: {
        diff(expectedAction, $0).map { "\($0.indent(by: 2))\n\n(Expected: −, Received: +)" }
          ?? String(customDumping: $0)
      },
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
      describe: { "  " + String(customDumping: $0) },
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
      describe: { action in
        casePath.extract(from: action).flatMap { diff(value, $0) }
          .map { "\($0.indent(by: 2))\n\n(Expected: −, Received: +)" }
          ?? "  " + String(customDumping: action)
      },
      timeout: timeout, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  private func receive(
    matching: (Action) -> Bool,
    describe: (Action) -> String,
    timeout: Duration?,
    assert: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async {
    let deadline = ContinuousClock.now + (timeout ?? self.timeout)
    var attempt = 0
    while true {
      let exhaustivity = ledger.exhaustivity
      let taken = ledger.inner.withLock { inner -> (taken: (Action, State)?, skipped: Int) in
        if exhaustivity == .on {
          guard !inner.received.isEmpty else { return (nil, 0) }
          return (inner.received.removeFirst(), 0)
        }
        guard let index = inner.received.firstIndex(where: { matching($0.action) }) else {
          return (nil, 0)
        }
        let skipped = index
        inner.received.removeFirst(index)
        return (inner.received.removeFirst(), skipped)
      }
      if let (action, state) = taken.taken {
        if !matching(action) {
          reportIssue(
            "Received an unexpected action:\n\n\(describe(action))",
            fileID: fileID, filePath: filePath, line: line, column: column)
        }
        check(
          actual: state, assert: assert, verb: "receiving", action: action,
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      if ContinuousClock.now >= deadline { break }
      attempt += 1
      if attempt < 100 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
    }
    let running = ledger.inner.withLock { $0.inFlight.values.map(\.action) }
    reportIssue(
      """
      Expected to receive an action, but none arrived within \(timeout ?? self.timeout).
      \(running.isEmpty
        ? "No effect is running, so none will arrive."
        : "Effects still running were started by:\n" + running.map { "  " + $0 }.joined(separator: "\n"))
      """,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Marks every action received so far as asserted, and moves on from the state they left.
  public func skipReceivedActions() async {
    await Task.yield()
    ledger.inner.withLock { inner in
      if let last = inner.received.last { inner.expectedState = last.state }
      inner.received.removeAll()
    }
  }
}
