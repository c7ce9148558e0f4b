import UnixSignals

/// How a command ends when another process stops it with a signal: as the shell expects, with
/// exit status 128 + the signal's number (130 for SIGINT, 143 for SIGTERM), after one line on
/// standard error saying which signal it was.
enum SignalExit {
  /// 128 + the signal's number.
  static func status(for signal: UnixSignal) -> Int32 { 128 + signal.rawValue }

  /// Prints "coffee-finder: stopped by SIGTERM" (or the like) and returns the exit status.
  static func report(_ signal: UnixSignal) -> Int32 {
    Console.note("stopped by \(signal.description.uppercased())")
    return status(for: signal)
  }
}
