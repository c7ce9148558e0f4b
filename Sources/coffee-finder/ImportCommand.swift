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
    let imported: Imported
    do {
      imported = try Self.read(url, area: area, how: .init(everyNamedFeature: all))
    } catch {
      throw CLIError("cannot import \(file): \(CLIError.describe(error))")
    }
    let stored = try await Self.store(imported, data: data)
    Console.out(
      "Imported \(imported.dataset.places.count) places covering "
        + "\(TerminalText.escape(imported.dataset.coverage.description)) as the area "
        + "\"\(TerminalText.escape(stored.name))\" into \(data.placeStoreURL.path).")
    if !imported.streets.isEmpty {
      Console.out("Stored \(imported.streets.count) street lines for maps.")
    }
  }

  /// A file read for storing: its places, its streets, and how to read it again.
  struct Imported {
    var dataset: PlaceDataset
    var streets: [StreetLine]
    var origin: StoredArea.Origin
  }

  /// Reads `url` as `import` does, in `how.format` (told from the contents when `nil`) and
  /// with `how.everyNamedFeature`; the origin records the format it was read in, so that
  /// `areas update` reads it again the same way.
  static func read(
    _ url: URL, area: String?, how: StoredArea.Origin.FileImport
  ) throws -> Imported {
    var how = how
    if how.format == nil { how.format = try OSMImporter.format(ofFileAt: url) }
    // One read for the cafés and the streets for maps (ways, lines and areas tagged highway,
    // railway, waterway or coastline).
    let imported = try OSMImporter.importFileAndStreets(
      at: url, area: area, format: how.format, everyNamedFeature: how.everyNamedFeature)
    return Imported(
      dataset: imported.dataset, streets: imported.streets,
      origin: .file(url.standardizedFileURL.path, how))
  }

  /// Stores what ``read(_:area:how:)`` read as an area with its coverage box.
  static func store(_ imported: Imported, data: DataOptions) async throws -> StoredArea {
    try await store(
      imported.dataset, origin: imported.origin, streets: imported.streets, data: data)
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
