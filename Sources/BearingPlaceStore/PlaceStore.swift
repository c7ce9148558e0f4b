import BearingSQLite

/// Offline places of many areas in one SQLite file, indexed by grid cell, so a search reads
/// only the places near it and opening costs the same for 86 places or a million.
///
/// Each import or download is a ``StoredArea``; places are kept once by id however many areas
/// hold them, and removing an area removes only the places no other area holds. Adding an area
/// is one transaction: an interrupted import or download leaves no half area.
///
/// The file is separate from the app's personal database (favourites, notes): it is large,
/// can be fetched again, and is not integrity-checked on every start.
///
/// ```swift
/// let store = try PlaceStore(path: dataDirectory + "/places.sqlite")
/// try await store.add(StoredArea.New(name: "Kallio", source: "OpenStreetMap",
///   origin: .file(path), boundary: .box(...)), places: places)
/// let cafés = try await store.search(query)
/// ```
///
/// Each capability has a file of its own: `PlaceStore+Areas`, `+BulkImport`, `+Search`,
/// `+Streets`, `+GeocodeCache` and `+Migrations`; the grid arithmetic is ``CellGrid``'s.
public struct PlaceStore: Sendable {
  /// The database, opened with the store's own migrations.
  public let database: LocalDatabase

  /// Opens (creating if needed) the store at `path`.
  public init(path: String) throws(StorageError) {
    database = try LocalDatabase(
      path: path, options: .init(checksIntegrityOnOpen: false), migrator: Self.migrator)
  }

  /// An empty store in memory, for tests.
  public static func inMemory() throws(StorageError) -> PlaceStore {
    PlaceStore(database: try LocalDatabase.inMemory(migrator: migrator))
  }

  init(database: LocalDatabase) { self.database = database }
}
