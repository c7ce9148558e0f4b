import BearingText

/// Why settings could not be loaded or saved. Every case names the file, variable or option
/// at fault; a value is quoted (control characters escaped) unless it is the API key.
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong with a value, before it is known where the value came from.
  public struct Reason: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
  }

  case invalidValue(key: SettingKey, source: SettingSource, reason: String)
  case unknownKey(String, path: String)
  case malformedFile(path: String, reason: String)
  case unreadableFile(path: String, reason: String)
  case cannotWrite(path: String, reason: String)

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
