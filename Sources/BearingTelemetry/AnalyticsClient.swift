import BearingText
import Dependencies
import DependenciesMacros
import Foundation

// MARK: Interface

/// Where analytics events go. No-op unless the app chooses a sink.
///
/// ```swift
/// @Dependency(\.analytics) var analytics
/// analytics.track(AnalyticsEvent("favorite_added", ["source": "foursquare"]))
/// ```
///
/// Tracking never throws and never waits: analytics must not break or slow the app.
@DependencyClient
public struct AnalyticsClient: Sendable {
  /// Records one event.
  public var track: @Sendable (_ event: AnalyticsEvent) -> Void
}

// MARK: Test key

extension AnalyticsClient: TestDependencyKey {
  /// Fails the test on any event it was not told to expect.
  public static let testValue = AnalyticsClient()
  /// Drops every event.
  public static let previewValue = AnalyticsClient.noop
}

// MARK: Accessor

extension DependencyValues {
  /// The analytics sink.
  public var analytics: AnalyticsClient {
    get { self[AnalyticsClient.self] }
    set { self[AnalyticsClient.self] = newValue }
  }
}

// MARK: Live

extension AnalyticsClient: DependencyKey {
  /// No-op: nothing is collected unless the user turns a sink on.
  public static let liveValue = AnalyticsClient.noop

  /// Drops every event.
  public static let noop = AnalyticsClient(track: { _ in })

  /// Appends each event as one JSON object per line to the file at `path` (created with mode
  /// 0600): `{"event":"search","properties":{…},"time":"2025-01-01T10:00:00Z"}`.
  ///
  /// A failure to write is logged once as a warning and otherwise ignored.
  public static func jsonLines(
    path: String, now: @escaping @Sendable () -> Date = { Date() }
  ) -> AnalyticsClient {
    let sink = JSONLinesSink(path: path, now: now)
    return AnalyticsClient(track: { sink.write($0) })
  }

  // MARK: Mocks

  /// Records every event in `recorder`, for tests that assert on what was tracked.
  public static func capturing(_ recorder: AnalyticsRecorder) -> AnalyticsClient {
    AnalyticsClient(track: { recorder.record($0) })
  }
}
