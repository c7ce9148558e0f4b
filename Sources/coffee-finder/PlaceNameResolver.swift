import BearingHTTP
import BearingLocation
import BearingPersistence
import BearingPlaces
import BearingText
import CoffeeFinder
import Dependencies
import Foundation

/// `--near TEXT`: a place name made coordinates.
///
/// Offline first: the names of stored areas and of the built-in area and its places (equal,
/// ignoring case and accents), and of stored places (equal as `NameFolding` compares them:
/// "cafe ekberg" finds a stored "Café Ekberg"); matches within 100 m of each other are one
/// place. Then answers Nominatim gave before, kept in the place
/// store.
/// Then Nominatim itself (`COFFEE_FINDER_NOMINATIM_URL`, default the public instance), at most
/// one request a second; its answers are kept. Several different places are listed, never
/// guessed between.
enum PlaceNameResolver {
  static func resolve(_ text: String, data: DataOptions) async throws -> GeocodedPlace {
    let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw CLIError("--near needs a place name") }
    let library = try await data.offlineLibrary()
    let offline = distinct(try await offlineMatches(name, library: library))
    if offline.count == 1 { return offline[0] }
    if offline.count > 1 { throw ambiguous(name, offline) }

    let store = try await data.openPlaceStore(create: true)
    var answers = try await store?.cachedGeocode(name)
    if answers == nil {
      @Dependency(\.httpClient) var http
      let nominatim = NominatimGeocoder(
        endpoint: try endpoint(), userAgent: CoffeeFinderCommand.userAgent)
      do {
        answers = try await nominatim.search(name, using: http)
      } catch {
        throw CLIError(
          "cannot find \"\(TerminalText.escape(name))\": \(UserMessage.line(for: error)) Offline, "
            + "--near knows the names of stored places and of the areas "
            + TerminalText.escape(library.coverages.map(\.area).joined(separator: ", ")))
      }
      try? await store?.saveGeocode(name, answers: answers ?? [])
    }
    guard let answers, let best = answers.first else {
      throw CLIError("no place called \"\(TerminalText.escape(name))\" was found")
    }
    if GeocodedPlace.isAmbiguous(answers) { throw ambiguous(name, answers) }
    return best
  }

  /// Stored areas, the built-in area and stored places called `name`.
  static func offlineMatches(_ name: String, library: OfflineLibrary) async throws
    -> [GeocodedPlace]
  {
    let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
    func same(_ other: String) -> Bool { other.compare(name, options: options) == .orderedSame }
    var matches: [GeocodedPlace] = []
    for area in library.areas.reversed() where same(area.name) {
      let center: Coordinate
      if case .circle(let middle, _) = area.boundary {
        center = middle
      } else {
        center = NearbyCommand.center(of: area.coverage)
      }
      matches.append(GeocodedPlace(name: "\(area.name) (stored area)", coordinate: center))
    }
    if same(library.builtIn.coverage.area) {
      matches.append(
        GeocodedPlace(
          name: "\(library.builtIn.coverage.area) (built-in area)",
          coordinate: NearbyCommand.center(of: library.builtIn.coverage)))
    }
    var seen = Set<String>()
    for place in try await library.places(matching: name)
    where same(place.name) && seen.insert(place.id).inserted {
      matches.append(
        GeocodedPlace(
          name: "\(place.name)" + (place.address.map { ", \($0)" } ?? ""),
          coordinate: place.coordinate))
    }
    return matches
  }

  /// `matches` without those within 100 m of an earlier one: the same café stored twice (two
  /// imports of one list under different file names give it two ids) is one place, while two
  /// cafés of one chain a street apart are two.
  static func distinct(_ matches: [GeocodedPlace]) -> [GeocodedPlace] {
    var kept: [GeocodedPlace] = []
    for match in matches
    where !kept.contains(where: { $0.coordinate.distance(to: match.coordinate) <= 100 }) {
      kept.append(match)
    }
    return kept
  }

  static func ambiguous(_ name: String, _ answers: [GeocodedPlace]) -> CLIError {
    let list = answers.prefix(5).map {
      TerminalText.escape($0.name)
        + String(format: " (%.5f,%.5f)", $0.coordinate.latitude, $0.coordinate.longitude)
    }
    return CLIError(
      "\"\(TerminalText.escape(name))\" could be \(answers.count) places: "
        + list.joined(separator: "; ") + ". Pass a longer name, or --at LAT,LON")
  }

  /// `COFFEE_FINDER_NOMINATIM_URL`, for another instance or a local test server.
  static func endpoint(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> URL {
    guard let text = environment["COFFEE_FINDER_NOMINATIM_URL"], !text.isEmpty else {
      return NominatimGeocoder.defaultEndpoint
    }
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
      url.host?.isEmpty == false
    else {
      throw CLIError(
        "COFFEE_FINDER_NOMINATIM_URL is not an http(s) URL: \(TerminalText.escape(text))")
    }
    return url
  }
}
