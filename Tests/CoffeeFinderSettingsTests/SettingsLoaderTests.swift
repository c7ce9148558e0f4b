import BearingText
import CoffeeFinderSettings
import Foundation
import Testing

@Suite("SettingsLoader")
struct SettingsLoaderTests {
  /// A loader over a config file in a fresh temporary directory (the file is not created).
  func loader(environment: [String: String] = [:]) throws -> SettingsLoader {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("bearing-settings-tests").appendingPathComponent(UUID().uuidString)
    let path = directory.appendingPathComponent("coffee-finder/config.json").path
    return SettingsLoader(file: ConfigFile(path: path), environment: environment)
  }

  func write(_ json: String, to loader: SettingsLoader, mode: Int = 0o600) throws {
    let url = URL(fileURLWithPath: loader.file.path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(json.utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
  }

  @Test
  func withNothingConfiguredTheDefaultsApply() throws {
    let loaded = try loader().load()
    #expect(loaded.settings == .defaults)
    #expect(loaded.warnings.isEmpty)
    #expect(loaded.source(of: .searchRadius) == .defaultValue)
  }

  @Test
  func theFileIsReadAndEnvironmentThenCommandLineOverrideIt() throws {
    let loader = try loader(environment: [
      "COFFEE_FINDER_RADIUS": "750", "COFFEE_FINDER_UNITS": "imperial",
      "FOURSQUARE_API_KEY": "env-key-123",
    ])
    try write(
      """
      {"search_radius": 500, "result_limit": 20, "units": "metric", "provider": "offline",
       "gpsd_address": "[::1]:3000", "foursquare_api_key": "file-key-456"}
      """, to: loader)

    let loaded = try loader.load(overrides: SettingsOverrides(searchRadius: 250))
    #expect(loaded.settings.searchRadius == 250)
    #expect(loaded.source(of: .searchRadius) == .commandLine(option: "--radius"))
    #expect(loaded.settings.units == .imperial)
    #expect(loaded.source(of: .units) == .environment(variable: "COFFEE_FINDER_UNITS"))
    #expect(loaded.settings.resultLimit == 20)
    #expect(loaded.source(of: .resultLimit) == .file(path: loader.file.path))
    #expect(loaded.settings.provider == .offline)
    #expect(loaded.settings.gpsdAddress.description == "[::1]:3000")
    #expect(loaded.settings.foursquareAPIKey?.secret == "env-key-123")
  }

  @Test(arguments: [
    ("search_radius", "0", "at least 50 m"),
    ("search_radius", "\"wide\"", "at least 50 m"),
    ("search_radius", "\"0x10\"", "such as 800, 800m, 2km, 1mi or 500ft"),
    ("search_radius", "100001", "at most 100 km"),
    // A number is quoted as it was written, not as 0.10000000000000001.
    ("search_radius", "0.1", #"not "0.1""#),
    ("search_radius", "1e-20", #"not "1e-20""#),
    ("result_limit", "51", "1 to 50"),
    ("result_limit", "2.5", "whole number"),
    ("units", "\"furlongs\"", "metric or imperial"),
    ("provider", "\"yelp\"", "auto, foursquare, offline or overpass"),
    ("gpsd_address", "\"host:99999\"", "port"),
    ("gpsd_address", "true", "string or a number"),
  ])
  func anInvalidFileValueNamesTheKeyAndTheFile(key: String, json: String, reason: String)
    throws
  {
    let loader = try loader()
    try write("{\"\(key)\": \(json)}", to: loader)
    #expect {
      try loader.load()
    } throws: { error in
      let message = "\(error)"
      return message.contains("invalid \(key) in \(loader.file.path)") && message.contains(reason)
    }
  }

  @Test
  func anInvalidEnvironmentValueNamesTheVariable() throws {
    let loader = try loader(environment: ["COFFEE_FINDER_LIMIT": "lots\u{1B}[2J"])
    #expect {
      try loader.load()
    } throws: { error in
      let message = "\(error)"
      // The escape sequence is shown escaped, never sent to the terminal raw.
      return message.contains("environment variable COFFEE_FINDER_LIMIT")
        && message.contains("lots\\u{1B}[2J") && !message.contains("\u{1B}")
    }
  }

  @Test
  func anInvalidCommandLineValueNamesTheOption() throws {
    #expect {
      try loader().load(overrides: SettingsOverrides(resultLimit: 0))
    } throws: { error in
      "\(error)"
        == "invalid result_limit in option --limit: must be a whole number from 1 to 50, not \"0\""
    }
  }

  @Test
  func anInvalidKeyIsRejectedWithoutShowingIt() throws {
    let loader = try loader(environment: ["FOURSQUARE_API_KEY": "secret with spaces"])
    #expect {
      try loader.load()
    } throws: { error in
      "\(error)".contains("FOURSQUARE_API_KEY") && !"\(error)".contains("secret")
    }
  }

  @Test
  func unknownKeysAreNamedAndIgnoredAndMalformedFilesRefused() throws {
    let loader = try loader()
    // One unknown key (a slip, or a newer version's) is a warning: the other settings apply.
    try write(#"{"serch_radius": 5, "result_limit": 3}"#, to: loader)
    let loaded = try loader.load()
    #expect(loaded.settings.resultLimit == 3)
    #expect(
      loaded.warnings == [
        "\(SettingsError.unknownKey("serch_radius", path: loader.file.path)); it is ignored"
      ])
    #expect(loaded.warnings.first?.contains("unknown key \"serch_radius\"") == true)
    try write(#"{"search_radius": "#, to: loader)
    #expect {
      try loader.load()
    } throws: { error in
      error as? SettingsError
        == .malformedFile(path: loader.file.path, reason: "expected one JSON object of settings")
    }
  }

  @Test
  func settingTheKeyWritesAPrivateFileAndKeepsOtherKeys() throws {
    let loader = try loader()
    try loader.set(.searchRadius, to: "800")
    try loader.set(.foursquareAPIKey, to: "fsq-secret-1")
    #expect(loader.file.permissions == 0o600)
    let directory = (loader.file.path as NSString).deletingLastPathComponent
    let attributes = try FileManager.default.attributesOfItem(atPath: directory)
    #expect(attributes[.posixPermissions] as? Int == 0o700)

    let loaded = try loader.load()
    #expect(loaded.settings.searchRadius == 800)
    #expect(loaded.settings.foursquareAPIKey == FoursquareAPIKey(verbatim: "fsq-secret-1"))
    #expect(loaded.warnings.isEmpty)

    try loader.unset(.searchRadius)
    #expect(try loader.load().settings.searchRadius == AppSettings.defaults.searchRadius)
    #expect(
      try loader.load().settings.foursquareAPIKey == FoursquareAPIKey(verbatim: "fsq-secret-1"))

    #expect(throws: SettingsError.self) { try loader.set(.resultLimit, to: "500") }
    #expect(try loader.load().settings.resultLimit == AppSettings.defaults.resultLimit)
  }

  @Test
  func aKeyInAFileOthersCanReadIsWarnedAbout() throws {
    let loader = try loader()
    try write(#"{"foursquare_api_key": "k-123"}"#, to: loader, mode: 0o644)
    let loaded = try loader.load()
    #expect(loaded.warnings.count == 1)
    #expect(loaded.warnings.first?.contains("chmod 600 \(loader.file.path)") == true)
    #expect(loaded.warnings.first?.contains("k-123") == false)

    try write(#"{"search_radius": 300}"#, to: loader, mode: 0o644)
    #expect(try loader.load().warnings.isEmpty)
  }

  @Test
  func theDefaultPathFollowsXDG() {
    #expect(
      ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"])
        == "/cfg/coffee-finder/config.json")
    #expect(
      ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/u"])
        == "/home/u/.config/coffee-finder/config.json")
  }
}
