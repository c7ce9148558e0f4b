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
  /// Offline data of several areas (newest first), and where none covers the search the
  /// Overpass API at `overpassHost` (`--provider auto` without a key) or nothing
  /// (`--provider offline`); ``resolved(at:)`` says which for a point.
  case stored([DataCoverage], overpassHost: String?)

  public var description: String {
    switch self {
    case .foursquare: "Foursquare"
    case .offline(let coverage):
      "offline data: \(TerminalText.escape(coverage.description)), "
        + "\(coverage.placeCount) places"
    case .overpass(let host): "OpenStreetMap via Overpass (\(TerminalText.escape(host)))"
    case .stored(let areas, let host):
      "offline data for "
        + TerminalText.escape(areas.map(\.area).joined(separator: ", "))
        + (host.map { ", elsewhere OpenStreetMap via Overpass (\(TerminalText.escape($0)))" } ?? "")
    }
  }

  /// What answers a search centred on `center`: the offline area that covers the point, else
  /// Overpass; any other origin is itself.
  public func resolved(at center: Coordinate) -> DataOrigin {
    guard case .stored(let areas, let host) = self else { return self }
    if let area = areas.first(where: { $0.contains(center, margin: OfflinePlaces.coverageMargin) })
    {
      return .offline(area)
    }
    return host.map { .overpass(host: $0) } ?? self
  }

  /// The attribution line to show with results, if the data needs one.
  public var credit: String? {
    switch self {
    case .foursquare: "Places data from Foursquare"
    case .offline(let coverage): TerminalText.escape(coverage.attribution)
    case .overpass: DataCoverage.openStreetMapAttribution
    case .stored(let areas, _):
      Set(areas.map(\.attribution)).count == 1
        ? TerminalText.escape(areas[0].attribution) : DataCoverage.openStreetMapAttribution
    }
  }

  /// A machine-readable kind, for JSON output.
  public var kind: String {
    switch self {
    case .foursquare: "foursquare"
    case .offline: "offline"
    case .overpass: "overpass"
    case .stored: "offline"
    }
  }
}
