@_spi(Internals) import Bearing
import BearingProcessTesting
import BearingTesting
import IssueReporting
import Testing
import XCTest

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// `XCTExpectFailure` on Linux: what a matcher accepts is expected, the rest still fails.
final class XCTExpectFailureTests: XCTestCase {
  func testAMatchingIssueIsExpected() {
    XCTExpectFailure { $0.compactDescription.hasSuffix("the expected one") }
    reportIssue("the expected one")
  }

  func testTheBlockFormExpectsOnlyInsideTheBlock() {
    XCTExpectFailure {
      reportIssue("inside")
    } issueMatcher: {
      $0.compactDescription == "failed - inside"
    }
  }

  func testWithoutAMatcherEveryIssueIsExpected() {
    XCTExpectFailure()
    reportIssue("one")
    reportIssue("two")
  }
}

/// The process-wide count of cancellable effects that TCA's test cases check after each test.
/// XCTest runs one test at a time, so no other test's effects move the count meanwhile.
final class CancellablesCountTests: XCTestCase {
  struct CancelID: Hashable, Sendable {}

  @MainActor
  func testCancellableEffectsAreCountedWhileTheyRun() async {
    _cancellationCancellables.withValue { $0.removeAll() }
    let store = Store(initialState: 0) {
      Reduce<Int, Bool> { _, start in
        start
          ? .run { _ in try await Task.never() }.cancellable(id: CancelID())
          : .cancel(id: CancelID())
      }
    }
    let task = store.send(true)
    XCTAssertEqual(_cancellationCancellables.count, 1)
    XCTAssertEqual(store.effectCancellables.count, 1)
    store.send(false)
    XCTAssertEqual(_cancellationCancellables.count, 0)
    await task.finish()
    XCTAssertEqual(store.effectCancellables.count, 0)
  }

  /// `effect.actions` starts the effect as the stream is made: an effect cancelled right
  /// after is cancelled, where one started later in a task of its own would miss the
  /// cancellation and run for ever.
  @MainActor
  func testActionsStartTheEffectWhenTheStreamIsMade() async {
    struct Token: Hashable, Sendable {}
    for _ in 0..<20 {
      let stream = Effect<Int>.run { _ in try await Task.never() }
        .cancellable(id: Token()).actions
      Task.cancel(id: Token())
      let ended = await withTaskGroup(of: Bool.self) { group in
        group.addTask {
          for await _ in stream {}
          return true
        }
        group.addTask {
          try? await Task.sleep(for: .seconds(5))
          return false
        }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
      }
      XCTAssertTrue(ended)
    }
  }

  /// `withTaskCancellation(id:)` is registered before its operation starts: cancelling the id
  /// as soon as the operation has begun cancels it.
  @MainActor
  func testWithTaskCancellationIsCancellableFromItsFirstMoment() async {
    struct Token: Hashable, Sendable {}
    for _ in 0..<20 {
      let (started, began) = AsyncStream.makeStream(of: Void.self)
      let task = Task {
        try await withTaskCancellation(id: Token()) {
          began.yield()
          began.finish()
          try await Task.sleep(for: .seconds(5))
        }
      }
      for await _ in started {}
      Task.cancel(id: Token())
      let clock = ContinuousClock()
      let start = clock.now
      _ = try? await task.value
      XCTAssertLessThan(clock.now - start, .seconds(4))
      XCTAssertEqual(_cancellationCancellables.count, 0)
    }
  }

  /// A send made cancellable twice with `cancelInFlight` still sends: cancelling what is in
  /// flight happens before it starts, and does not cancel the enclosing one of the same id.
  @MainActor
  func testASendCancellableInFlightTwiceStillSends() async {
    for _ in 0..<20 {
      let effect = Effect<Int>.send(42)
        .cancellable(id: "id", cancelInFlight: true)
        .cancellable(id: "id", cancelInFlight: true)
      var values: [Int] = []
      for await value in effect.actions { values.append(value) }
      XCTAssertEqual(values, [42])
    }
  }

  /// A publisher effect is over for the store the moment its publisher completes, even when
  /// that happens on a thread that never suspends.
  @MainActor
  func testAPublisherEffectEndsWhenItsPublisherCompletes() async {
    let scheduler = DispatchQueue.test
    let store = Store(initialState: 0) {
      Reduce<Int, Bool> { state, start in
        if !start { state += 1 }
        return start ? .publisher { Just(false).delay(for: 1, scheduler: scheduler) } : .none
      }
    }
    store.send(true)
    XCTAssertEqual(store.effectCancellables.count, 1)
    // The synchronous advance, which never suspends (the async one yields first).
    let advance = { scheduler.advance(by: 2) }
    advance()
    XCTAssertEqual(store.effectCancellables.count, 0)
    XCTAssertEqual(store.withState { $0 }, 1)
  }

  /// Effects that end at once leave no id registered behind them, however the tasks interleave:
  /// the registration used to be made after the task that removes it started, so a fast effect
  /// could end before its key was known and stay counted for ever.
  @MainActor
  func testEffectsThatEndAtOnceLeaveNoRegistration() async {
    _cancellationCancellables.withValue { $0.removeAll() }
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in .run { _ in }.cancellable(id: CancelID()) }
    }
    for n in 0..<2_000 { await store.send(n).finish() }
    XCTAssertEqual(_cancellationCancellables.count, 0)
  }
}

/// Dependencies' test values start afresh in each XCTest test, on Linux as on Apple's systems
/// (BearingTesting links the observer that resets them): whichever of these runs second would
/// see the other's ids otherwise.
final class DependencyResetTests: XCTestCase {
  func testStackIDsStartAtZeroInOneTest() {
    @Dependency(\.stackElementID) var stackElementID
    XCTAssertEqual(stackElementID.peek(), 0)
    _ = stackElementID.next()
    _ = stackElementID.next()
  }

  func testStackIDsStartAtZeroInAnother() {
    @Dependency(\.stackElementID) var stackElementID
    XCTAssertEqual(stackElementID.peek(), 0)
    _ = stackElementID.next()
    _ = stackElementID.next()
  }
}

/// `XCTExpectFailure` is strict in every test, the first of a process included: each case runs
/// tests of `bearing-expect-failure-probe` in a process of their own and reads XCTest's verdict.
@Suite struct XCTExpectFailureInAFreshProcessTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let group: String
    let passes: Bool
    let failures: Int
    let says: [String]
    let saysNot: [String]
    var testDescription: String { group }
  }

  static let cases: [Case] = [
    Case(group: "matched", passes: true, failures: 0, says: [], saysNot: []),
    Case(
      group: "missing", passes: false, failures: 1,
      says: ["Expected failure: a reason was not recorded"], saysNot: []),
    Case(
      group: "missing-async", passes: false, failures: 1,
      says: ["Expected failure: a reason was not recorded"], saysNot: []),
    Case(
      group: "missing-in-block", passes: false, failures: 1,
      says: ["Expected failure: a reason was not recorded"], saysNot: []),
    Case(group: "not-strict", passes: true, failures: 0, says: [], saysNot: []),
    Case(
      group: "non-matching", passes: false, failures: 2,
      says: ["another one", "Expected failure was not recorded"], saysNot: []),
    Case(
      group: "non-matching-in-block", passes: false, failures: 1,
      says: ["another one"], saysNot: ["was not recorded"]),
    Case(
      group: "unexpected", passes: false, failures: 1,
      says: ["another one"], saysNot: ["was not recorded"]),
    Case(
      group: "after-block", passes: false, failures: 1,
      says: ["another one"], saysNot: ["was not recorded"]),
    Case(
      group: "next-test", passes: false, failures: 1,
      says: ["Probes.testNothingExpected : ", "another one"], saysNot: []),
  ]

  @Test(arguments: cases)
  func verdict(_ expected: Case) async throws {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("expect-failure-\(expected.group)-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: output) }
    let probe = LineProcess.builtExecutable("bearing-expect-failure-probe")
    let child = try ChildProcess.spawn(
      [probe.path, expected.group], output: .file(output), errorsToOutput: true)
    let status = await child.exitStatus(within: .seconds(120))
    let text = try String(contentsOf: output, encoding: .utf8)
    #expect((status == 0) == expected.passes, "exit status \(String(describing: status)):\n\(text)")
    let plural = expected.failures == 1 ? "failure" : "failures"
    #expect(text.contains("with \(expected.failures) \(plural)"), "\(text)")
    for line in expected.says { #expect(text.contains(line), "\(text)") }
    for line in expected.saysNot { #expect(!text.contains(line), "\(text)") }
  }
}
