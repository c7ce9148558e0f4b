import BearingText
import CoffeeFinderSettings
import Foundation
import Testing

@Suite("Redaction")
struct RedactionTests {
  let secret = "fsq3-VERY-SECRET-KEY"

  @Test
  func theKeyNeverAppearsInAnyDescriptionOrDump() {
    var settings = AppSettings()
    settings.foursquareAPIKey = FoursquareAPIKey(verbatim: secret)
    var dumped = ""
    dump(settings, to: &dumped)
    var dumpedOverrides = ""
    dump(
      SettingsOverrides(foursquareAPIKey: FoursquareAPIKey(verbatim: secret)), to: &dumpedOverrides)
    let renderings = [
      "\(settings)", String(describing: settings), String(reflecting: settings), dumped,
      dumpedOverrides, "\(FoursquareAPIKey(verbatim: secret))",
      String(reflecting: FoursquareAPIKey(verbatim: secret)),
      "\(Mirror(reflecting: FoursquareAPIKey(verbatim: secret)).children.map { "\($0)" })",
    ]
    for rendering in renderings {
      #expect(!rendering.contains(secret), "\(rendering)")
    }
    #expect("\(settings)".contains("foursquare_api_key = <redacted>"))
    #expect(FoursquareAPIKey(verbatim: secret).secret == secret)
  }

  @Test
  func theDescriptionListsEverySetting() {
    #expect(
      "\(AppSettings.defaults)"
        == "search_radius = 1000 m, result_limit = 10, units = metric, provider = auto, "
        + "gpsd_address = 127.0.0.1:2947, foursquare_api_key = (not set), "
        + "overpass_url = https://overpass-api.de/api/interpreter")
  }
}
