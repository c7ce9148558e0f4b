import BearingText
import BearingWalking
import CoffeeFinderSettings
import Foundation

extension UserMessage {
  /// A walk as the list shows it: "420 m walk · 5 min" at `speed` metres a second.
  package static func walk(
    _ metres: Double, speed: Double, units: MeasurementSystem = .metric
  ) -> String {
    "\(DistanceText.format(metres, units: units)) walk · \(walkTime(metres / speed))"
  }

  /// Minutes of walk, "5 min", "1 h 5 min"; at least "1 min".
  package static func walkTime(_ seconds: Double) -> String {
    // Bounded, so that no speed or length can make a number an Int cannot hold.
    let minutes = max(1, Int(min(seconds / 60, 1e9).rounded()))
    return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
  }

  /// A place no walk over the stored streets reaches (too far from a street, cut off, or past
  /// the search's bound).
  package static let noWalk = "no walk found"

  /// The footer of a list ordered by the walk, the speed in the user's units ("1.3 m/s";
  /// "2.9 mph (1.3 m/s)" in imperial, since `--walk-speed` takes metres a second).
  package static func sortedByWalk(speed: Double, units: MeasurementSystem = .metric) -> String {
    let metric = "\(String(format: "%g", speed)) m/s"
    let shown =
      switch units {
      case .metric: metric
      case .imperial: "\(String(format: "%.1f", speed * 3600 / 1609.344)) mph (\(metric))"
      }
    return "Sorted by walk at \(shown) over the stored streets."
  }

  /// The footer of a list ordered by the line, though walks are known (`--sort line`).
  package static let sortedByLineAsked = "Sorted by straight-line distance (--sort line)."

  /// The footer of a list ordered by the walk where no café's walk was found: the line's order.
  package static let sortedByLineNoWalk =
    "Sorted by straight-line distance: no walk found from here over the stored streets."

  /// The footer of a list where no streets are stored: distances are straight lines.
  package static let sortedByLineNoStreets =
    "Sorted by straight-line distance: no streets stored here."

  /// `route`: no walk joins the two points over the stored streets, and why (`nil`: no
  /// streets are stored around the start); a café cut off more than 10 km away as the crow
  /// flies (`line`) says how far, so it does not read like a missing footpath.
  package static func noRoute(
    to name: String, because reason: WalkRouter.NoWalk? = nil, line: Double? = nil
  ) -> String {
    let why =
      switch reason {
      case .startOffTheWays:
        "you are more than 250 m from any street stored here"
      case .targetOffTheWays:
        "it is more than 250 m from any street stored here"
      case .cutOff:
        "cut off: the streets by it do not connect to the streets by you"
          + (line.map {
            $0 > WalkingClient.shortestRouteBound ? " (it is \(DistanceText.format($0)) away)" : ""
          } ?? "")
      case .fartherThanTheBound:
        "the walk is farther than 10 km (or ten times the straight line)"
      case nil:
        "no streets are stored here (import an area's .osm.pbf file, or run "
          + "`coffee-finder areas update` for an area imported before walks)"
      }
    return "no walk to \(TerminalText.escape(name)) over the stored streets: \(why)"
  }
}

extension UserMessage {
  /// The way of a walk that is the straight line, in `route`'s answer and the UI's detail.
  package static let routeDirect = "Direct: straight there, nearer than either end is to a street"

  /// `route`'s answer: the walk's length and time, the line beside it, and the streets along
  /// it.
  package static func routeSummary(
    _ route: WalkRouter.Route, to name: String, line: Double, speed: Double,
    units: MeasurementSystem = .metric
  ) -> String {
    var lines = [
      "Walk to \(TerminalText.escape(name)): \(walk(route.length, speed: speed, units: units)) "
        + "(\(DistanceText.format(line, units: units)) in a straight line)"
    ]
    lines.append(
      route.isDirect
        ? routeDirect
        : route.streetNames.isEmpty
          ? "Along: unnamed ways"
          : "Along: " + route.streetNames.map { TerminalText.escape($0) }.joined(separator: ", "))
    return lines.joined(separator: "\n")
  }
}
