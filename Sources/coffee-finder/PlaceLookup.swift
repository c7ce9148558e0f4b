import BearingPlaces
import BearingText
import CoffeeFinder
import Foundation

/// Finds a place the user named on the command line by id or by name.
enum PlaceLookup {
  /// The place whose id is `text`, else the one whose name is `text` (as ``sameName(_:_:)``
  /// compares); an error when none or several match.
  static func find(_ text: String, in places: [Place]) throws -> Place {
    if let place = places.first(where: { $0.id == text }) { return place }
    let matches = places.filter { sameName($0.name, text) }
    switch matches.count {
    case 1: return matches[0]
    case 0:
      throw CLIError(
        "no place with the id or name \"\(text)\" in the offline data; "
          + "`coffee-finder nearby --json` lists ids")
    default:
      throw CLIError(
        "\(matches.count) places are called \"\(text)\"; use an id: "
          + matches.map(\.id).joined(separator: ", "))
    }
  }

  /// Whether `name` is `text`, ignoring case, accents and width (``NameFolding``).
  static func sameName(_ name: String, _ text: String) -> Bool {
    NameFolding.same(name, text)
  }
}
