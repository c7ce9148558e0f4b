import ArgumentParser
import CoffeeFinderSettings
import Foundation

/// A distance on the command line: metres (`800`), or with a unit (`800m`, `5km`, `5 km`,
/// `1mi`, `500ft`), as ``DistanceSetting`` reads it; a negative one is read, so that its range
/// error names it.
struct DistanceArgument: ExpressibleByArgument, Hashable {
  var metres: Double

  init(metres: Double) { self.metres = metres }

  init?(argument: String) {
    guard let metres = DistanceSetting.metres(from: argument) else { return nil }
    self.metres = metres
  }

  var defaultValueDescription: String { "\(metres)" }

  /// The distance `argument` says, or a usage error that lists how one is written (for an
  /// option's `transform:`).
  static func parse(_ argument: String) throws -> DistanceArgument {
    guard let distance = DistanceArgument(argument: argument) else {
      throw ValidationError("not a distance; write \(DistanceSetting.accepted)")
    }
    return distance
  }
}
