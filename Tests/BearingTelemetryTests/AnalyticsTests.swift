import BearingLocation
import BearingTelemetry
import BearingText
import Dependencies
import Foundation
import Testing

@Suite("Analytics")
struct AnalyticsTests {
  @Test
  func coordinatesAreRoundedToTwoDecimalPlaces() {
    let event = AnalyticsEvent(
      "search",
      [
        "near": .coordinate(Coordinate(latitude: 60.169_856, longitude: 24.938_379)),
        "lat": 60.169_856, "radius": 1234.567,
      ])
    #expect(event.properties["near"] == .coordinate(Coordinate(latitude: 60.17, longitude: 24.94)))
    #expect(event.properties["lat"] == .double(60.17))
    // Other doubles are not coordinates and keep their precision.
    #expect(event.properties["radius"] == .double(1234.567))
  }

  @Test
  func secretsNeverReachAnEvent() {
    SecretRedactor.register("registered-secret-999")
    let event = AnalyticsEvent(
      "request_failed registered-secret-999",
      [
        "api_key": "abc", "url": "https://x/search?ll=1,2&api_key=k123&limit=5",
        "header": "Authorization: Bearer t0ken.value", "note": "has registered-secret-999 in it",
      ])
    #expect(event.name == "request_failed <redacted>")
    #expect(event.properties["api_key"] == "<redacted>")
    #expect(event.properties["url"] == "https://x/search?ll=1,2&api_key=<redacted>&limit=5")
    #expect(event.properties["header"] == "Authorization: Bearer <redacted>")
    #expect(event.properties["note"] == "has <redacted> in it")
  }

  @Test
  func decodingAnEventSanitizesItToo() throws {
    let json = #"{"name":"x","properties":{"token":"t","lng":24.93838}}"#
    let event = try JSONDecoder().decode(AnalyticsEvent.self, from: Data(json.utf8))
    #expect(event.properties == ["token": "<redacted>", "lng": .double(24.94)])
  }

  @Test
  func theCapturingClientRecordsEventsInOrder() {
    let recorder = AnalyticsRecorder()
    let client = AnalyticsClient.capturing(recorder)
    client.track(AnalyticsEvent("a"))
    client.track(AnalyticsEvent("b", ["n": 1]))
    #expect(recorder.events == [AnalyticsEvent("a"), AnalyticsEvent("b", ["n": 1])])
  }

  @Test
  func theTestValueFailsOnAnUnexpectedEvent() {
    withKnownIssue {
      AnalyticsClient.testValue.track(AnalyticsEvent("unexpected"))
    }
  }

  @Test
  func theJSONLinesSinkAppendsOneObjectPerLineToAPrivateFile() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("bearing-telemetry-tests").appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("events.jsonl").path
    let client = AnalyticsClient.jsonLines(path: path) { Date(timeIntervalSince1970: 0) }

    client.track(
      AnalyticsEvent("first", ["near": .coordinate(Coordinate(latitude: 1.234, longitude: 5.678))]))
    client.track(AnalyticsEvent("second", ["api_key": "s3cr3t-value"]))

    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(
      lines.first
        == #"{"event":"first","properties":{"near":{"latitude":1.23,"longitude":5.68}},"time":"1970-01-01T00:00:00Z"}"#
    )
    #expect(!text.contains("s3cr3t-value"))
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }
}
