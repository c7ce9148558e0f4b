import BearingLocation
import BearingPlaces
import BearingText
import Foundation

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
  /// OpenStreetMap through the Overpass API at `host`.
  case overpass(host: String)
  /// The offline data where it covers the search, the Overpass API at `host` elsewhere
  /// (`--provider auto` without a key); ``resolved(at:)`` says which for a point.
  case offlineElseOverpass(DataCoverage, host: String)

  public var description: String {
    switch self {
    case .foursquare: "Foursquare"
    case .offline(let coverage):
      "offline data: \(TerminalText.escape(coverage.description)), "
        + "\(coverage.placeCount) places"
    case .overpass(let host): "OpenStreetMap via Overpass (\(TerminalText.escape(host)))"
    case .offlineElseOverpass(let coverage, let host):
      "offline data for \(TerminalText.escape(coverage.area)), "
        + "elsewhere OpenStreetMap via Overpass (\(TerminalText.escape(host)))"
    }
  }

  /// What answers a search centred on `center`: the offline data when it covers the point,
  /// else Overpass; any other origin is itself.
  public func resolved(at center: Coordinate) -> DataOrigin {
    guard case .offlineElseOverpass(let coverage, let host) = self else { return self }
    return coverage.contains(center, margin: OfflinePlaces.coverageMargin)
      ? .offline(coverage) : .overpass(host: host)
  }

  /// The attribution line to show with results, if the data needs one.
  public var credit: String? {
    switch self {
    case .foursquare: "Places data from Foursquare"
    case .offline(let coverage): TerminalText.escape(coverage.attribution)
    case .overpass, .offlineElseOverpass: DataCoverage.openStreetMapAttribution
    }
  }

  /// A machine-readable kind, for JSON output.
  public var kind: String {
    switch self {
    case .foursquare: "foursquare"
    case .offline: "offline"
    case .overpass: "overpass"
    case .offlineElseOverpass: "offline-else-overpass"
    }
  }
}
