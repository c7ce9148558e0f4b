import Logging

extension Reducer {
  /// Logs every action and the state change it caused, through swift-log.
  ///
  /// The Redux prototype's logging middleware, as a higher-order reducer. Nothing is formatted
  /// unless `logger` lets `level` through, so it costs one comparison when quiet.
  ///
  /// ```swift
  /// Store(initialState: App.State()) {
  ///   App().logging(to: Logger(label: "coffee-finder.actions"), level: .debug)
  /// }
  /// ```
  public func logging(to logger: Logging.Logger, level: Logging.Logger.Level = .debug)
    -> _LoggingReducer<Self>
  {
    _LoggingReducer(base: self, logger: logger, level: level)
  }
}

/// What ``Reducer/logging(to:level:)`` builds.
public struct _LoggingReducer<Base: Reducer>: Reducer {
  let base: Base
  let logger: Logging.Logger
  let level: Logging.Logger.Level

  /// Runs the base reducer, then logs the action and the state's diff when the level is on.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard logger.logLevel <= level else {
      return base.reduce(into: &state, action: action)
    }
    let before = state
    let effect = base.reduce(into: &state, action: action)
    logger.log(level: level, "\(describeChange(action: action, before: before, after: state))")
    return effect
  }
}
