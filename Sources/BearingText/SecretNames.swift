/// The one list of names whose values are credentials: query parameters, log metadata keys and
/// analytics property keys.
///
/// Each redactor reads it in its own way: `HTTPRequest`'s descriptions redact a query parameter
/// whose name is one of these exactly (ignoring case); `SecretRedactor` drops a metadata or
/// property value whose key contains one of them.
///
/// ```swift
/// SecretNames.all.contains("api_key")                     // true
/// SecretNames.all.contains { "x-api-key".contains($0) }   // true
/// ```
package enum SecretNames {
  /// Lowercased names of credentials.
  package static let all: Set<String> = [
    "key", "api_key", "apikey", "access_token", "token", "client_secret", "secret", "password",
    "authorization", "credential",
  ]
}
