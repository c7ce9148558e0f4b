import BearingLocation
import BearingSQLite
import Dependencies
import DependenciesMacros
import Foundation

// MARK: Interface

/// The app's storage as a dependency: favourites, notes, monitored regions and recent searches,
/// each readable once or observable as a stream of values.
///
/// Every failure is a ``StorageError``. The live value opens the default on-disk database
/// lazily; an app that wants to report an unusable database at start-up opens one itself:
///
/// ```swift
/// let client = try DatabaseClient.live(path: LocalDatabase.defaultPath())
/// let store = Store(initialState: App.State()) { App() } withDependencies: {
///   $0.database = client
/// }
/// ```
///
/// In a reducer:
///
/// ```swift
/// @Dependency(\.database) var database
/// return .run { send in
///   for try await favorites in database.observeFavorites() {
///     await send(.favoritesChanged(favorites))
///   }
/// }
/// ```
@DependencyClient
public struct DatabaseClient: Sendable {
  /// Favourites, newest first.
  public var favorites: @Sendable () async throws -> [Favorite]
  /// Inserts or replaces a favourite (keyed by place identifier).
  public var saveFavorite: @Sendable (_ favorite: Favorite) async throws -> Void
  /// Saves a batch in one transaction: all of it or none of it.
  public var saveFavorites: @Sendable (_ favorites: [Favorite]) async throws -> Void
  /// Deletes a favourite; returns whether there was one.
  public var deleteFavorite: @Sendable (_ placeID: String) async throws -> Bool
  /// Saves a favourite and its monitored region in one transaction (both or neither).
  public var addFavorite:
    @Sendable (_ favorite: Favorite, _ region: MonitoredRegion) async throws -> Void
  /// Deletes a favourite and its monitored region in one transaction; whether it existed.
  public var removeFavorite: @Sendable (_ placeID: String) async throws -> Bool
  /// Favourites now and after every change.
  public var observeFavorites: @Sendable () -> AsyncThrowingStream<[Favorite], any Error> = {
    .finished()
  }

  /// Notes about a place, newest first.
  public var notes: @Sendable (_ placeID: String) async throws -> [PlaceNote]
  /// Stores a new note.
  public var addNote: @Sendable (_ note: PlaceNote) async throws -> Void
  /// Deletes a note; returns whether there was one.
  public var deleteNote: @Sendable (_ id: UUID) async throws -> Bool
  /// Notes about a place now and after every change.
  public var observeNotes:
    @Sendable (_ placeID: String) -> AsyncThrowingStream<[PlaceNote], any Error> = { _ in
      .finished()
    }

  /// Monitored regions with their last known state.
  public var monitoredRegions: @Sendable () async throws -> [MonitoredRegion]
  /// Inserts or replaces a monitored region (keyed by identifier).
  public var saveMonitoredRegion: @Sendable (_ region: MonitoredRegion) async throws -> Void
  /// Records a region's state; returns whether the region exists.
  public var updateRegionState:
    @Sendable (_ identifier: String, _ state: RegionState) async throws -> Bool
  /// Stops monitoring a region; returns whether it was monitored.
  public var deleteMonitoredRegion: @Sendable (_ identifier: String) async throws -> Bool
  /// Monitored regions now and after every change.
  public var observeMonitoredRegions:
    @Sendable () -> AsyncThrowingStream<[MonitoredRegion], any Error> = { .finished() }

  /// The newest recent searches, at most `limit`.
  public var recentSearches: @Sendable (_ limit: Int) async throws -> [RecentSearch]
  /// Records a search (a repeated query moves to the top).
  public var recordSearch: @Sendable (_ search: RecentSearch) async throws -> Void
  /// Forgets every recent search.
  public var clearRecentSearches: @Sendable () async throws -> Void
}

// MARK: Test key

extension DatabaseClient: TestDependencyKey {
  /// Every endpoint fails the test when called without being overridden.
  public static let testValue = DatabaseClient()

  /// An in-memory database holding a few Helsinki cafés, for previews.
  public static var previewValue: DatabaseClient {
    do {
      let database = try LocalDatabase.inMemory()
      let client = DatabaseClient.live(database)
      let samples = [
        Favorite(
          placeID: "preview-ekberg", name: "Café Ekberg",
          coordinate: Coordinate(latitude: 60.1632, longitude: 24.9393), source: .manual,
          address: "Bulevardi 9, Helsinki", addedAt: Date(timeIntervalSince1970: 1_700_000_000)),
        Favorite(
          placeID: "preview-regatta", name: "Café Regatta",
          coordinate: Coordinate(latitude: 60.1836, longitude: 24.9072), source: .manual,
          addedAt: Date(timeIntervalSince1970: 1_700_000_100)),
      ]
      // The queue is in memory and was just created: nothing else can hold a lock on it.
      try database.writer.writeWithoutTransaction { db in
        for favorite in samples { try favorite.save(db) }
      }
      return client
    } catch {
      return .failing(error)
    }
  }
}

// MARK: Accessor

extension DependencyValues {
  /// The app's database.
  public var database: DatabaseClient {
    get { self[DatabaseClient.self] }
    set { self[DatabaseClient.self] = newValue }
  }
}
