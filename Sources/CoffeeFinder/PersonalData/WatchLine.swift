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
  /// The user entered a favourite's region, told at fix `at` (`nil`: before any fix).
  case enter(id: String, name: String, at: Location? = nil)
  /// The user left a favourite's region, told at fix `at`.
  case exit(id: String, name: String, at: Location? = nil)

  /// An entry or exit told at `fix`; a fix line as it is.
  package func told(at fix: Location) -> WatchLine {
    switch self {
    case .fix: self
    case .enter(let id, let name, _): .enter(id: id, name: name, at: fix)
    case .exit(let id, let name, _): .exit(id: id, name: name, at: fix)
    }
  }

  /// The line for people, distances in `units`; untrusted text is escaped.
  package func text(units: MeasurementSystem = .metric) -> String {
    switch self {
    case .fix(let location):
      let accuracy =
        location.horizontalAccuracy >= 0
        ? " ±" + DistanceText.format(location.horizontalAccuracy, units: units) : ""
      return "fix    \(location.coordinate)\(accuracy) at \(Self.time(location.timestamp))"
    case .enter(let id, let name, let fix):
      return "enter  \(TerminalText.escape(name)) (\(TerminalText.escape(id)))\(Self.at(fix))"
    case .exit(let id, let name, let fix):
      return "exit   \(TerminalText.escape(name)) (\(TerminalText.escape(id)))\(Self.at(fix))"
    }
  }

  /// " at 60.16320, 24.93930 2026-11-29T08:00:00Z": where and when an entry or exit was told.
  private static func at(_ fix: Location?) -> String {
    guard let fix else { return "" }
    return " at \(fix.coordinate) \(time(fix.timestamp))"
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
    case .enter(let id, let name, let fix), .exit(let id, let name, let fix):
      let type = if case .enter = self { "enter" } else { "exit" }
      object = ["type": .string(type), "id": .string(id), "name": .string(name)]
      if let fix {
        object["latitude"] = .number(fix.coordinate.latitude)
        object["longitude"] = .number(fix.coordinate.longitude)
        object["time"] = .string(Self.time(fix.timestamp))
      }
    }
    // Strings and finite numbers always encode.
    return (try? JSONLines.line(object)) ?? "{}"
  }

  static func time(_ date: Date) -> String {
    date.formatted(.iso8601)
  }
}
