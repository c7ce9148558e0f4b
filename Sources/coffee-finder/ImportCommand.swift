import ArgumentParser
import BearingMap
import BearingPersistence
import BearingPlaces
import BearingText
import CoffeeFinder
import Foundation

/// `coffee-finder import FILE`: stores an area's cafés for offline search.
struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import cafés from OpenStreetMap data for offline search, as a stored area.",
    discussion: """
      Reads .osm.pbf extracts, Overpass JSON and any GeoJSON FeatureCollection. Each import adds \
      an area (importing again under the same --area name replaces it); `coffee-finder areas` \
      lists and removes them. Places are stored once by id across areas.

      Examples:
        coffee-finder import berlin-latest.osm.pbf --area Berlin
        coffee-finder import overpass-export.geojson
        coffee-finder import my-cafes.geojson --all
      """
  )

  @Argument(help: "An .osm.pbf extract, an Overpass JSON answer or a GeoJSON FeatureCollection.")
  var file: String
  @Option(help: "What to call the covered area (default: the file's name).") var area: String?
  @Flag(help: "Take every named feature as a café (for a file that lists cafés already).")
  var all = false
  @OptionGroup var data: DataOptions
  @OptionGroup var output: OutputOptions

  func run() async throws {
    output.bootstrapLogging()
    let url = URL(fileURLWithPath: file)
    let imported: OSMImporter.Imported
    do {
      imported = try OSMImporter.importFileAndStreets(at: url, area: area, everyNamedFeature: all)
    } catch {
      throw CLIError("cannot import \(file): \(CLIError.describe(error))")
    }
    // Streets for maps: ways, lines and areas tagged highway, railway, waterway or coastline.
    let (dataset, streets) = (imported.dataset, imported.streets)
    let stored = try await Self.store(
      dataset, origin: .file(url.standardizedFileURL.path), streets: streets, data: data)
    Console.out(
      "Imported \(dataset.places.count) places covering "
        + "\(TerminalText.escape(dataset.coverage.description)) as the area "
        + "\"\(TerminalText.escape(stored.name))\" into \(data.placeStoreURL.path).")
    if !streets.isEmpty { Console.out("Stored \(streets.count) street lines for maps.") }
  }

  /// Stores `dataset` as an area with its coverage box, and `streets` with it.
  static func store(
    _ dataset: PlaceDataset, origin: StoredArea.Origin, boundary: StoredArea.Boundary? = nil,
    streets: [StreetLine] = [], data: DataOptions
  ) async throws -> StoredArea {
    guard let store = try await data.openPlaceStore(create: true) else {
      throw CLIError("cannot open the offline places \(data.placeStoreURL.path)")
    }
    let coverage = dataset.coverage
    let area = PlaceStore.NewArea(
      name: coverage.area, source: coverage.source, attribution: coverage.attribution,
      origin: origin,
      boundary: boundary
        ?? .box(
          south: coverage.south, west: coverage.west, north: coverage.north, east: coverage.east))
    do {
      return try await store.add(area, places: dataset.places, streets: streets)
    } catch {
      throw CLIError("cannot store the area in \(data.placeStoreURL.path): \(error)")
    }
  }
}
