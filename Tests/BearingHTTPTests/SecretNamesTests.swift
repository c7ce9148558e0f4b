import BearingHTTP
import BearingText
import Foundation
import Testing

@Suite("SecretNames in HTTP descriptions")
struct SecretNamesHTTPTests {
  // Shares the list with SecretRedactor (see BearingTelemetryTests' twin), so a name is redacted
  // in both places or in neither. Unifying them made the query side redact `secret`,
  // `authorization` and `credential` too.
  @Test("every shared secret name is redacted as a query parameter", arguments: SecretNames.all)
  func everyNameIsRedacted(name: String) {
    let value = "s3cr3t-value-42"
    let inQuery = HTTPRequest(
      url: URL(string: "https://api.example.com/x")!,
      query: [URLQueryItem(name: name.uppercased(), value: value)])
    let inURL = HTTPRequest(url: URL(string: "https://api.example.com/x?\(name)=\(value)")!)
    for request in [inQuery, inURL] {
      #expect(!request.description.contains(value), "\(request.description)")
      #expect(request.description.contains("=<redacted>"), "\(request.description)")
    }
  }
}
