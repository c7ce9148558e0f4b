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
  public func ifLet<Wrapped>(
    then unwrap: @escaping (_ store: Store<Wrapped, Action>) -> Void,
    else: @escaping () -> Void = {}
  ) -> AnyCancellable where State == Wrapped? {
    publisher
      .removeDuplicates { ($0 != nil) == ($1 != nil) }
      .sink { [self] state in
        guard let state else { return `else`() }
        // Caching as this store does: a key-path scope of the child store is kept when one of
        // this store's would be.
        unwrap(unwrapping(SendableKeyPath<State, Wrapped?>(\.self), initial: state) { $0 })
      }
  }
}
