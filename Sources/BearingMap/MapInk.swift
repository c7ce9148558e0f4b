import BearingStreets

/// What drew a cell of a map frame: decides its colour. Higher raw values cover lower ones
/// when two lines share a cell.
public enum MapInk: UInt8, Hashable, Sendable, CaseIterable {
  /// Nothing: an empty cell.
  case blank = 0
  /// A line of a street or other way, by its `StreetKind`.
  case water, rail, path, minor, major
  /// A favourite's region circle, or your recent track.
  case region, track
  /// A walk's route.
  case route
  /// The scale bar and the north arrow.
  case furniture
  /// A place's number: an ordinary place, a favourite, or the selected place.
  case place, favorite, selectedPlace
  /// The arrow (or dot) where you are.
  case you

  init(_ kind: StreetKind) {
    switch kind {
    case .water: self = .water
    case .rail: self = .rail
    case .path: self = .path
    case .minor: self = .minor
    case .major: self = .major
    }
  }

  /// The SGR parameters of this ink: colour and attributes, or attributes only.
  func sgr(color: Bool) -> String? {
    switch self {
    case .blank, .furniture: nil
    case .water: color ? "34" : nil
    case .rail: color ? "35" : nil
    case .path: color ? "90" : nil
    case .minor: color ? "37" : nil
    case .major: color ? "1;97" : "1"
    case .region: color ? "33" : nil
    case .track: color ? "36" : nil
    case .route: color ? "1;95" : "1"
    case .place: color ? "1;32" : "1"
    case .favorite: color ? "1;33" : "1"
    case .selectedPlace: color ? "1;7;32" : "1;7"
    case .you: color ? "1;31" : "1"
    }
  }
}
