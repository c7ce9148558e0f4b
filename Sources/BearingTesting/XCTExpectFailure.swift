#if !canImport(ObjectiveC) && canImport(XCTest)
  // Its constructor calls `bearing_testing_start` (below) as the process loads; the import
  // says the dependency is this file's.
  import CBearingTestingStart
  import Foundation
  import IssueReporting
  import Synchronization
  import XCTest

  // XCTest on Linux has no expected failures. TestStore's failures reach XCTest through
  // IssueReporting, so Bearing gives `XCTExpectFailure` there by standing in front of the issue
  // reporters: an issue that an active expectation matches is recorded as expected and goes no
  // further; any other goes on to XCTest as before.

  /// A failure recorded in a test, as `XCTExpectFailure`'s `issueMatcher` sees it (Linux).
  public struct XCTIssue: Sendable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum IssueType: Sendable {
      /// A failed assertion or a reported issue: every issue the matcher is shown is one.
      case assertionFailure
      /// An error thrown out of a test, as on Apple platforms; never given on Linux.
      case thrownError
    }

    /// The kind of failure.
    public var type: IssueType
    /// The failure's message, as XCTest prints it: `failed - ` and the message.
    public var compactDescription: String
    /// The message alone.
    public var detailedDescription: String?
    /// Where the failure was recorded.
    public var sourceCodeContext: XCTSourceCodeContext

    /// The same text as `compactDescription`.
    public var description: String { compactDescription }
  }

  /// Where a failure was recorded, as `XCTIssue.sourceCodeContext` gives it (Linux).
  public struct XCTSourceCodeContext: Sendable {
    /// The file and line.
    public var location: XCTSourceCodeLocation?
  }

  /// A file and line, as `XCTSourceCodeContext.location` gives it (Linux).
  public struct XCTSourceCodeLocation: Sendable {
    /// The file.
    public var fileURL: URL
    /// The line.
    public var lineNumber: Int
  }

  /// Expects the test to record a failure from here to its end (Linux).
  ///
  /// ```swift
  /// XCTExpectFailure { $0.compactDescription.hasSuffix("Unhandled actions: …") }
  /// await store.send(.tap)
  /// ```
  ///
  /// - Parameters:
  ///   - failureReason: Why the failure is expected.
  ///   - enabled: `false` expects nothing.
  ///   - strict: When `true` (the default), the test fails if no matching failure is recorded.
  ///   - issueMatcher: Which failures are expected; every failure when `nil`.
  ///   - file: Where a missing expected failure is reported: the caller's file, by default.
  ///   - line: The caller's line, by default.
  public func XCTExpectFailure(
    _ failureReason: String? = nil,
    enabled: Bool? = nil,
    strict: Bool? = nil,
    file: StaticString = #filePath,
    line: UInt = #line,
    issueMatcher: ((XCTIssue) -> Bool)? = nil
  ) {
    guard enabled ?? true else { return }
    ExpectedFailures.shared.expect(
      reason: failureReason, strict: strict ?? true, matcher: issueMatcher, untilEndOfTest: true,
      file: file, line: line)
  }

  /// Expects `failingBlock` to record a failure (Linux).
  ///
  /// ```swift
  /// XCTExpectFailure {
  ///   store.send(.tap)
  /// } issueMatcher: {
  ///   $0.compactDescription.contains("tap")
  /// }
  /// ```
  @discardableResult
  public func XCTExpectFailure<R>(
    _ failureReason: String? = nil,
    enabled: Bool? = nil,
    strict: Bool? = nil,
    file: StaticString = #filePath,
    line: UInt = #line,
    failingBlock: () throws -> R,
    issueMatcher: ((XCTIssue) -> Bool)? = nil
  ) rethrows -> R {
    guard enabled ?? true else { return try failingBlock() }
    let id = ExpectedFailures.shared.expect(
      reason: failureReason, strict: strict ?? true, matcher: issueMatcher, untilEndOfTest: false,
      file: file, line: line)
    defer { ExpectedFailures.shared.end(id) }
    return try failingBlock()
  }

  /// The expectations of the running test, and the reporter that consults them.
  final class ExpectedFailures: Sendable {
    static let shared = ExpectedFailures()

    // `@unchecked Sendable`: a matcher is the test's own closure, not Sendable. Expectations are
    // stored, read and removed only under this type's lock, and a matcher is called only there,
    // while an issue is reported, so no two threads call one at once. What it captures belongs to
    // the test that made it, which XCTest runs alone (in Swift Testing, where tests run at once,
    // `withKnownIssue` is the tool: docs/tca.md).
    private struct Expectation: @unchecked Sendable {
      let id: Int
      let reason: String?
      let strict: Bool
      let matcher: ((XCTIssue) -> Bool)?
      let untilEndOfTest: Bool
      let file: StaticString
      let line: UInt
      var matched = 0
    }

    private struct State {
      var installed = false
      var nextID = 0
      var expectations: [Expectation] = []
    }

    private let state = Mutex(State())

    @discardableResult
    func expect(
      reason: String?, strict: Bool, matcher: ((XCTIssue) -> Bool)?, untilEndOfTest: Bool,
      file: StaticString, line: UInt
    ) -> Int {
      let (id, install) = state.withLock { state -> (Int, Bool) in
        defer { state.nextID += 1 }
        state.expectations.append(
          Expectation(
            id: state.nextID, reason: reason, strict: strict, matcher: matcher,
            untilEndOfTest: untilEndOfTest, file: file, line: line))
        let install = !state.installed
        state.installed = true
        return (state.nextID, install)
      }
      if install {
        IssueReporters.current = [ExpectingReporter(base: IssueReporters.current)]
        // Where the process did not add it as it loaded; it then misses the running test.
        TestBoundary.install()
      }
      if untilEndOfTest {
        // `current` is the running XCTest test: its teardown checks a strict expectation. It is
        // nil outside one (a Swift Testing test), where the expectation lasts until the next
        // XCTest test starts and is not checked.
        TestBoundary.current?.addTeardownBlock { [self] in self.end(id) }
      }
      return id
    }

    /// Ends one expectation: a strict one that matched nothing fails the test.
    func end(_ id: Int) {
      let ended = state.withLock { state -> Expectation? in
        guard let index = state.expectations.firstIndex(where: { $0.id == id }) else { return nil }
        return state.expectations.remove(at: index)
      }
      guard let ended, ended.strict, ended.matched == 0 else { return }
      XCTFail(
        "Expected failure\(ended.reason.map { ": \($0)" } ?? "") was not recorded",
        file: ended.file, line: ended.line)
    }

    /// Forgets every expectation (a new test starts).
    func reset() {
      state.withLock { $0.expectations.removeAll() }
    }

    /// Whether an active expectation, newest first, matches the issue; it counts the match.
    func matches(_ message: String, filePath: StaticString, line: UInt) -> Bool {
      let location = XCTSourceCodeLocation(
        fileURL: URL(fileURLWithPath: "\(filePath)"), lineNumber: Int(line))
      let issue = XCTIssue(
        type: .assertionFailure, compactDescription: "failed - \(message)",
        detailedDescription: message, sourceCodeContext: XCTSourceCodeContext(location: location))
      return state.withLock { state in
        for index in state.expectations.indices.reversed() {
          if state.expectations[index].matcher?(issue) ?? true {
            state.expectations[index].matched += 1
            return true
          }
        }
        return false
      }
    }
  }

  /// Stands in front of the process's issue reporters while expectations exist.
  private struct ExpectingReporter: IssueReporter {
    let base: [any IssueReporter]

    func reportIssue(
      _ message: @autoclosure () -> String?, severity: IssueSeverity,
      fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) {
      let text = message()
      if severity == .error,
        ExpectedFailures.shared.matches(text ?? "", filePath: filePath, line: line)
      {
        for reporter in base {
          reporter.expectIssue(text, fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return
      }
      for reporter in base {
        reporter.reportIssue(
          text, severity: severity, fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }

    func reportIssue(
      _ error: any Error, _ message: @autoclosure () -> String?,
      fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) {
      let text = message()
      let full = "Caught error: \(error)\(text.map { ": \($0)" } ?? "")"
      if ExpectedFailures.shared.matches(full, filePath: filePath, line: line) {
        for reporter in base {
          reporter.expectIssue(
            error, text, fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return
      }
      for reporter in base {
        reporter.reportIssue(
          error, text, fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }

    func expectIssue(
      _ message: @autoclosure () -> String?,
      fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) {
      let text = message()
      for reporter in base {
        reporter.expectIssue(text, fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }

    func expectIssue(
      _ error: any Error, _ message: @autoclosure () -> String?,
      fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) {
      let text = message()
      for reporter in base {
        reporter.expectIssue(
          error, text, fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
  }

  /// Adds BearingTesting's XCTest observer. `CBearingTestingStart` calls it as a test process
  /// loads, before XCTest starts any test, so that the observer sees every test start, the
  /// process's first included (in a process that runs no XCTest test it is never called); not
  /// for use in code.
  @_cdecl("bearing_testing_start")
  public func _bearingTestingStart() {
    TestBoundary.install()
  }

  /// Knows the running test case, and forgets its expectations when it ends.
  private final class TestBoundary: NSObject, XCTestObservation {
    // XCTest sets it as each test case starts and ends, one test at a time, and a test's body
    // reads it only between those two points, so no read races a write.
    nonisolated(unsafe) static var current: XCTestCase?

    private static let installed = Mutex(false)

    /// Adds the observer, once per process.
    static func install() {
      let first = installed.withLock { installed in
        defer { installed = true }
        return !installed
      }
      if first { XCTestObservationCenter.shared.addTestObserver(TestBoundary()) }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
      ExpectedFailures.shared.reset()
      Self.current = testCase
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
      ExpectedFailures.shared.reset()
      Self.current = nil
    }
  }
#endif
