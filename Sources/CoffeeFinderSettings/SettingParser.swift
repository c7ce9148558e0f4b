import BearingLocation
import BearingText
import Foundation

/// Turns a setting's text into its value, or a reason it is invalid. All three sources (file,
/// environment, command line) go through here, so a value is valid in one if and only if it is
/// valid in the others.
enum SettingParser {
  static func apply(_ key: SettingKey, text raw: String, to settings: inout AppSettings)
    throws(SettingsError.Reason)
  {
    let text = raw.trimmingCharacters(in: .whitespaces)
    let quoted = key.isSecret ? "the given key" : "\"\(TerminalText.escape(text, limit: 80))\""
    switch key {
    case .searchRadius:
      let range = DistanceSetting.searchRadius
      guard let radius = DistanceSetting.metres(from: text),
        radius >= range.minimum, radius <= range.maximum
      else {
        throw .init(
          "must be a distance of at least \(DistanceSetting.text(range.minimum)) and at most "
            + "\(DistanceSetting.text(range.maximum)) (such as 800, 800m or 2km), not \(quoted)")
      }
      settings.searchRadius = radius
    case .resultLimit:
      guard let limit = Int(text), (1...50).contains(limit) else {
        throw .init("must be a whole number from 1 to 50, not \(quoted)")
      }
      settings.resultLimit = limit
    case .units:
      guard let units = MeasurementSystem(rawValue: text.lowercased()) else {
        throw .init("must be metric or imperial, not \(quoted)")
      }
      settings.units = units
    case .provider:
      guard let provider = PlaceProvider(rawValue: text.lowercased()) else {
        throw .init("must be auto, foursquare, offline or overpass, not \(quoted)")
      }
      settings.provider = provider
    case .gpsdAddress:
      do {
        settings.gpsdAddress = try GPSDEndpoint(validating: text)
      } catch {
        throw .init(text.isEmpty ? error.description : "\(error.description) in \(quoted)")
      }
    case .foursquareAPIKey:
      guard !text.isEmpty else { throw .init("is empty") }
      guard text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 && $0.value < 127 })
      else {
        throw .init("must be printable ASCII with no spaces (the key is not shown)")
      }
      settings.foursquareAPIKey = FoursquareAPIKey(verbatim: text)
    case .overpassURL:
      guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
        url.host?.isEmpty == false
      else {
        throw .init(
          "must be an http(s) URL such as \(OverpassEndpoint.publicInterpreter), not \(quoted)")
      }
      settings.overpassURL = url
    }
  }
}
