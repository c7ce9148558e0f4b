import BearingStreets

extension StreetKind {
  /// Whether a map at this scale draws lines of this kind: paths only up to 5 m a dot, minor
  /// streets up to 20 m a dot; coarser, they would fill every cell.
  public func isDrawn(atMetresPerDot metresPerDot: Double) -> Bool {
    switch self {
    case .path: metresPerDot <= 5
    case .minor: metresPerDot <= 20
    case .water, .rail, .major: true
    }
  }
}
