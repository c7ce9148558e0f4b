import ArgumentParser
import Bearing
import BearingPersonalData
import BearingPlaces
import BearingStreets
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

  func validate() throws {
    try DataOptions.checkAreaName(area)
  }

  @MainActor
  func run() async throws {
    output.bootstrapLogging()
    let store = Store(
      initialState: AreaImport.State(
        file: file, area: area, how: .init(everyNamedFeature: all))
    ) {
      AreaImport()
    } withDependencies: {
      $0.offlineAreas = data.offlineAreas
    }
    await store.send(.importFile).finish()
    if let failure = store.state.failure { throw CLIError(failure) }
    guard let imported = store.state.imported else { return }
    Console.out(
      "Imported \(Counted.places(imported.coverage.placeCount)) covering "
        + "\(TerminalText.escape(imported.coverage.description)) as the area "
        + "\"\(TerminalText.escape(imported.area.name))\" into \(data.placeStoreURL.path).")
    if imported.streetCount > 0 {
      Console.out("Stored \(Counted.streetLines(imported.streetCount)) for maps.")
    }
    if imported.otherCount > 0 {
      Console.out(UserMessage.featuresNotCafés(imported.otherCount, every: all))
    }
    if let warning = imported.leftOutWarning { Console.note(UserMessage.warning(warning)) }
  }
}
