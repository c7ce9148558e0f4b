import BearingPersonalData
import BearingProcessTesting
import BearingSQLite
import Foundation
import GRDB
import Testing

/// Each migration is checked against a database created by the version before it, with data in
/// it, as an older coffee-finder would have left it on disk.
@Suite("Migrations", .offPool)
struct MigrationTests {
  /// A database file migrated only up to `version`.
  func databaseFile(at version: String) throws -> (path: String, queue: DatabaseQueue) {
    let path = try TemporaryDirectory.make().appendingPathComponent("old.sqlite").path
    let queue = try DatabaseQueue(path: path)
    try Schema.migrator.migrate(queue, upTo: version)
    return (path, queue)
  }

  @Test
  func v1DataSurvivesMigrationToV2() async throws {
    let (path, queue) = try databaseFile(at: "v1")
    try await queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO favorite (placeId, name, latitude, longitude, source, addedAt)
          VALUES ('fsq-1', 'Café Ekberg', 60.1632, 24.9393, 'foursquare', '2024-05-01 10:00:00.000');
          INSERT INTO note (id, placeId, text, createdAt)
          VALUES ('00000000-0000-0000-0000-000000000001', 'fsq-1', 'Buns', '2024-05-02 10:00:00.000');
          INSERT INTO monitoredRegion (identifier, latitude, longitude, radius, notifyOnEntry,
                                       notifyOnExit)
          VALUES ('fsq-1', 60.1632, 24.9393, 150, 1, 0);
          """)
    }
    try queue.close()

    let database = try LocalDatabase(path: path)
    let favorites = try await database.favorites()
    #expect(favorites.map(\.placeID) == ["fsq-1"])
    #expect(favorites.first?.name == "Café Ekberg")
    #expect(favorites.first?.coordinate.latitude == 60.1632)
    #expect(favorites.first?.address == nil)
    #expect(favorites.first?.source == .foursquare)

    let notes = try await database.notes(placeID: "fsq-1")
    #expect(notes.map(\.text) == ["Buns"])

    let regions = try await database.monitoredRegions()
    #expect(regions.count == 1)
    #expect(regions.first?.state == .unknown)
    #expect(regions.first?.region.radius == 150)
    #expect(regions.first?.region.notifyOnExit == false)

    // The new table works in the migrated file.
    try await database.recordSearch(RecentSearch(query: "latte", searchedAt: Date()))
    #expect(try await database.recentSearches(limit: 5).map(\.query) == ["latte"])
    let applied = try await database.writer.read { db in
      try Schema.migrator.appliedIdentifiers(db)
    }
    #expect(applied == Set(Schema.versions))
  }

  @Test
  func reopeningAnUpToDateDatabaseChangesNothing() async throws {
    let path = try TemporaryDirectory.make().appendingPathComponent("current.sqlite").path
    do {
      let database = try LocalDatabase(path: path)
      try await database.saveFavorite(Fixtures.favorite(1))
      try database.close()
    }
    let database = try LocalDatabase(path: path)
    #expect(try await database.favorites() == [Fixtures.favorite(1)])
  }

  @Test
  func aDatabaseFromANewerVersionIsRefusedAndLeftAlone() async throws {
    let (path, queue) = try databaseFile(at: Schema.versions.last!)
    try await queue.write { db in
      try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v999-future')")
    }
    try queue.close()

    #expect {
      try LocalDatabase(path: path)
    } throws: { error in
      "\(error)".contains(path) && "\(error)".contains("newer version")
    }
    let reread = try DatabaseQueue(path: path)
    let identifiers = try await reread.read { db in
      try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
    }
    #expect(identifiers == Schema.versions + ["v999-future"])
  }
}
