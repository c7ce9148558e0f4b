import BearingSQLite
import Dependencies
import Foundation

// MARK: Live

extension DatabaseClient: DependencyKey {
  /// The database at ``LocalDatabase/defaultPath(environment:)``, opened on first use. If it
  /// cannot be opened every endpoint throws the ``StorageError`` that says why.
  public static let liveValue: DatabaseClient = {
    do {
      return try .live(path: LocalDatabase.defaultPath())
    } catch {
      return .failing(error)
    }
  }()

  /// A client over the database file at `path` (see ``LocalDatabase/init(path:options:)``).
  public static func live(
    path: String, options: LocalDatabase.Options = LocalDatabase.Options()
  ) throws(StorageError) -> DatabaseClient {
    .live(try LocalDatabase(path: path, options: options))
  }

  /// A client over an open database.
  public static func live(_ database: LocalDatabase) -> DatabaseClient {
    DatabaseClient(
      favorites: { try await database.favorites() },
      saveFavorite: { try await database.saveFavorite($0) },
      saveFavorites: { try await database.saveFavorites($0) },
      deleteFavorite: { try await database.deleteFavorite(placeID: $0) },
      addFavorite: { try await database.addFavorite($0, region: $1) },
      removeFavorite: { try await database.removeFavorite(placeID: $0) },
      observeFavorites: { database.observeFavorites() },
      notes: { try await database.notes(placeID: $0) },
      addNote: { try await database.addNote($0) },
      deleteNote: { try await database.deleteNote(id: $0) },
      observeNotes: { database.observeNotes(placeID: $0) },
      monitoredRegions: { try await database.monitoredRegions() },
      saveMonitoredRegion: { try await database.saveMonitoredRegion($0) },
      updateRegionState: { try await database.updateRegionState(identifier: $0, state: $1) },
      deleteMonitoredRegion: { try await database.deleteMonitoredRegion(identifier: $0) },
      observeMonitoredRegions: { database.observeMonitoredRegions() },
      recentSearches: { try await database.recentSearches(limit: $0) },
      recordSearch: { try await database.recordSearch($0) },
      clearRecentSearches: { try await database.clearRecentSearches() }
    )
  }

  // MARK: Mocks

  /// Every endpoint throws `error`; streams finish with it. Used when the database could not
  /// be opened, so the app still runs and shows the reason where storage is needed.
  public static func failing(_ error: any Error) -> DatabaseClient {
    DatabaseClient(
      favorites: { throw error },
      saveFavorite: { _ in throw error },
      saveFavorites: { _ in throw error },
      deleteFavorite: { _ in throw error },
      addFavorite: { _, _ in throw error },
      removeFavorite: { _ in throw error },
      observeFavorites: { AsyncThrowingStream { $0.finish(throwing: error) } },
      notes: { _ in throw error },
      addNote: { _ in throw error },
      deleteNote: { _ in throw error },
      observeNotes: { _ in AsyncThrowingStream { $0.finish(throwing: error) } },
      monitoredRegions: { throw error },
      saveMonitoredRegion: { _ in throw error },
      updateRegionState: { _, _ in throw error },
      deleteMonitoredRegion: { _ in throw error },
      observeMonitoredRegions: { AsyncThrowingStream { $0.finish(throwing: error) } },
      recentSearches: { _ in throw error },
      recordSearch: { _ in throw error },
      clearRecentSearches: { throw error }
    )
  }
}
