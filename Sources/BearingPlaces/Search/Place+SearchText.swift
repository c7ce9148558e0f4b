import BearingText

extension Place {
  /// The place's name and categories, one a line, folded by ``NameFolding``: what a text
  /// search (``PlaceQuery/text``, folded the same way) looks in, wherever the place comes from.
  ///
  /// ```swift
  /// place.searchText.contains(NameFolding.fold("cafe"))
  /// ```
  public var searchText: String {
    NameFolding.fold(([name] + categories).joined(separator: "\n"))
  }
}
