import BearingText
import ConcurrencyExtras
import Foundation

/// Removes secrets from text bound for logs and analytics.
///
/// Two nets: the exact values registered at start-up (the configured API key), and patterns
/// that look like credentials whatever their value (`Authorization: Bearer …`, `api_key=…`,
/// `token=…`, Foursquare's `fsq3…` keys).
///
/// ```swift
/// SecretRedactor.register(settings.foursquareAPIKey?.value)
/// SecretRedactor.redact("GET /search?api_key=abc")  // "GET /search?api_key=<redacted>"
/// ```
public enum SecretRedactor {
  /// What replaces a secret.
  public static let placeholder = "<redacted>"

  private static let secrets = LockIsolated<Set<String>>([])

  /// Treats `secret` as secret from now on, wherever it appears. Values shorter than 4
  /// characters are ignored: redacting them would mangle ordinary text.
  public static func register(_ secret: String?) {
    guard let secret, secret.count >= 4 else { return }
    secrets.withValue { _ = $0.insert(secret) }
  }

  /// `text` with every registered secret and credential-like token replaced by
  /// ``placeholder``.
  public static func redact(_ text: String) -> String {
    var result = text
    // Longest first, so a secret that contains another is removed whole.
    for secret in secrets.value.sorted(by: { $0.count > $1.count }) {
      result = result.replacingOccurrences(of: secret, with: placeholder)
    }
    for pattern in patterns {
      result = result.replacing(pattern) { match in
        "\(match.output.1)\(placeholder)"
      }
    }
    return result
  }

  /// Whether a property or metadata key names a secret, so its value is dropped whole: the key
  /// contains a name from the project's one list, ``SecretNames``.
  public static func isSecretKey(_ key: String) -> Bool {
    let key = key.lowercased()
    return SecretNames.all.contains { key.contains($0) }
  }

  // Built per call: `Regex` is not `Sendable` (it compiles itself lazily), and logging is not
  // hot enough for the cost to matter.
  private static var patterns: [Regex<(Substring, Substring)>] {
    [
      // `Authorization: Bearer x`, `Bearer x`
      try! Regex(#"((?i:bearer)\s+)[A-Za-z0-9._~+/=-]+"#),
      // `api_key=x`, `apikey: x`, `"token": "x"`, `client_secret=x`, …
      try! Regex(
        #"((?i:api[_-]?key|apikey|access[_-]?token|token|client[_-]?secret|secret|password)"#
          + #"["']?\s*[:=]\s*["']?)[^\s"'&,;}]+"#),
      // Foursquare service keys.
      try! Regex(#"(\b)fsq3[A-Za-z0-9+/=_-]{8,}"#),
    ]
  }
}
