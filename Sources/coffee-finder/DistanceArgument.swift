import ArgumentParser
import Foundation

/// A distance on the command line: metres (`800`), or with a unit (`800m`, `5km`, `5 km`).
struct DistanceArgument: ExpressibleByArgument, Hashable {
  var metres: Double

  init(metres: Double) { self.metres = metres }

  init?(argument: String) {
    let text = argument.lowercased().replacingOccurrences(of: " ", with: "")
    let (number, scale): (Substring, Double) =
      text.hasSuffix("km")
      ? (text.dropLast(2), 1000) : text.hasSuffix("m") ? (text.dropLast(), 1) : (text[...], 1)
    guard let value = Double(number), value.isFinite else { return nil }
    metres = value * scale
  }

  var defaultValueDescription: String { "\(metres)" }
}
