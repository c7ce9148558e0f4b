import Foundation
import Testing

/// Keeps ARCHITECTURE.md's account of the executable true: which files under
/// `Sources/coffee-finder` still reach a client (the place store, the database's endpoints, the
/// HTTP client, the location probes, files) themselves instead of through a feature's store.
///
/// The list is exact: a command that starts calling a client fails this test, and so does one
/// that stops (take it off the list, and off ARCHITECTURE.md's).
@Suite struct CommandClientUseTests {
  /// What a call of a client looks like in the executable's sources.
  static let clientUse = [
    "@Dependency(", "openPlaceStore(", "offlineLibrary(", "PlaceStore(", "PlaceStore.",
    ".deleteNote(", "HTTPClient", "httpClient", "NominatimGeocoder(", "OverpassPlaces(",
    "SourceProbe.", "GeoClue.isPresent", "Data(contentsOf", "FileManager", ".importFile(",
    "@Shared(",
    ".storeArea(",
  ]

  /// The files that still do, each for a reason ARCHITECTURE.md gives.
  /// `DataOptions+OfflineAreas.swift` and `SourceProbe.swift` hold live values of clients
  /// (`OfflineAreasClient`, `LocationSourceProbe`), which is where those belong.
  static let stillCallingClients: Set<String> = [
    "DataOptions+OfflineAreas.swift",  // the live OfflineAreasClient: opening the place store
    "SourceProbe.swift",  // the live LocationSourceProbe
    "SearchOptions.swift",  // the offline data for a search
  ]

  static var sources: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/coffee-finder")
  }

  /// The files whose code (comments left out) names one of ``clientUse``.
  static func filesCallingClients() throws -> Set<String> {
    let names = try FileManager.default.contentsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix(".swift") }
    return Set(
      try names.filter { name in
        let text = try String(
          contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
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

  @Test func theNotesAndAreasCommandsDriveStores() throws {
    let notes = try String(
      contentsOf: Self.sources.appendingPathComponent("NotesCommand.swift"), encoding: .utf8)
    #expect(notes.contains("NoteRemoval()"))
    #expect(!notes.contains("deleteNote"))
    let areas = try String(
      contentsOf: Self.sources.appendingPathComponent("AreasCommand.swift"), encoding: .utf8)
    #expect(areas.contains("StoredAreas()"))
    #expect(areas.contains("AreaUpdate()"))
    #expect(!areas.contains("removeArea"))
    #expect(!areas.contains("importFile") && !areas.contains("fileExists"))
    let imports = try String(
      contentsOf: Self.sources.appendingPathComponent("ImportCommand.swift"), encoding: .utf8)
    #expect(imports.contains("AreaImport()"))
    #expect(!imports.contains("PlaceImportStream"))
    let download = try String(
      contentsOf: Self.sources.appendingPathComponent("DownloadCommand.swift"), encoding: .utf8)
    #expect(download.contains("AreaDownload()"))
    #expect(!download.contains("OverpassPlaces"))
  }
}
