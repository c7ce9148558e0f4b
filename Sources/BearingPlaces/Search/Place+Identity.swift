import BearingText

/// When two places are one café: the rule every list of places follows (search results, name
/// look-ups, favourites, the map's legend), so that a café is one place everywhere.
///
/// Two places are one when they have the same id (the built-in copy of a café and the copy an
/// import of the same OpenStreetMap data stored), or the same name (as ``NameFolding`` folds
/// names: case, accents and width ignored) within ``sameCaféDistance`` (the same list imported
/// under two file names, whose ids differ; a café in an OpenStreetMap extract and in a list of
/// one's own). Two cafés of one chain a street apart stay two.
///
/// ```swift
/// Place.distinct(stored + builtIn)  // each café once, the first copy kept
/// ```
extension Place {
  /// Metres within which two places of the same name are one café.
  public static let sameCaféDistance = 30.0

  /// Whether `self` and `other` are one café.
  public func isSameCafé(as other: Place) -> Bool {
    Self.same(self, NameFolding.fold(name), other, NameFolding.fold(other.name))
  }

  /// The rule, with each name folded once by the caller (a search compares many pairs).
  private static func same(_ a: Place, _ aName: String, _ b: Place, _ bName: String) -> Bool {
    a.id == b.id
      || (a.coordinate.distance(to: b.coordinate) <= sameCaféDistance && aName == bName)
  }

  /// `places` with every place dropped that is one café with an earlier one: given nearest
  /// first, the nearest copy is kept; given stored first, the stored copy.
  public static func distinct(_ places: [Place]) -> [Place] {
    var kept: [(place: Place, name: String)] = []
    for place in places {
      let name = NameFolding.fold(place.name)
      if !kept.contains(where: { same($0.place, $0.name, place, name) }) {
        kept.append((place, name))
      }
    }
    return kept.map(\.place)
  }
}
