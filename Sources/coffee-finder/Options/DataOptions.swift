import ArgumentParser
import BearingPersonalData
import BearingSQLite
import Foundation

/// Where favourites, notes and imported places are kept.
struct DataOptions: ParsableArguments {
  @Option(
    name: .customLong("data-dir"),
    help: ArgumentHelp(
      "Directory for favourites, notes and imported places.",
      discussion: "Default: $COFFEE_FINDER_DATA_DIR, else $XDG_DATA_HOME/coffee-finder, "
        + "else ~/.local/share/coffee-finder."))
  var dataDirectory: String?

  /// Throws a usage error for an empty `--data-dir`, which would put the databases in the
  /// current directory.
  func validate() throws {
    if let dataDirectory, dataDirectory.allSatisfy(\.isWhitespace) {
      throw ValidationError("--data-dir must name a directory; got an empty path")
    }
  }

  /// The directory in use.
  var directory: URL {
    if let dataDirectory { return URL(fileURLWithPath: dataDirectory) }
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["COFFEE_FINDER_DATA_DIR"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return URL(fileURLWithPath: LocalDatabase.defaultPath()).deletingLastPathComponent()
  }

  /// Opens (creating if needed) the database in ``directory``.
  func openDatabase() throws -> DatabaseClient {
    let path = directory.appendingPathComponent("coffee-finder.sqlite").path
    return try DatabaseClient.live(path: path)
  }

  /// Where earlier versions saved an imported dataset; it is moved into ``placeStoreURL``.
  static func importedDatasetURL(in directory: URL) -> URL {
    directory.appendingPathComponent("imported-places.json")
  }

  /// The offline places of every stored area.
  var placeStoreURL: URL { directory.appendingPathComponent("places.sqlite") }
}
