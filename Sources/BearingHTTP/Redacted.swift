import BearingText

/// What descriptions print in place of a secret.
package enum Redacted {
  /// The text that stands in for a credential in logs, errors and dumps.
  package static let marker = "<redacted>"

  /// Query parameter names whose values are credentials: the project's one list, matched
  /// exactly (callers lowercase the name).
  package static let sensitiveQueryNames: Set<String> = SecretNames.all

  /// Header fields whose values are credentials (names compare case-insensitively).
  package static let sensitiveFieldNames: Set<HTTPField.Name> = [
    .authorization, .proxyAuthorization, .cookie, .setCookie,
    HTTPField.Name("X-Api-Key")!, HTTPField.Name("Api-Key")!,
  ]

  /// Whether the field `name`'s value is a credential that must never be logged.
  package static func isSensitive(_ name: HTTPField.Name) -> Bool {
    sensitiveFieldNames.contains(name)
  }

  /// `Name: value, …` for `fields`, in order, with credential values replaced by ``marker``.
  ///
  /// `HTTPFields`' own descriptions print every value; logs and errors use this instead.
  package static func description(of fields: HTTPFields) -> String {
    fields.map { field in
      "\(field.name.rawName): \(isSensitive(field.name) ? marker : field.value)"
    }
    .joined(separator: ", ")
  }
}
