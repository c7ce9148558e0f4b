import GRDB

/// The database schema as a list of versioned migrations, oldest first.
///
/// Never edit a migration that has shipped: add a new one. Each is tested by creating a
/// database at the previous version, filling it, migrating, and checking the data survived.
///
/// - `v1`: favourites, notes and monitored regions (without their state).
/// - `v2`: a favourite's address, a monitored region's last state, recent searches.
public enum Schema {
  /// Migration identifiers, in the order they run.
  public static let versions = ["v1", "v2"]

  /// A migrator holding every migration. Migrating an up-to-date database does nothing.
  public static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.create(table: "favorite") { t in
        t.primaryKey("placeId", .text)
        t.column("name", .text).notNull()
        t.column("latitude", .double).notNull()
        t.column("longitude", .double).notNull()
        t.column("source", .text).notNull()
        t.column("addedAt", .datetime).notNull()
      }
      try db.create(table: "note") { t in
        t.primaryKey("id", .text)
        t.column("placeId", .text).notNull().indexed()
        t.column("text", .text).notNull()
        t.column("createdAt", .datetime).notNull()
      }
      try db.create(table: "monitoredRegion") { t in
        t.primaryKey("identifier", .text)
        t.column("latitude", .double).notNull()
        t.column("longitude", .double).notNull()
        t.column("radius", .double).notNull()
        t.column("notifyOnEntry", .boolean).notNull().defaults(to: true)
        t.column("notifyOnExit", .boolean).notNull().defaults(to: true)
      }
    }
    migrator.registerMigration("v2") { db in
      try db.alter(table: "favorite") { t in
        t.add(column: "address", .text)
      }
      try db.alter(table: "monitoredRegion") { t in
        t.add(column: "state", .text).notNull().defaults(to: "unknown")
      }
      try db.create(table: "recentSearch") { t in
        t.primaryKey("query", .text)
        t.column("latitude", .double)
        t.column("longitude", .double)
        t.column("searchedAt", .datetime).notNull().indexed()
      }
    }
    return migrator
  }
}
