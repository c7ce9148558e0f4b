/// Extra handling for one log message.
public struct LogOptions: OptionSet, Hashable, Sendable {
  /// The options' bits.
  public let rawValue: Int
  /// Creates the options whose bits are `rawValue`.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Add `file`, `function` and `line` as metadata.
  public static let sourceLocation = LogOptions(rawValue: 1 << 0)
  /// The message may hold personal data (a note's text, a search query): it is logged only
  /// at the `verbose` priority's level, otherwise replaced by `<personal data omitted>`.
  public static let personalData = LogOptions(rawValue: 1 << 1)
}
