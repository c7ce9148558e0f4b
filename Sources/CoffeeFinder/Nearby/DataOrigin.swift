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
package enum DataOrigin: Hashable, Sendable, CustomStringConvertible {
  /// The Foursquare Places API.
  case foursquare
  /// An offline OpenStreetMap dataset covering an area.
  case offline(DataCoverage)
  /// Several stored areas that results came from (overlapping areas, or a search that reaches
  /// past one area into another), newest first.
  case offlineAreas([DataCoverage])
  /// OpenStreetMap through the Overpass API at `host`.
  case overpass(host: String)
  /// Offline data of several areas (newest first), and where none covers the search the
  /// Overpass API at `overpassHost` (`--provider auto` without a key) or nothing
  /// (`--provider offline`); ``resolved(at:)`` says which for a point.
  case stored([DataCoverage], overpassHost: String?)

  package var description: String {
    switch self {
    case .foursquare: "Foursquare"
    case .offline(let coverage):
      "offline data: \(TerminalText.escape(coverage.description)), "
        + Counted.places(coverage.placeCount)
    case .offlineAreas(let areas):
      "offline data: "
        + areas.map { "\(TerminalText.escape($0.description)), \(Counted.places($0.placeCount))" }
        .joined(separator: "; ")
    case .overpass(let host): "OpenStreetMap via Overpass (\(TerminalText.escape(host)))"
    case .stored(let areas, let host):
      "offline data for "
        + TerminalText.escape(areas.map(\.area).joined(separator: ", "))
        + (host.map { ", elsewhere OpenStreetMap via Overpass (\(TerminalText.escape($0)))" } ?? "")
    }
  }

  /// What answered a search centred on `center` that found `places`: the stored areas that
  /// hold a result (each one whose extent a result lies in), else the newest stored area that
  /// covers the point; the built-in data (the last of the areas) where no stored area covers
  /// the point, as ``OfflineLibrary`` searches; else Overpass. Any other origin is itself.
  package func resolved(at center: Coordinate, places: [Place] = []) -> DataOrigin {
    guard case .stored(let areas, let host) = self, let builtIn = areas.last else { return self }
    let margin = OfflinePlaces.coverageMargin
    let stored = areas.dropLast()
    if let covering = stored.first(where: { $0.contains(center, margin: margin) }) {
      let holding = stored.filter { area in
        places.contains { area.contains($0.coordinate, margin: 0) }
      }
      if holding.count > 1 { return .offlineAreas(Array(holding)) }
      return .offline(holding.first ?? covering)
    }
    if builtIn.contains(center, margin: margin) { return .offline(builtIn) }
    return host.map { .overpass(host: $0) } ?? self
  }

  /// The attribution line to show with results, if the data needs one (a GeoJSON file of
  /// one's own needs none).
  package var credit: String? {
    let credit = anyCredit
    return credit?.isEmpty == true ? nil : credit
  }

  private var anyCredit: String? {
    switch self {
    case .foursquare: "Places data from Foursquare"
    case .offline(let coverage): TerminalText.escape(coverage.attribution)
    case .offlineAreas(let areas):
      Set(areas.map(\.attribution)).count == 1
        ? TerminalText.escape(areas[0].attribution) : DataCoverage.openStreetMapAttribution
    case .overpass: DataCoverage.openStreetMapAttribution
    case .stored(let areas, _):
      Set(areas.map(\.attribution)).count == 1
        ? TerminalText.escape(areas[0].attribution) : DataCoverage.openStreetMapAttribution
    }
  }

  /// A machine-readable kind, for JSON output.
  package var kind: String {
    switch self {
    case .foursquare: "foursquare"
    case .offline, .offlineAreas: "offline"
    case .overpass: "overpass"
    case .stored: "offline"
    }
  }
}
