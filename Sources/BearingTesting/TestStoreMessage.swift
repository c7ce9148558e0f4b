import CustomDump

/// Every failure message a `TestStore` reports, in one place.
///
/// They are worded as The Composable Architecture's TestStore words them: tests written for it
/// match them with `XCTExpectFailure` or `withKnownIssue`, so their endings must not drift
/// (`scripts/tca-conformance` runs TCA's TestStoreFailureTests against them).
enum TestStoreMessage {
  /// `TestStoreTask.finish(timeout:)` gave up.
  static func taskStillInFlight(after timeout: Duration) -> String {
    let seconds =
      Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    return "Expected task to finish, but it is still in-flight after \(seconds) seconds."
  }

  /// The assertion closure left the state as it was.
  static let noChange = """
    Expected state to change, but no change occurred.

    The trailing closure made no observable modifications to state. If no change to state is \
    expected, omit the trailing closure.
    """

  /// The state after a step differs from the expected one.
  static func stateMismatch<T>(expected: T, actual: T, asserted: Bool) -> String {
    let headline =
      asserted
      ? "A state change does not match expectation."
      : "State was not expected to change, but a change occurred."
    let difference =
      diff(expected, actual, format: .proportional)
      .map { "\($0.indentedLines(by: 4))\n\n(Expected: −, Actual: +)" }
        ?? """
        Expected:
        \(String(customDumping: expected).indentedLines(by: 4))

        Actual:
        \(String(customDumping: actual).indentedLines(by: 4))
        """
    return "\(headline)\n\n\(difference)"
  }

  /// The assertion closure threw.
  static func threw(_ error: any Error) -> String {
    "Threw error: \(error)"
  }

  /// A send came while received actions were still unasserted.
  static func mustHandle(_ pending: [some Any]) -> String {
    """
    Must handle \(pending.count) received \(pending.count == 1 ? "action" : "actions") before \
    sending an action.

    Unhandled actions: \(String(customDumping: pending))
    """
  }

  /// Actions were received that the test never asserted.
  static func unhandledReceived(_ received: [some Any]) -> String {
    let list = received.map { shortDump($0).indentedLines(by: 4) }.joined(separator: "\n")
    return """
      The store received \(received.count) unexpected \
      \(received.count == 1 ? "action" : "actions").

        Unhandled actions:
      \(list)

      To fix, explicitly assert against these actions using "store.receive", skip these actions \
      by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
      store: "store.exhaustivity = .off".
      """
  }

  /// An action arrived that is not the one the test expected.
  static func unexpectedReceived<T>(expected: T, received: T) -> String {
    let difference =
      diff(expected, received, format: .proportional)
      .map { "\($0.indentedLines(by: 4))\n\n(Expected: −, Received: +)" }
      ?? "  \(String(customDumping: received))"
    return "Received unexpected action:\n\n\(difference)"
  }

  /// An action of the case a `receive(_:_:)` named arrived with another value: the action the
  /// test described against the one that came, as The Composable Architecture words it.
  static func unexpectedReceived<T>(expected: T, actual: T) -> String {
    let difference =
      diff(expected, actual, format: .proportional)
      .map { "\($0.indentedLines(by: 2))\n\n(Expected: −, Actual: +)" }
      ?? "  \(String(customDumping: actual))"
    return "Received unexpected action:\n\n\(difference)"
  }

  /// An action arrived that the predicate or case path of `receive` did not match.
  static func unexpectedReceived(_ received: some Any) -> String {
    "Received unexpected action:\n\n  \(String(customDumping: received))"
  }

  /// What a `receive` asked for.
  enum Expected {
    /// An action, dumped.
    case action(String)
    /// An action matching a "case path" or a "predicate".
    case matching(String)
  }

  /// `receive` found nothing to receive.
  static func nothingReceived(expected: Expected, timeout: Duration, running: [String]) -> String {
    let headline =
      switch expected {
      case .action(let action):
        "Expected to receive the following action, but didn't:\n\n  \(action)"
      case .matching(let kind):
        "Expected to receive an action matching \(kind), but didn't get one."
      }
    guard !running.isEmpty else { return headline }
    return """
      \(headline)

      No action arrived within \(timeout). Effects still running were started by:
      \(running.map { "  " + $0 }.joined(separator: "\n"))
      """
  }

  /// An effect outlived the test: the action that started it, then The Composable
  /// Architecture's wording.
  static func effectStillRunning(startedBy action: String) -> String {
    "Started by \(action):\n\n\(effectStillRunning)"
  }

  private static let effectStillRunning = """
    An effect returned for this action is still running. It must complete before the end of \
    the test.

    To fix, inspect any effects the reducer returns for this action and ensure that all of \
    them complete by the end of the test. There are a few reasons why an effect may not have \
    completed:

    If using async/await in your effect, it may need a little bit of time to properly \
    finish. To fix you can simply perform "await store.finish()" at the end of your test.

    If an effect uses a clock (or scheduler, via "receive(on:)", "delay", "debounce", etc.), \
    make sure that you wait enough time for it to perform the effect. If you are using a test \
    clock/scheduler, advance it so that the effects may complete, or consider using an \
    immediate clock/scheduler to immediately perform the effect instead.

    If you are returning a long-living effect (timers, notifications, subjects, etc.), then \
    make sure those effects are torn down by marking the effect ".cancellable" and returning a \
    corresponding cancellation effect ("Effect.cancel") from another action, or, if your \
    effect is driven by a Combine subject, send it a completion.

    If you do not wish to assert on these effects, perform "await \
    store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
    "store.exhaustivity = .off".
    """
}

/// A value dumped as it appears inside a collection: an enum case as `.second`, not with its
/// type's full name.
func shortDump(_ value: some Any) -> String {
  var lines = String(customDumping: [value]).split(
    separator: "\n", omittingEmptySubsequences: false)
  guard lines.count >= 3 else { return String(customDumping: value) }
  lines.removeFirst()
  lines.removeLast()
  return lines.enumerated().map { index, line in
    let text = line.dropFirst(2)
    return index == 0 ? String(text.drop { $0 != ":" }.dropFirst(2)) : String(text)
  }.joined(separator: "\n")
}
