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
    let (stored, found) = try await Self.importStreaming(
      file, area: area, how: .init(everyNamedFeature: all), data: data)
    Console.out(
      "Imported \(found.coverage.placeCount) places covering "
        + "\(TerminalText.escape(found.coverage.description)) as the area "
        + "\"\(TerminalText.escape(stored.name))\" into \(data.placeStoreURL.path).")
    if !found.streets.isEmpty {
      Console.out("Stored \(found.streets.count) street lines for maps.")
    }
  }

  /// Reads `file` in `how.format` (told from its contents when `nil`; the area's origin records
  /// it, so that `areas update` reads the file again the same way) and stores it as an area with
  /// its coverage box and streets, batch by batch while the file is read
  /// (``PlaceImportStream``): a file of any size is imported in bounded memory, and reading
  /// overlaps storing. A bad file stores nothing: its
  /// error is `cannotImport` of the file and why (`areas update` says it its own way).
  static func importStreaming(
    _ file: String, area: String?, how: StoredArea.Origin.FileImport, data: DataOptions,
    cannotImport: (_ file: String, _ why: String) -> String = { "cannot import \($0): \($1)" }
  ) async throws -> (StoredArea, PlaceImportStream.Summary) {
    let url = URL(fileURLWithPath: file)
    var how = how
    let stream: PlaceImportStream
    do {
      if how.format == nil { how.format = try OSMImporter.format(ofFileAt: url) }
      stream = try PlaceImportStream(
        fileAt: url, area: area, format: how.format, everyNamedFeature: how.everyNamedFeature)
    } catch {
      throw CLIError(cannotImport(file, CLIError.describe(error)))
    }
    guard let store = try await data.openPlaceStore(create: true) else {
      stream.cancel()
      throw CLIError("cannot open the offline places \(data.placeStoreURL.path)")
    }
    let origin = StoredArea.Origin.file(url.standardizedFileURL.path, how)
    let name = area ?? url.lastPathComponent.split(separator: ".").first.map(String.init)
    let placeholder = PlaceStore.NewArea(
      name: name ?? url.lastPathComponent, source: "OpenStreetMap", origin: origin,
      boundary: .box(south: 0, west: 0, north: 0, east: 0))
    // The source (a .osm.pbf file's date) and the box are known once the file is read.
    let feed = PlaceStore.PlaceFeed(
      next: { try stream.next() }, expectedCount: { stream.expectedCount },
      end: {
        let found = stream.summary
        let known = found.map { found in
          let coverage = found.coverage
          return PlaceStore.NewArea(
            name: coverage.area, source: coverage.source, attribution: coverage.attribution,
            origin: origin,
            boundary: .box(
              south: coverage.south, west: coverage.west, north: coverage.north,
              east: coverage.east))
        }
        return (known, found?.streets ?? [])
      })
    do {
      let stored = try await store.add(placeholder, feed: feed)
      return (stored, stream.summary!)
    } catch {
      stream.cancel()
      // The file's own fault, when it is one, comes before what it did to the transaction.
      if let failure = stream.failure {
        throw CLIError(cannotImport(file, CLIError.describe(failure)))
      }
      throw CLIError(UserMessage.cannotStoreArea(in: data.placeStoreURL.path, error))
    }
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
      throw CLIError(UserMessage.cannotStoreArea(in: data.placeStoreURL.path, error))
    }
  }
}
