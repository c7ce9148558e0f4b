import BearingLocation
import BearingSQLite
import Foundation
import GRDB

extension LocalDatabase {
  /// How many recent searches are kept; older ones are dropped when a new one is recorded.
  public static let recentSearchLimit = 20

  // MARK: Favourites

  /// Favourites, newest first.
  public func favorites() async throws(StorageError) -> [Favorite] {
    try await mapErrors { try await writer.read(Self.fetchFavorites) }
  }

  /// Inserts `favorite`, or replaces the one with the same place identifier.
  public func saveFavorite(_ favorite: Favorite) async throws(StorageError) {
    try await mapErrors { try await writer.write { db in try favorite.save(db) } }
  }

  /// Saves every favourite in one transaction: afterwards either all are stored or, when
  /// anything fails (or the process dies part-way), none of them are.
  public func saveFavorites(_ favorites: [Favorite]) async throws(StorageError) {
    try await mapErrors {
      try await writer.write { db in
        for favorite in favorites { try favorite.save(db) }
      }
    }
  }

  /// Deletes the favourite with `placeID`; returns whether there was one.
  @discardableResult
  public func deleteFavorite(placeID: String) async throws(StorageError) -> Bool {
    try await mapErrors {
      try await writer.write { db in try Favorite.deleteOne(db, key: placeID) }
    }
  }

  /// Saves `favorite` and the region that watches it in one transaction: afterwards both are
  /// stored, or (when anything fails, or the process dies part-way) neither is.
  public func addFavorite(_ favorite: Favorite, region: MonitoredRegion) async throws(StorageError)
  {
    try await mapErrors {
      try await writer.write { db in
        try favorite.save(db)
        try region.save(db)
      }
    }
  }

  /// Deletes the favourite with `placeID` and its monitored region in one transaction; returns
  /// whether there was such a favourite.
  @discardableResult
  public func removeFavorite(placeID: String) async throws(StorageError) -> Bool {
    try await mapErrors {
      try await writer.write { db in
        let existed = try Favorite.deleteOne(db, key: placeID)
        try MonitoredRegion.deleteOne(db, key: placeID)
        return existed
      }
    }
  }

  static func fetchFavorites(_ db: Database) throws -> [Favorite] {
    try Favorite.order(Favorite.Columns.addedAt.desc, Favorite.Columns.name).fetchAll(db)
  }

  // MARK: Notes

  /// The notes about `placeID`, newest first.
  public func notes(placeID: String) async throws(StorageError) -> [PlaceNote] {
    try await mapErrors {
      try await writer.read { db in try Self.fetchNotes(db, placeID: placeID) }
    }
  }

  /// Stores a new note. A note with the same ``PlaceNote/id`` already stored is an error.
  public func addNote(_ note: PlaceNote) async throws(StorageError) {
    try await mapErrors { try await writer.write { db in try note.insert(db) } }
  }

  /// Deletes the note with `id`; returns whether there was one.
  @discardableResult
  public func deleteNote(id: UUID) async throws(StorageError) -> Bool {
    try await mapErrors {
      try await writer.write { db in try PlaceNote.deleteOne(db, key: id.uuidString) }
    }
  }

  static func fetchNotes(_ db: Database, placeID: String) throws -> [PlaceNote] {
    try PlaceNote
      .filter(PlaceNote.Columns.placeID == placeID)
      .order(PlaceNote.Columns.createdAt.desc)
      .fetchAll(db)
  }

  // MARK: Monitored regions

  /// Every monitored region, by identifier.
  public func monitoredRegions() async throws(StorageError) -> [MonitoredRegion] {
    try await mapErrors { try await writer.read(Self.fetchMonitoredRegions) }
  }

  /// Inserts `region`, or replaces the one with the same identifier.
  public func saveMonitoredRegion(_ region: MonitoredRegion) async throws(StorageError) {
    try await mapErrors { try await writer.write { db in try region.save(db) } }
  }

  /// Records the state the region monitor determined; returns whether the region exists.
  @discardableResult
  public func updateRegionState(identifier: String, state: RegionState)
    async throws(StorageError) -> Bool
  {
    try await mapErrors {
      try await writer.write { db in
        try MonitoredRegion
          .filter(key: identifier)
          .updateAll(db, MonitoredRegion.Columns.state.set(to: state.rawValue)) > 0
      }
    }
  }

  /// Stops monitoring `identifier`; returns whether it was monitored.
  @discardableResult
  public func deleteMonitoredRegion(identifier: String) async throws(StorageError) -> Bool {
    try await mapErrors {
      try await writer.write { db in try MonitoredRegion.deleteOne(db, key: identifier) }
    }
  }

  static func fetchMonitoredRegions(_ db: Database) throws -> [MonitoredRegion] {
    try MonitoredRegion.order(MonitoredRegion.Columns.identifier).fetchAll(db)
  }

  // MARK: Recent searches

  /// The most recent searches, newest first, at most `limit`.
  public func recentSearches(limit: Int = recentSearchLimit) async throws(StorageError)
    -> [RecentSearch]
  {
    try await mapErrors {
      try await writer.read { db in try Self.fetchRecentSearches(db, limit: limit) }
    }
  }

  /// Records a search, moving a repeated query to the top and keeping only the newest
  /// ``recentSearchLimit``.
  public func recordSearch(_ search: RecentSearch) async throws(StorageError) {
    try await mapErrors {
      try await writer.write { db in
        try search.save(db)
        let keep = RecentSearch.select(RecentSearch.Columns.query)
          .order(RecentSearch.Columns.searchedAt.desc)
          .limit(Self.recentSearchLimit)
        try RecentSearch.filter(!keep.contains(RecentSearch.Columns.query)).deleteAll(db)
      }
    }
  }

  /// Forgets every recent search.
  public func clearRecentSearches() async throws(StorageError) {
    try await mapErrors { _ = try await writer.write { db in try RecentSearch.deleteAll(db) } }
  }

  static func fetchRecentSearches(_ db: Database, limit: Int) throws -> [RecentSearch] {
    try RecentSearch.order(RecentSearch.Columns.searchedAt.desc).limit(max(0, limit)).fetchAll(db)
  }
}
