#if !canImport(ObjectiveC) && canImport(XCTest)
  import Foundation
  import XCTest

  extension XCTestCase {
    /// Waits for `expectations`, with no timeout unless one is given, as XCTest does on Apple's
    /// systems: Linux's XCTest requires `timeout:`. The expectations of a test of observation are
    /// fulfilled before the wait, which then returns at once.
    ///
    /// ```swift
    /// await fulfillment(of: [didChange])
    /// ```
    ///
    /// Disfavored, so that a call that passes `timeout:` goes to XCTest's own.
    @_disfavoredOverload
    public func fulfillment(
      of expectations: [XCTestExpectation],
      timeout seconds: TimeInterval = .infinity,
      enforceOrder: Bool = false
    ) async {
      await fulfillment(of: expectations, timeout: seconds, enforceOrder: enforceOrder)
    }

    /// Waits for `expectations` in a synchronous test, with no timeout unless one is given, as
    /// XCTest does on Apple's systems. Disfavored, like ``fulfillment(of:timeout:enforceOrder:)``.
    ///
    /// ```swift
    /// wait(for: [didChange])
    /// ```
    @_disfavoredOverload
    @available(*, noasync, message: "Use await fulfillment(of:timeout:enforceOrder:) instead.")
    public func wait(
      for expectations: [XCTestExpectation],
      timeout seconds: TimeInterval = .infinity,
      enforceOrder: Bool = false,
      file: StaticString = #filePath,
      line: Int = #line
    ) {
      // What XCTest's own `wait(for:timeout:)` does; calling it by name here would resolve to
      // this overload.
      _ = XCTWaiter(delegate: self).wait(
        for: expectations, timeout: seconds, enforceOrder: enforceOrder, file: file, line: line)
    }
  }
#endif
