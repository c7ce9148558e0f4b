import BearingLocation
import BearingText
import CoffeeFinderSettings
import Foundation

/// One line of `coffee-finder watch` output: a fix, or entering or leaving a favourite.
///
/// ```swift
/// WatchLine.enter(id: "osm:node/1", name: "Café Ekberg").text()
/// // "enter  Café Ekberg (osm:node/1)"
/// ```
package enum WatchLine: Equatable, Sendable {
  /// A position fix.
  case fix(Location)
  /// The user entered a favourite's region.
  case enter(id: String, name: String)
  /// The user left a favourite's region.
  case exit(id: String, name: String)

  /// The line for people, distances in `units`; untrusted text is escaped.
  package func text(units: MeasurementSystem = .metric) -> String {
    switch self {
    case .fix(let location):
      let accuracy =
        location.horizontalAccuracy >= 0
        ? " ±" + DistanceText.format(location.horizontalAccuracy, units: units) : ""
      return "fix    \(location.coordinate)\(accuracy) at \(Self.time(location.timestamp))"
    case .enter(let id, let name):
      return "enter  \(TerminalText.escape(name)) (\(TerminalText.escape(id)))"
    case .exit(let id, let name):
      return "exit   \(TerminalText.escape(name)) (\(TerminalText.escape(id)))"
    }
  }

  /// The line as one compact JSON object.
  package var json: String {
    var object: [String: JSONValue]
    switch self {
    case .fix(let location):
      object = [
        "type": .string("fix"), "latitude": .number(location.coordinate.latitude),
        "longitude": .number(location.coordinate.longitude),
        "time": .string(Self.time(location.timestamp)),
      ]
      if location.horizontalAccuracy >= 0 {
        object["accuracy"] = .number(location.horizontalAccuracy)
      }
    case .enter(let id, let name):
      object = ["type": .string("enter"), "id": .string(id), "name": .string(name)]
    case .exit(let id, let name):
      object = ["type": .string("exit"), "id": .string(id), "name": .string(name)]
    }
    // Strings and finite numbers always encode.
    return (try? JSONLines.line(object)) ?? "{}"
  }

  static func time(_ date: Date) -> String {
    date.formatted(.iso8601)
  }
}
