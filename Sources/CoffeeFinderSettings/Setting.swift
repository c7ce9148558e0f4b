import BearingLocation
import BearingText
import Foundation

/// One setting, declared once: its names in the environment and on the command line, whether
/// the app remembers the user's last choice of it, what values it takes (for people: the
/// settings table of docs/cli.md is ``markdownTable``), and how its value is read, shown and
/// written. The config file's key is the ``SettingKey``.
///
/// Every source goes through the same ``Setting``: a value is valid in the config file if and
/// only if it is valid in the environment, on the command line and as a remembered choice.
///
/// ```swift
/// SettingKey.searchRadius.setting.environmentVariable  // "COFFEE_FINDER_RADIUS"
/// ```
public struct Setting: Sendable {
  /// The environment variable that overrides the config file.
  public let environmentVariable: String
  /// The command-line option that overrides the environment and the file.
  public let option: String
  /// Whether the value is a secret that must never be shown.
  public let isSecret: Bool
  /// Whether the app remembers the user's last choice of it (``RememberedSettings``).
  public var isRemembered: Bool { remember != nil }
  /// The values it takes, for people, in Markdown.
  public let valid: String
  /// A valid value, as the config file, the environment and the command line spell it.
  public let example: String

  /// Why a value is not valid.
  typealias Reason = SettingsError.Reason
  /// Reads a value from `text` (trimmed; `quoted` is how an error shows it).
  typealias Parse<Value> = @Sendable (_ text: String, _ quoted: String) throws(Reason) -> Value

  /// Parses `text` into `settings`.
  let apply:
    @Sendable (_ text: String, _ quoted: String, _ into: inout AppSettings) throws(Reason)
      -> Void
  /// The value in `settings`, as people are shown it.
  let display: @Sendable (AppSettings) -> String
  /// The value in `settings`, as the config file stores it.
  let fileValue: @Sendable (AppSettings) -> JSONValue
  /// The remembered value in a ``RememberedSettings``, as text; `nil` when it is not remembered.
  let rememberedText: (@Sendable (RememberedSettings) -> String?)?
  /// Copies the value in `settings` to a ``RememberedSettings``; `nil` when it is not remembered.
  let remember: (@Sendable (AppSettings, inout RememberedSettings) -> Void)?

  /// A setting whose value is `field` of ``AppSettings``; `text` writes a value as `parse` reads
  /// it, for the config file (unless `fileValue` says otherwise) and the remembered choices.
  init<Value>(
    _ field: any WritableKeyPath<AppSettings, Value> & Sendable,
    environmentVariable: String, option: String, valid: String, example: String,
    isSecret: Bool = false,
    remembered: Remembered<Value>? = nil,
    parse: @escaping Parse<Value>,
    text: @escaping @Sendable (Value) -> String,
    display: (@Sendable (Value) -> String)? = nil,
    fileValue: (@Sendable (Value) -> JSONValue)? = nil
  ) {
    self.environmentVariable = environmentVariable
    self.option = option
    self.valid = valid
    self.example = example
    self.isSecret = isSecret
    if let remembered = remembered?.field {
      rememberedText = { $0[keyPath: remembered].map(text) }
      remember = { settings, choices in choices[keyPath: remembered] = settings[keyPath: field] }
    } else {
      (rememberedText, remember) = (nil, nil)
    }
    apply = { (text, quoted, settings) throws(Reason) in
      settings[keyPath: field] = try parse(text, quoted)
    }
    let display = display ?? text
    self.display = { display($0[keyPath: field]) }
    let fileValue = fileValue ?? { .string(text($0)) }
    self.fileValue = { fileValue($0[keyPath: field]) }
  }

  /// Where ``RememberedSettings`` keeps a remembered setting.
  struct Remembered<Value>: Sendable {
    let field: any WritableKeyPath<RememberedSettings, Value?> & Sendable
    static func field(_ field: any WritableKeyPath<RememberedSettings, Value?> & Sendable) -> Self {
      Self(field: field)
    }
  }

  /// Reads one of `Value`'s cases by its name, in any case: "must be metric or imperial, not …".
  static func named<Value: RawRepresentable & CaseIterable & Sendable>(
    _: Value.Type
  ) -> Parse<Value> where Value.RawValue == String {
    let names = Value.allCases.map(\.rawValue)
    let choices = "\(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")"
    return { (text, quoted) throws(Reason) in
      guard let value = Value(rawValue: text.lowercased()) else {
        throw .init("must be \(choices), not \(quoted)")
      }
      return value
    }
  }

  /// Parses `raw` into `settings`, or says why it is not a valid value.
  func apply(_ raw: String, to settings: inout AppSettings) throws(Reason) {
    let text = raw.trimmingCharacters(in: .whitespaces)
    let quoted = isSecret ? "the given key" : "\"\(TerminalText.escape(text, limit: 80))\""
    try apply(text, quoted, &settings)
  }

  /// The settings table of docs/cli.md: key, environment variable, option and valid values.
  public static var markdownTable: String {
    (["| key | environment | option | valid |", "|---|---|---|---|"]
      + SettingKey.allCases.map {
        "| `\($0.rawValue)` | `\($0.environmentVariable)` | `\($0.option)` | \($0.setting.valid) |"
      }).joined(separator: "\n")
  }
}

extension SettingKey {
  /// Everything about this setting but its config file key.
  public var setting: Setting {
    switch self {
    case .searchRadius:
      Setting(
        \.searchRadius, environmentVariable: "COFFEE_FINDER_RADIUS", option: "--radius",
        valid:
          "metres, or with a unit (`800m`, `2km`, `1mi`, `500ft`): 50 m to 100 km (default 1000)",
        example: "2km", remembered: .field(\.searchRadius),
        parse: { (text, quoted) throws(Setting.Reason) in
          let range = DistanceSetting.searchRadius
          guard let radius = DistanceSetting.metres(from: text),
            radius >= range.minimum, radius <= range.maximum
          else {
            throw .init(
              "must be a distance of at least \(DistanceSetting.text(range.minimum)) and at "
                + "most \(DistanceSetting.text(range.maximum)) (such as 800, 800m, 2km, 1mi or 500ft), not "
                + quoted)
          }
          return radius
        },
        text: { String($0) }, display: { "\($0.formatted(maximumFractionDigits: 1)) m" },
        fileValue: { .number($0) })
    case .resultLimit:
      Setting(
        \.resultLimit, environmentVariable: "COFFEE_FINDER_LIMIT", option: "--limit",
        valid: "\(AppSettings.resultLimits.lowerBound)–\(AppSettings.resultLimits.upperBound) "
          + "(default \(AppSettings.defaults.resultLimit))",
        example: "20",
        parse: { (text, quoted) throws(Setting.Reason) in
          let range = AppSettings.resultLimits
          guard let limit = Int(text), range.contains(limit) else {
            throw .init(
              "must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(quoted)"
            )
          }
          return limit
        },
        text: { String($0) }, fileValue: { .number(Double($0)) })
    case .units:
      Setting(
        \.units, environmentVariable: "COFFEE_FINDER_UNITS", option: "--units",
        valid: "metric, imperial (feet below 1,000 ft, then miles); in lists, maps, scale bars, "
          + "SVGs and `watch`",
        example: "imperial", remembered: .field(\.units),
        parse: Setting.named(MeasurementSystem.self), text: { $0.rawValue })
    case .provider:
      Setting(
        \.provider, environmentVariable: "COFFEE_FINDER_PROVIDER", option: "--provider",
        valid: "auto, foursquare, offline, overpass", example: "offline",
        remembered: .field(\.provider),
        parse: Setting.named(PlaceProvider.self), text: { $0.rawValue })
    case .gpsdAddress:
      Setting(
        \.gpsdAddress, environmentVariable: "COFFEE_FINDER_GPSD", option: "--gpsd",
        valid: "host[:port] (default 127.0.0.1:2947); when set, the location source, used as is "
          + "even when gpsd is not running yet",
        example: "[::1]:2948",
        parse: { (text, quoted) throws(Setting.Reason) in
          do throws(GPSDEndpoint.ParseError) {
            return try GPSDEndpoint(validating: text)
          } catch {
            throw .init(text.isEmpty ? error.description : "\(error.description) in \(quoted)")
          }
        },
        text: { $0.description })
    case .foursquareAPIKey:
      Setting(
        \.foursquareAPIKey, environmentVariable: "FOURSQUARE_API_KEY", option: "--api-key",
        valid: "printable ASCII; shown as `<redacted>`", example: "fsq3-example-key",
        isSecret: true,
        parse: { (text, _) throws(Setting.Reason) in
          guard !text.isEmpty else { throw .init("is empty") }
          guard
            text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 && $0.value < 127 })
          else {
            throw .init("must be printable ASCII with no spaces (the key is not shown)")
          }
          return FoursquareAPIKey(verbatim: text)
        },
        text: { $0?.secret ?? "" }, display: { $0 == nil ? "(not set)" : "<redacted>" })
    case .overpassURL:
      Setting(
        \.overpassURL, environmentVariable: "COFFEE_FINDER_OVERPASS_URL", option: "--overpass-url",
        valid: "http(s) URL of an Overpass interpreter (default "
          + "`\(OverpassEndpoint.publicInterpreter)`)",
        example: "http://127.0.0.1:8080/api/interpreter",
        parse: { (text, quoted) throws(Setting.Reason) in
          guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
            url.host?.isEmpty == false
          else {
            throw .init(
              "must be an http(s) URL such as \(OverpassEndpoint.publicInterpreter), not \(quoted)"
            )
          }
          return url
        },
        text: { $0.absoluteString })
    }
  }
}
