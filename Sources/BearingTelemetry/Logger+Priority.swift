import Dependencies
import Logging

extension Logger {
  /// Logs `message` at `priority` and, when given, tracks `analytics` through the
  /// `\.analytics` dependency: one call for "this happened" in both places.
  ///
  /// Secrets are redacted by the handler (``TerminalLogHandler``) and by ``AnalyticsEvent``.
  ///
  /// ```swift
  /// logger.log("saved \(favorite.name)", priority: .info,
  ///            analytics: AnalyticsEvent("favorite_added"), options: [.personalData])
  /// ```
  public func log(
    _ message: @autoclosure () -> String,
    priority: LogPriority,
    analytics: AnalyticsEvent? = nil,
    options: LogOptions = [],
    file: String = #fileID,
    function: String = #function,
    line: UInt = #line
  ) {
    if let analytics {
      @Dependency(\.analytics) var client
      client.track(analytics)
    }
    guard logLevel <= priority.level else { return }
    var text = message()
    if options.contains(.personalData), logLevel > LogPriority.verbose.level {
      text = "<personal data omitted>"
    }
    var metadata: Logger.Metadata?
    if options.contains(.sourceLocation) {
      metadata = ["file": "\(file)", "function": "\(function)", "line": "\(line)"]
    }
    log(
      level: priority.level, "\(text)", metadata: metadata, file: file, function: function,
      line: line)
  }
}
