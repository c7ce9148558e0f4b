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

  /// `places` with the copies of each café made one: a place that is one café with an
  /// earlier one joins its group, and each group is given by the copy ``isBetterCopy(than:)``
  /// picks, in the place of the group's first copy. Which copy that is does not depend on the
  /// order, so a café held by two areas has one name and one point wherever it is listed
  /// from (nearest first in a search, by id in a look-up).
  public static func distinct(_ places: [Place]) -> [Place] {
    copies(places).map(\.kept)
  }

  /// The cafés of `places` as ``distinct(_:)`` makes them one, each with every copy of it
  /// given, in the order given.
  public static func copies(_ places: [Place]) -> [(kept: Place, copies: [Place])] {
    var groups: [(name: String, kept: Place, copies: [Place])] = []
    for place in places {
      let name = NameFolding.fold(place.name)
      if let index = groups.firstIndex(where: { same($0.copies[0], $0.name, place, name) }) {
        if place.isBetterCopy(than: groups[index].kept) { groups[index].kept = place }
        groups[index].copies.append(place)
      } else {
        groups.append((name, place, [place]))
      }
    }
    return groups.map { ($0.kept, $0.copies) }
  }

  /// Whether `self` stands for a café better than `other`, another copy of it: a name written
  /// with small letters over one in capitals only ("Riverside Café" over "RIVERSIDE CAFE"),
  /// then the name with more letters beyond ASCII (accents kept), then the smaller id. Of two
  /// copies under one id (a stored copy and the built-in one) the first given stays.
  func isBetterCopy(than other: Place) -> Bool {
    guard id != other.id else { return false }
    func rank(_ name: String) -> (Int, Int) {
      (name.contains(where: \.isLowercase) ? 1 : 0, name.unicodeScalars.count { !$0.isASCII })
    }
    let (mine, theirs) = (rank(name), rank(other.name))
    return mine != theirs ? mine > theirs : id < other.id
  }
}
