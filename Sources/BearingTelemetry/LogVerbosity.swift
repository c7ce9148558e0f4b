import ConcurrencyExtras
import Logging

/// How much the CLI says on standard error.
public enum LogVerbosity: Hashable, Sendable, CaseIterable {
  /// The default: warnings and errors only.
  case quiet
  /// `--verbose`: everything, down to ``LogPriority/verbose``.
  case verbose

  /// The lowest swift-log level shown.
  public var level: Logger.Level {
    switch self {
    case .quiet: .warning
    case .verbose: .trace
    }
  }

  private static let bootstrapped = LockIsolated(false)

  /// Sends every `Logger` in the process to a ``TerminalLogHandler`` at this verbosity.
  ///
  /// Call once, early in `main`. swift-log allows one bootstrap per process, so later calls
  /// return `false` and change nothing (instead of trapping).
  ///
  /// ```swift
  /// LogVerbosity(verbose: options.verbose).bootstrap()
  /// ```
  @discardableResult
  public func bootstrap() -> Bool {
    let first = Self.bootstrapped.withValue { done in
      defer { done = true }
      return !done
    }
    guard first else { return false }
    let level = self.level
    LoggingSystem.bootstrap { label in TerminalLogHandler(label: label, level: level) }
    return true
  }

  /// `.verbose` when `verbose` is set, `.quiet` otherwise.
  public init(verbose: Bool) {
    self = verbose ? .verbose : .quiet
  }
}
