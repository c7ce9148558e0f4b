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
    /// Why the line or point was skipped, such as a bad checksum or no fix.
    public var reason: String

    /// Creates an issue.
    public init(line: Int, reason: String) {
      self.line = line
      self.reason = reason
    }

    /// "line N: reason".
    public var description: String { "line \(line): \(reason)" }
  }

  /// The fixes, in time order.
  public var fixes: [Location]
  /// How many sentences (or points) the file held, skipped ones included; 0 when unknown.
  public var sentences: Int
  /// What was skipped.
  public var issues: [Issue]

  /// Creates a track.
  public init(fixes: [Location], issues: [Issue] = [], sentences: Int = 0) {
    self.fixes = fixes
    self.issues = issues
    self.sentences = sentences
  }

  /// One line saying what was skipped and why, such as "14 of 330 sentences skipped: 12 had bad
  /// checksums, 2 reported no fix"; nil when nothing was.
  public var issueSummary: String? {
    guard !issues.isEmpty else { return nil }
    var counts: [(String, Int)] = []
    for issue in issues {
      let kind = Self.kind(of: issue.reason)
      if let index = counts.firstIndex(where: { $0.0 == kind }) {
        counts[index].1 += 1
      } else {
        counts.append((kind, 1))
      }
    }
    let of = sentences > 0 ? " of \(sentences)" : ""
    let noun = sentences > 0 ? "sentences" : "entries"
    return "\(issues.count)\(of) \(noun) skipped: "
      + counts.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
  }

  static func kind(of reason: String) -> String {
    if reason.contains("checksum") { return "had bad checksums" }
    if reason.contains("simulated") { return "reported a simulated fix" }
    if reason.contains("no fix") { return "reported no fix" }
    return "malformed"
  }
}
