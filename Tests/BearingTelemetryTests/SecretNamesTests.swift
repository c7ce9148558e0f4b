import BearingTelemetry
import BearingText
import Testing

@Suite("SecretNames in telemetry")
struct SecretNamesTelemetryTests {
  // Shares the list with HTTPRequest's descriptions (see BearingHTTPTests' twin), so a name is
  // redacted in both places or in neither.
  @Test(
    "every shared secret name is a secret key, alone or inside a longer key",
    arguments: SecretNames.all)
  func everyNameIsASecretKey(name: String) {
    #expect(SecretRedactor.isSecretKey(name))
    #expect(SecretRedactor.isSecretKey("X-\(name.uppercased())-Header"))
    let event = AnalyticsEvent("e", [name: "s3cr3t-value-42"])
    #expect(event.properties[name] == .string(SecretRedactor.placeholder))
  }
}
