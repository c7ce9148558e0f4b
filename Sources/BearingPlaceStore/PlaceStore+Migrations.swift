import BearingText
import BearingWalking
import Foundation
import GRDB

extension PlaceStore {
  /// The store's schema. Never edit a shipped migration: add one.
  ///
  /// - `places-v1`: areas, places, their membership, and an R*Tree over the places' positions.
  /// - `places-v2`: place names resolved online (`--near`), so each is asked for once.
  /// - `places-v3`: the R*Tree gives way to a grid-cell column under an ordinary index
  ///   (``CellGrid/places``), which a bulk import can rebuild in one sort instead of a million
  ///   inserts.
  /// - `places-v4`: street geometry for maps, in pieces under grid cells of 1/400°.
  /// - `places-v5`: the resolved names' keys folded again, by ``NameFolding`` (which folds
  ///   width too), so that a name resolved before is found under today's folding.
  /// - `places-v6`: each place's raw `opening_hours` value (``Place/openingHours``).
  /// - `places-v7`: each area's walking graph (`PlaceStore+Walking`), one blob an area.
  /// - `places-v8`: each walking graph's box (its streets', which reach past the area's cafés),
  ///   read from the stored graphs.
  public static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("places-v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE area (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            source TEXT NOT NULL,
            attribution TEXT NOT NULL,
            origin TEXT NOT NULL,
            south REAL NOT NULL, west REAL NOT NULL, north REAL NOT NULL, east REAL NOT NULL,
            circleLatitude REAL, circleLongitude REAL, circleRadius REAL,
            storedAt DATETIME NOT NULL,
            placeCount INTEGER NOT NULL
          );
          CREATE TABLE place (
            rowid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            address TEXT,
            categories TEXT NOT NULL,
            phone TEXT,
            website TEXT,
            source TEXT NOT NULL
          );
          CREATE TABLE areaPlace (
            areaId INTEGER NOT NULL REFERENCES area(id) ON DELETE CASCADE,
            placeRowid INTEGER NOT NULL REFERENCES place(rowid),
            PRIMARY KEY (areaId, placeRowid)
          ) WITHOUT ROWID;
          CREATE INDEX areaPlaceByPlace ON areaPlace(placeRowid);
          CREATE VIRTUAL TABLE placeIndex USING rtree(
            rowid, minLatitude, maxLatitude, minLongitude, maxLongitude);
          """)
    }
    migrator.registerMigration("places-v2") { db in
      try db.create(table: "geocode") { t in
        t.primaryKey("query", .text)
        t.column("answers", .blob).notNull()
        t.column("fetchedAt", .datetime).notNull()
      }
    }
    migrator.registerMigration("places-v3") { db in
      // The cells are the grid's own: the formula is not written again in SQL. (As shipped,
      // this was the same formula in SQL; a test holds the two to the same cells.)
      let cell = CellGrid.places.sqlFunction(named: "placeCell")
      db.add(function: cell)
      defer { db.remove(function: cell) }
      try db.execute(
        sql: """
          DROP TABLE placeIndex;
          ALTER TABLE place ADD COLUMN cell INTEGER NOT NULL DEFAULT 0;
          UPDATE place SET cell = placeCell(latitude, longitude);
          CREATE INDEX placeByCell ON place(cell);
          """)
    }
    migrator.registerMigration("places-v4") { db in
      // Street geometry for maps, in pieces under a grid cell each (`PlaceStore+Streets`).
      try db.execute(
        sql: """
          CREATE TABLE street (
            id INTEGER PRIMARY KEY,
            areaId INTEGER NOT NULL REFERENCES area(id) ON DELETE CASCADE,
            cell INTEGER NOT NULL,
            kind INTEGER NOT NULL,
            points BLOB NOT NULL
          );
          CREATE INDEX streetByCell ON street(cell);
          CREATE INDEX streetByArea ON street(areaId);
          """)
    }
    migrator.registerMigration("places-v5") { db in
      // Keys that fold alike now are one: the newest answer wins, as a new answer replaces
      // the old under one key.
      let rows = try Row.fetchAll(
        db, sql: "SELECT query, answers, fetchedAt FROM geocode ORDER BY fetchedAt, query")
      try db.execute(sql: "DELETE FROM geocode")
      for row in rows {
        let query: String = row["query"]
        try db.execute(
          sql: "INSERT OR REPLACE INTO geocode (query, answers, fetchedAt) VALUES (?, ?, ?)",
          arguments: [NameFolding.fold(query), row["answers"], row["fetchedAt"]])
      }
    }
    migrator.registerMigration("places-v6") { db in
      try db.execute(sql: "ALTER TABLE place ADD COLUMN openingHours TEXT")
    }
    migrator.registerMigration("places-v7") { db in
      // An area's walking graph, in its stored form (`WalkingGraph.serialized()`); an area
      // imported before has none until `areas update` imports it again.
      try db.execute(
        sql: """
          CREATE TABLE walkingGraph (
            areaId INTEGER PRIMARY KEY REFERENCES area(id) ON DELETE CASCADE,
            graph BLOB NOT NULL
          );
          """)
    }
    migrator.registerMigration("places-v8") { db in
      // The box of each graph's streets, by which a walk finds the graph under its start (the
      // area's box is its cafés', which streets reach past); a damaged graph keeps none.
      for column in ["south", "west", "north", "east"] {
        try db.execute(sql: "ALTER TABLE walkingGraph ADD COLUMN \(column) REAL")
      }
      let rows = try Row.fetchAll(db, sql: "SELECT areaId, graph FROM walkingGraph")
      for row in rows {
        let bytes: Data = row["graph"]
        guard let graph = try? WalkingGraph(serialized: bytes), let box = graph.bounds else {
          continue
        }
        try db.execute(
          sql: "UPDATE walkingGraph SET south = ?, west = ?, north = ?, east = ? WHERE areaId = ?",
          arguments: [box.south, box.west, box.north, box.east, row["areaId"] as Int64])
      }
    }
    return migrator
  }
}
