import ConcurrencyExtras

/// The events a ``AnalyticsClient/capturing(_:)`` client received, in order.
public final class AnalyticsRecorder: Sendable {
  private let storage = LockIsolated<[AnalyticsEvent]>([])

  /// Creates a recorder with no events.
  public init() {}

  /// Every event so far.
  public var events: [AnalyticsEvent] { storage.value }

  func record(_ event: AnalyticsEvent) {
    storage.withValue { $0.append(event) }
  }
}
