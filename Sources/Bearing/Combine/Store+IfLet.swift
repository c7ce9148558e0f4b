import Synchronization

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

extension Store {
  /// Calls `unwrap` with a store of the wrapped state each time the optional state becomes
  /// non-`nil`, and `else` each time it becomes `nil` (and at once, if it is `nil` now), for as
  /// long as the returned cancellable is kept: The Composable Architecture's UIKit-era helper.
  ///
  /// ```swift
  /// store.scope(state: \.detail, action: \.detail)
  ///   .ifLet(then: { detail in show(detail) }, else: { hideDetail() })
  ///   .store(in: &cancellables)
  /// ```
  ///
  /// The child store keeps the last non-`nil` state once the state becomes `nil`.
  public func ifLet<Wrapped: Sendable>(
    then unwrap: @escaping (_ store: Store<Wrapped, Action>) -> Void,
    else: @escaping () -> Void = {}
  ) -> AnyCancellable where State == Wrapped? {
    publisher
      .removeDuplicates { ($0 != nil) == ($1 != nil) }
      .sink { [self] state in
        guard let state else { return `else`() }
        let last = LastWrapped(state)
        unwrap(
          scope(
            state: { optional in
              last.value.withLock { last in
                if let optional { last = optional }
                return last
              }
            },
            action: { $0 }))
      }
  }
}

/// The last non-`nil` state an ``Store/ifLet(then:else:)`` child store saw.
private final class LastWrapped<Wrapped: Sendable>: Sendable {
  let value: Mutex<Wrapped>
  init(_ value: Wrapped) { self.value = Mutex(value) }
}
