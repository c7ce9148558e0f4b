import Observation

/// Tracks the observable properties `apply` reads and calls `onChange` once when one of them is
/// about to change: Swift's `withObservationTracking`, under the name The Composable
/// Architecture's Perception library gives it (Perception back-ports Observation to older Apple
/// systems; Linux has Observation itself).
///
/// ```swift
/// withPerceptionTracking { _ = store.count } onChange: { print("count will change") }
/// ```
public func withPerceptionTracking<T>(
  _ apply: () -> T,
  onChange: @autoclosure () -> @Sendable () -> Void
) -> T {
  withObservationTracking(apply, onChange: onChange())
}
