import ArgumentParser
import BearingPlaces
import BearingText
import CoffeeFinder
import Foundation

/// `coffee-finder import FILE`: makes offline search work where the user's data covers.
struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import cafés from OpenStreetMap data (.osm.pbf or GeoJSON) for offline search.",
    discussion: """
      The imported places replace the built-in Helsinki data for `nearby` and the interface.
      Remove imported-places.json from the data directory to go back.

      Examples:
        coffee-finder import berlin-latest.osm.pbf --area Berlin
        coffee-finder import overpass-export.geojson
      """
  )

  @Argument(help: "An .osm.pbf extract or a GeoJSON FeatureCollection.") var file: String
  @Option(help: "What to call the covered area (default: the file's name).") var area: String?
  @OptionGroup var data: DataOptions
  @OptionGroup var output: OutputOptions

  func run() async throws {
    output.bootstrapLogging()
    let dataset: PlaceDataset
    do {
      dataset = try OSMImporter.importFile(at: URL(fileURLWithPath: file), area: area)
    } catch {
      throw CLIError("cannot import \(file): \(CLIError.describe(error))")
    }
    let directory = data.directory
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let target = DataOptions.importedDatasetURL(in: directory)
    try dataset.write(to: target)
    Console.out(
      "Imported \(dataset.places.count) places covering "
        + "\(TerminalText.escape(dataset.coverage.description)) into \(target.path).")
  }
}
