import Foundation
import Testing

/// Keeps ARCHITECTURE.md's account of the executable true: commands parse and drive stores, and
/// only the files under `Sources/coffee-finder` that hold live values of clients reach a client
/// (the place store, the database's endpoints, the HTTP client, the location probes, files,
/// shared storage) themselves.
///
/// The list is exact: a command that starts calling a client fails this test, and so does a
/// file that stops (take it off the list, and off ARCHITECTURE.md's).
@Suite struct CommandClientUseTests {
  /// What a call of a client looks like in the executable's sources.
  static let clientUse = [
    "@Dependency(", "openPlaceStore(", "offlineLibrary(", "PlaceStore(", "PlaceStore.",
    ".deleteNote(", "HTTPClient", "httpClient", "NominatimGeocoder(", "OverpassPlaces(",
    "SourceProbe.", "GeoClue.isPresent", "Data(contentsOf", "FileManager", ".importFile(",
    ".storeArea(", "@Shared(",
  ]

  /// The files that do: `DataOptions+OfflineAreas.swift` and `SourceProbe.swift` hold live
  /// values of clients (`OfflineAreasClient`, `LocationSourceProbe`), which is where those
  /// belong.
  static let stillCallingClients: Set<String> = [
    "DataOptions+OfflineAreas.swift",  // the live OfflineAreasClient: opening the place store
    "SourceProbe.swift",  // the live LocationSourceProbe
  ]

  static var sources: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/coffee-finder")
  }

  /// The executable's Swift files, by name, with their paths below ``sources`` (in whichever
  /// subfolder).
  static func files() throws -> [String: String] {
    let paths = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix(".swift") }
    return Dictionary(
      paths.map { (($0 as NSString).lastPathComponent, $0) },
      uniquingKeysWith: { first, _ in first })
  }

  /// The files whose code (comments left out) names one of ``clientUse``.
  static func filesCallingClients() throws -> Set<String> {
    let files = try files()
    return Set(
      try files.keys.filter { name in
        let text = try String(
          contentsOf: sources.appendingPathComponent(files[name]!), encoding: .utf8)
        let code = text.split(separator: "\n").filter {
          !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
        }
        return code.contains { line in clientUse.contains { line.contains($0) } }
      })
  }

  @Test func onlyTheListedFilesCallClients() throws {
    let found = try Self.filesCallingClients()
    let unlisted = found.subtracting(Self.stillCallingClients).sorted()
    let cleared = Self.stillCallingClients.subtracting(found).sorted()
    #expect(unlisted.isEmpty, "\(unlisted) call a client themselves: drive a feature's store")
    #expect(cleared.isEmpty, "\(cleared) no longer call a client: take them off the list")
  }

  /// Each file under `Sources/coffee-finder` that drives a feature's store for what it once did
  /// itself: the store it makes, and what it no longer names.
  static let drivenFeatures: [(file: String, store: String, gone: [String])] = [
    ("NotesCommand.swift", "NoteRemoval()", ["deleteNote"]),
    ("AreasCommand.swift", "StoredAreas()", ["removeArea"]),
    ("AreasCommand.swift", "AreaUpdate()", ["importFile", "fileExists", "readDataset"]),
    ("ImportCommand.swift", "AreaImport()", ["PlaceImportStream"]),
    ("DownloadCommand.swift", "AreaDownload()", ["OverpassPlaces", "HTTPProgress"]),
    ("DataOptions+OfflineAreas.swift", "LegacyDataMigration()", ["origin: .migrated("]),
    ("MapCommand.swift", "StoredStreets()", ["streets(around"]),
    ("InteractiveSession.swift", "StoredStreets()", ["streets(around"]),
    ("SearchOptions.swift", "Remembering()", ["lastSearchRadius", "loadError"]),
    ("SearchOptions.swift", "SearchSource()", ["offlineLibrary"]),
    ("SearchSetup.swift", "Remembering()", ["lastPosition.save", "loadError", ".write()"]),
  ]

  @Test func theCommandsDriveStores() throws {
    let files = try Self.files()
    for (file, store, gone) in Self.drivenFeatures {
      let path = try #require(files[file], "\(file) not found")
      let text = try String(contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
      #expect(text.contains(store), "\(file) makes no \(store)")
      for name in gone { #expect(!text.contains(name), "\(file) names \(name)") }
    }
  }
}
