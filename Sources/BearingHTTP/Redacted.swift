/// What descriptions print in place of a secret.
package enum Redacted {
  /// The text that stands in for a credential in logs, errors and dumps.
  package static let marker = "<redacted>"

  /// Query parameter names whose values are credentials.
  package static let sensitiveQueryNames: Set<String> = [
    "key", "api_key", "apikey", "access_token", "token", "client_secret", "password",
  ]
}
