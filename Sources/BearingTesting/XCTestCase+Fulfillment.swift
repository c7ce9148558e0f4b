#if !canImport(ObjectiveC) && canImport(XCTest)
  import Foundation
  import XCTest

  extension XCTestCase {
    /// Waits for `expectations`, with no timeout unless one is given, as XCTest does on Apple's
    /// systems: Linux's XCTest requires `timeout:`.
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
  }
#endif
