import CoffeeFinderSettings
import Foundation
import Testing

/// The choices remembered from the user's last runs sit between the defaults and the config
/// file: option > environment > config file > remembered > default.
@Suite("RememberedSettings")
struct RememberedSettingsTests {
  func loader(environment: [String: String] = [:], file json: String? = nil) throws
    -> SettingsLoader
  {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("bearing-settings-tests").appendingPathComponent(UUID().uuidString)
    let url = directory.appendingPathComponent("coffee-finder/config.json")
    if let json {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(json.utf8).write(to: url)
    }
    return SettingsLoader(file: ConfigFile(path: url.path), environment: environment)
  }

  @Test func aRememberedChoiceBeatsTheDefault() throws {
    let loaded = try loader().load(
      remembered: RememberedSettings(searchRadius: 800, units: .imperial, provider: .offline))
    #expect(loaded.settings.searchRadius == 800)
    #expect(loaded.settings.units == .imperial)
    #expect(loaded.settings.provider == .offline)
    #expect(loaded.source(of: .searchRadius) == .remembered)
    #expect(loaded.source(of: .resultLimit) == .defaultValue)
    #expect(SettingSource.remembered.description == "your last choice")
  }

  @Test func theFileTheEnvironmentAndTheCommandLineBeatARememberedChoice() throws {
    let remembered = RememberedSettings(searchRadius: 800, units: .imperial, provider: .offline)
    let loaded = try loader(
      environment: ["COFFEE_FINDER_UNITS": "metric"], file: #"{"search_radius": 500}"#
    ).load(overrides: SettingsOverrides(provider: .overpass), remembered: remembered)
    #expect(loaded.settings.searchRadius == 500)
    #expect(loaded.source(of: .searchRadius) != .remembered)
    #expect(loaded.settings.units == .metric)
    #expect(loaded.settings.provider == .overpass)
    #expect(loaded.warnings.isEmpty)
  }

  @Test func anInvalidRememberedValueIsSkippedWithAWarning() throws {
    let loaded = try loader().load(remembered: RememberedSettings(searchRadius: -5))
    #expect(loaded.settings.searchRadius == AppSettings.defaults.searchRadius)
    #expect(loaded.source(of: .searchRadius) == .defaultValue)
    #expect(
      loaded.warnings == [
        "invalid search_radius in your last choice: must be a distance of at least 50 m and at "
          + "most 100 km (such as 800, 800m, 2km, 1mi or 500ft), not \"-5.0\"; it is not used"
      ])
  }
}
