/// A secret API key that never shows itself: its description, debug description, mirror and
/// `dump` all read `<redacted>`. Use ``value`` only where the key is sent (an HTTP header).
///
/// ```swift
/// let key = APIKey("fsq3abc…")
/// print(key)  // <redacted>
/// request.setValue("Bearer \(key.value)", forHTTPHeaderField: "Authorization")
/// ```
public struct APIKey: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The key itself, for the one place it is needed.
  public let value: String

  public init(_ value: String) {
    self.value = value
  }

  public var description: String { "<redacted>" }
  public var debugDescription: String { "APIKey(<redacted>)" }
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
