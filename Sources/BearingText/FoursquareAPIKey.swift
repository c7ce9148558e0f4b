import Foundation

/// A Foursquare Places API key that never shows itself: the package's one API-key type.
///
/// Every way of printing a key — `description`, `debugDescription`, `dump` and reflection, which
/// custom dumps read too — hides the key: `FoursquareAPIKey(<redacted>)`, or with reflection no
/// field at all. The type is deliberately not `Codable`, so a key cannot end up in analytics or a
/// JSON log by accident.
///
/// ```swift
/// if let key = FoursquareAPIKey.fromEnvironment() {
///   print(key)  // FoursquareAPIKey(<redacted>)
/// }
/// ```
public struct FoursquareAPIKey: Hashable, Sendable {
  /// The name of the environment variable the key is read from.
  public static let environmentVariable = "FOURSQUARE_API_KEY"

  /// The key itself, for the `Authorization` header, the app's config file and its log
  /// redactor only.
  package let secret: String

  /// A key from its text, surrounding whitespace removed; `nil` when nothing is left.
  public init?(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    self.secret = trimmed
  }

  /// A key of exactly `text`, for the app's settings, which check a key's text themselves.
  package init(verbatim text: String) {
    self.secret = text
  }

  /// The key in `FOURSQUARE_API_KEY`, or `nil` when the variable is unset or blank.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Self? {
    environment[environmentVariable].flatMap(Self.init)
  }

  /// `text` with every occurrence of the key replaced, for server messages that echo it.
  package func scrub(_ text: String) -> String {
    text.replacingOccurrences(of: secret, with: "<redacted>")
  }
}

extension FoursquareAPIKey: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// Always "FoursquareAPIKey(<redacted>)": the key never appears in logs or interpolations.
  public var description: String { "FoursquareAPIKey(<redacted>)" }
  /// The same redacted text as `description`.
  public var debugDescription: String { description }
  /// No children: reflection-based printing (`dump`, `String(reflecting:)`) cannot reach the key.
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}
