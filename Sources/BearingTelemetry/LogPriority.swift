import Logging

/// How much a log message matters, from the chattiest to the most severe.
///
/// The prototype's priorities, mapped onto swift-log's levels so any swift-log handler can
/// filter them.
public enum LogPriority: Int, Hashable, Sendable, CaseIterable, Comparable {
  /// Step-by-step detail (every action a store receives).
  case verbose
  /// Useful when looking for a bug.
  case debug
  /// Something normal happened that is worth knowing (a search ran).
  case info
  /// Something unexpected that the app recovered from.
  case warning
  /// An operation failed.
  case error
  /// The app cannot go on.
  case critical

  /// The swift-log level this priority is logged at.
  public var level: Logger.Level {
    switch self {
    case .verbose: .trace
    case .debug: .debug
    case .info: .info
    case .warning: .warning
    case .error: .error
    case .critical: .critical
    }
  }

  /// Whether `lhs` is the less severe priority.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
