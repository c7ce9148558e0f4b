import Foundation

/// Settings with the warnings met while loading them and where each value came from.
public struct LoadedSettings: Hashable, Sendable {
  /// The settings, every source applied.
  public var settings: AppSettings
  /// Things the user should fix but that do not stop the app (a config file holding the key
  /// that others can read). The CLI prints them to standard error.
  public var warnings: [String]
  /// Where each setting's value came from; a key not listed has its default.
  public var sources: [SettingKey: SettingSource]

  /// Where `key`'s value came from.
  public func source(of key: SettingKey) -> SettingSource { sources[key] ?? .defaultValue }
}

/// Loads settings from, in increasing precedence, the defaults, the choices remembered from the
/// user's last runs, the config file, the environment and the command line; and edits the
/// config file.
///
/// ```swift
/// let loader = SettingsLoader()  // the XDG config file and this process's environment
/// let loaded = try loader.load(overrides: SettingsOverrides(resultLimit: 5))
/// loaded.warnings.forEach { FileHandle.standardError.write(Data("warning: \($0)\n".utf8)) }
/// ```
public struct SettingsLoader: Sendable {
  /// The config file loaded, and edited by `set(_:to:)` and `unset(_:)`.
  public var file: ConfigFile
  /// The environment variables read, by name.
  public var environment: [String: String]

  /// A loader of `file` and `environment`: by default the XDG config file and this process's
  /// environment.
  public init(
    file: ConfigFile = ConfigFile(path: ConfigFile.defaultPath()),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.file = file
    self.environment = environment
  }

  /// - throws: A ``SettingsError`` naming the key and the file, variable or option whose
  ///   value is invalid; or saying why the file cannot be read. An invalid remembered value is
  ///   not an error: it is skipped with a warning.
  public func load(
    overrides: SettingsOverrides = SettingsOverrides(),
    remembered: RememberedSettings = RememberedSettings()
  ) throws(SettingsError) -> LoadedSettings {
    var settings = AppSettings.defaults
    var sources: [SettingKey: SettingSource] = [:]
    var warnings: [String] = []

    for (key, text) in remembered.values {
      do {
        try apply(key, text: text, from: .remembered, to: &settings, sources: &sources)
      } catch {
        warnings.append("\(error); it is not used")
      }
    }

    let overridden = Set(overrides.values.map(\.0))
    let values = try file.read()
    for (name, value) in values.sorted(by: { $0.key < $1.key }) {
      // A key this version does not know (a newer version's, or a slip) is said, not fatal:
      // the file's other settings still apply.
      guard let key = SettingKey(rawValue: name) else {
        warnings.append("\(SettingsError.unknownKey(name, path: file.path)); it is ignored")
        continue
      }
      let source = SettingSource.file(path: file.path)
      do throws(SettingsError) {
        guard let text = value.settingText else {
          throw .invalidValue(key: key, source: source, reason: "must be a string or a number")
        }
        try apply(key, text: text, from: source, to: &settings, sources: &sources)
      } catch {
        // A bad value the command line replaces stops nothing: it is said, and the option wins.
        guard overridden.contains(key) else { throw error }
        warnings.append("\(error); the option \(key.option) is used")
      }
    }
    if values[SettingKey.foursquareAPIKey.rawValue] != nil, let mode = file.permissions,
      mode & 0o077 != 0
    {
      warnings.append(
        "\(file.path) holds the Foursquare API key but other users can read it (mode "
          + "\(String(mode, radix: 8))); run: chmod 600 \(file.path)")
    }

    for key in SettingKey.allCases {
      guard let text = environment[key.environmentVariable], !text.isEmpty else { continue }
      do throws(SettingsError) {
        try apply(
          key, text: text, from: .environment(variable: key.environmentVariable),
          to: &settings, sources: &sources)
      } catch {
        guard overridden.contains(key) else { throw error }
        warnings.append("\(error); the option \(key.option) is used")
      }
    }
    for (key, text) in overrides.values {
      try apply(
        key, text: text, from: .commandLine(option: key.option), to: &settings,
        sources: &sources)
    }
    return LoadedSettings(settings: settings, warnings: warnings, sources: sources)
  }

  /// Sets `key` to `text` in the config file (validated first), keeping the other keys and
  /// writing the file with mode 0600.
  public func set(_ key: SettingKey, to text: String) throws(SettingsError) {
    var scratch = AppSettings.defaults
    var sources: [SettingKey: SettingSource] = [:]
    try apply(key, text: text, from: .file(path: file.path), to: &scratch, sources: &sources)
    var values = try file.read()
    values[key.rawValue] = key.setting.fileValue(scratch)
    try file.write(values)
  }

  /// Removes `key` from the config file, so its default (or an override) applies.
  public func unset(_ key: SettingKey) throws(SettingsError) {
    var values = try file.read()
    guard values.removeValue(forKey: key.rawValue) != nil else { return }
    try file.write(values)
  }

  private func apply(
    _ key: SettingKey, text: String, from source: SettingSource, to settings: inout AppSettings,
    sources: inout [SettingKey: SettingSource]
  ) throws(SettingsError) {
    do {
      try key.setting.apply(text, to: &settings)
    } catch {
      throw .invalidValue(key: key, source: source, reason: error.message)
    }
    sources[key] = source
  }
}
