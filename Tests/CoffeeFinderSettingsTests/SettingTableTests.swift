import CoffeeFinderSettings
import Foundation
import Testing

/// Each setting is declared once (``Setting``); these tests hold every declared setting to
/// every source: written to and read from the config file, read from its environment variable,
/// given as an option and, when it is remembered, recalled.
extension SettingsLoaderTests {
  @Test(arguments: SettingKey.allCases)
  func everySettingIsReachableFromEverySource(_ key: SettingKey) throws {
    let setting = key.setting
    let fromOption = try loader().load(overrides: SettingsOverrides(text: [key: setting.example]))
    #expect(fromOption.source(of: key) == .commandLine(option: setting.option))
    let expected = fromOption.settings.displayValue(of: key)
    #expect(expected != AppSettings.defaults.displayValue(of: key), "the example is the default")

    let file = try loader()
    try file.set(key, to: setting.example)
    let fromFile = try file.load()
    #expect(fromFile.source(of: key) == .file(path: file.file.path))
    #expect(fromFile.settings.displayValue(of: key) == expected)

    let fromEnvironment = try loader(environment: [setting.environmentVariable: setting.example])
      .load()
    #expect(
      fromEnvironment.source(of: key) == .environment(variable: setting.environmentVariable))
    #expect(fromEnvironment.settings.displayValue(of: key) == expected)

    let remembered = try loader().load(
      remembered: RememberedSettings([key], of: fromOption.settings))
    #expect(remembered.source(of: key) == (setting.isRemembered ? .remembered : .defaultValue))
    if setting.isRemembered {
      #expect(remembered.settings.displayValue(of: key) == expected)
    }
  }

  /// No two settings share an environment variable or an option.
  @Test func everySettingHasNamesOfItsOwn() {
    let keys = SettingKey.allCases
    #expect(Set(keys.map(\.environmentVariable)).count == keys.count)
    #expect(Set(keys.map(\.option)).count == keys.count)
    #expect(keys.filter(\.setting.isRemembered) == [.searchRadius, .units, .provider])
  }

  /// The guide's settings table is the one the declarations give.
  @Test func theGuidesTableIsTheDeclaredOne() throws {
    let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/cli.md")
    let text = try String(contentsOf: guide, encoding: .utf8)
    #expect(
      text.contains(Setting.markdownTable),
      "docs/cli.md's settings table should read:\n\(Setting.markdownTable)")
  }
}

/// A distance out of range is said in figures a person reads: `--radius 200mi` is 321.869 km,
/// not 321.86879999999996 km.
@Suite struct DistanceSettingTextTests {
  @Test func anOutOfRangeDistanceIsRoundedInTheMessage() {
    let range = DistanceSetting.searchRadius
    #expect(
      range.problem(with: 200 * 1_609.344, option: "--radius")
        == "--radius must be at least 50 m and at most 100 km; got 321.869 km")
    #expect(
      range.problem(with: 12.345, option: "--radius")
        == "--radius must be at least 50 m and at most 100 km; got 12.35 m")
    #expect(range.problem(with: 800, option: "--radius") == nil)
  }
}
