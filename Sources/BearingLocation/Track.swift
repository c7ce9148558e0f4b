import Foundation

/// Fixes read from a recorded track file, with every line that was skipped and why.
///
/// ```swift
/// let track = try NMEAParser().parse(text)
/// for issue in track.issues { print("line \(issue.line): \(issue.reason)") }
/// ```
public struct Track: Hashable, Sendable {
  /// A line or point that was not used.
  public struct Issue: Hashable, Sendable, CustomStringConvertible {
    /// 1-based line number in the file (for GPX, the parser's line for the point).
    public var line: Int
    public var reason: String

    /// Creates an issue.
    public init(line: Int, reason: String) {
      self.line = line
      self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
  }

  /// The fixes, in time order.
  public var fixes: [Location]
  /// What was skipped.
  public var issues: [Issue]

  /// Creates a track.
  public init(fixes: [Location], issues: [Issue] = []) {
    self.fixes = fixes
    self.issues = issues
  }
}
