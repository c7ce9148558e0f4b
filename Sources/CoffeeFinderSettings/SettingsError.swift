import BearingText

/// Why settings could not be loaded or saved. Every case names the file, variable or option
/// at fault; a value is quoted (control characters escaped) unless it is the API key.
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong with a value, before it is known where the value came from.
  public struct Reason: Error, Equatable, Sendable {
    /// The problem, as the end of a sentence: "must be a whole number from 1 to 50, not …".
    public var message: String
    /// A reason with `message`.
    public init(_ message: String) { self.message = message }
  }

  /// The value `source` gave for `key` is not valid; `reason` says why.
  case invalidValue(key: SettingKey, source: SettingSource, reason: String)
  /// The config file at `path` has a key no setting has; loading warns with it and goes on.
  case unknownKey(String, path: String)
  /// The config file is not one JSON object of settings.
  case malformedFile(path: String, reason: String)
  /// The config file exists but cannot be read; `reason` is the system's.
  case unreadableFile(path: String, reason: String)
  /// The config file or its directory cannot be written; `reason` is the system's.
  case cannotWrite(path: String, reason: String)

  /// One sentence naming what is at fault: the file, and for a bad value the setting and the
  /// variable or option that gave it.
  public var description: String {
    switch self {
    case .invalidValue(let key, let source, let reason):
      "invalid \(key) in \(source): \(reason)"
    case .unknownKey(let key, let path):
      "unknown key \"\(TerminalText.escape(key, limit: 80))\" in \(path); known keys: "
        + SettingKey.allCases.map(\.rawValue).joined(separator: ", ")
    case .malformedFile(let path, let reason):
      "\(path) is not a valid JSON config file: \(reason)"
    case .unreadableFile(let path, let reason):
      "cannot read \(path): \(reason)"
    case .cannotWrite(let path, let reason):
      "cannot write \(path): \(reason)"
    }
  }
}
