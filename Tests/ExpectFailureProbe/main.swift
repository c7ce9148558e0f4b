import BearingTesting
import IssueReporting
import XCTest

// XCTest test cases for the tests of XCTExpectFailure on Linux, run by name one group to a
// process (`bearing-expect-failure-probe NAME`), so that the first test of each group is the
// first test of its process, as the first test of each TCA file is in the conformance runs.
// The tests' verdicts are the point: the process exits 0 only if every test of the group passed.

final class Probes: XCTestCase {
  func testMatched() {
    XCTExpectFailure { $0.compactDescription.hasSuffix("the expected one") }
    reportIssue("the expected one")
  }

  func testMissing() {
    XCTExpectFailure("a reason")
  }

  @MainActor func testMissingAsync() async {
    XCTExpectFailure("a reason")
    await Task.yield()
  }

  func testMissingInBlock() {
    XCTExpectFailure("a reason") {}
  }

  func testNotStrict() {
    XCTExpectFailure(strict: false)
  }

  func testNotStrictInBlock() {
    XCTExpectFailure(strict: false) {}
  }

  func testOnlyANonMatchingIssue() {
    XCTExpectFailure { $0.compactDescription.hasSuffix("the expected one") }
    reportIssue("another one")
  }

  func testANonMatchingIssueInBlock() {
    XCTExpectFailure {
      reportIssue("the expected one")
      reportIssue("another one")
    } issueMatcher: {
      $0.compactDescription.hasSuffix("the expected one")
    }
  }

  func testAnUnexpectedIssueBeside() {
    XCTExpectFailure { $0.compactDescription.hasSuffix("the expected one") }
    reportIssue("the expected one")
    reportIssue("another one")
  }

  func testAnIssueAfterTheBlock() {
    XCTExpectFailure {
      reportIssue("the expected one")
    }
    reportIssue("another one")
  }

  func testNothingExpected() {
    reportIssue("another one")
  }
}

let groups: [String: [(String, (Probes) -> () throws -> Void)]] = [
  "matched": [("testMatched", { $0.testMatched })],
  "missing": [("testMissing", { $0.testMissing })],
  "missing-async": [("testMissingAsync", asyncTest { $0.testMissingAsync })],
  "missing-in-block": [("testMissingInBlock", { $0.testMissingInBlock })],
  "not-strict": [
    ("testNotStrict", { $0.testNotStrict }),
    ("testNotStrictInBlock", { $0.testNotStrictInBlock }),
  ],
  "non-matching": [("testOnlyANonMatchingIssue", { $0.testOnlyANonMatchingIssue })],
  "non-matching-in-block": [("testANonMatchingIssueInBlock", { $0.testANonMatchingIssueInBlock })],
  "unexpected": [("testAnUnexpectedIssueBeside", { $0.testAnUnexpectedIssueBeside })],
  "after-block": [("testAnIssueAfterTheBlock", { $0.testAnIssueAfterTheBlock })],
  // The first test's expectation ends with it: the second test's issue is not expected.
  "next-test": [
    ("testMatched", { $0.testMatched }),
    ("testNothingExpected", { $0.testNothingExpected }),
  ],
]

// IssueReporting reports to XCTest only in a process it knows runs tests (an `.xctest` bundle, or
// one XCTest's environment marks); this one runs XCTest's tests under another name.
setenv("XCTestSessionIdentifier", "bearing-expect-failure-probe", 1)

guard CommandLine.arguments.count == 2, let group = groups[CommandLine.arguments[1]] else {
  print("usage: bearing-expect-failure-probe \(groups.keys.sorted().joined(separator: "|"))")
  exit(2)
}
XCTMain([testCase(group)], arguments: [CommandLine.arguments[0]])
