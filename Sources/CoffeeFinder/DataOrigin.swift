import BearingPlaces
import BearingText

/// Where place data comes from, with the credit its licence asks for.
///
/// ```swift
/// let origin = DataOrigin.offline(coverage)
/// origin.credit  // "© OpenStreetMap contributors (ODbL)"
/// ```
public enum DataOrigin: Hashable, Sendable, CustomStringConvertible {
  /// The Foursquare Places API.
  case foursquare
  /// An offline OpenStreetMap dataset covering an area.
  case offline(DataCoverage)

  public var description: String {
    switch self {
    case .foursquare: "Foursquare"
    case .offline(let coverage):
      "offline data: \(TerminalText.escape(coverage.description)), "
        + "\(coverage.placeCount) places"
    }
  }

  /// The attribution line to show with results, if the data needs one.
  public var credit: String? {
    switch self {
    case .foursquare: "Places data from Foursquare"
    case .offline(let coverage): TerminalText.escape(coverage.attribution)
    }
  }

  /// A machine-readable kind, for JSON output.
  public var kind: String {
    switch self {
    case .foursquare: "foursquare"
    case .offline: "offline"
    }
  }
}
