import BearingSQLite
import Foundation

extension LocalDatabase {
  /// Opens (creating if needed) the personal database at `path`, migrated to the latest
  /// ``Schema``: favourites, notes, monitored regions and recent searches.
  ///
  /// - throws: A `StorageError`, as `LocalDatabase.init(path:options:migrator:)` says.
  public init(path: String, options: Options = Options()) throws(StorageError) {
    try self.init(path: path, options: options, migrator: Schema.migrator)
  }

  /// An empty personal database in memory with the latest ``Schema`` (for tests and previews).
  public static func inMemory(options: Options = Options()) throws(StorageError) -> LocalDatabase {
    try inMemory(options: options, migrator: Schema.migrator)
  }

  /// `$XDG_DATA_HOME/coffee-finder/coffee-finder.sqlite`, else under `~/.local/share`.
  ///
  /// A relative `XDG_DATA_HOME` is ignored, as the XDG Base Directory spec asks.
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let base: String
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      base = data
    } else {
      let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
      base = (home as NSString).appendingPathComponent(".local/share")
    }
    return (base as NSString).appendingPathComponent("coffee-finder/coffee-finder.sqlite")
  }
}
