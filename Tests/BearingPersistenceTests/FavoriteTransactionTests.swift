import BearingLocation
import BearingPersonalData
import BearingProcessTesting
import BearingSQLite
import Foundation
import GRDB
import Testing

/// A favourite and its monitored region are written and removed in one transaction.
@Suite(.offPool) struct FavoriteTransactionTests {
  static let favorite = Favorite(
    placeID: "osm:node/1", name: "Café Ekberg",
    coordinate: Coordinate(latitude: 60.1632, longitude: 24.9393), source: .openStreetMap,
    addedAt: Date(timeIntervalSince1970: 1_800_000_000))
  static let region = MonitoredRegion(
    region: Region(identifier: "osm:node/1", center: favorite.coordinate, radius: 100))

  @Test func whenTheRegionCannotBeWrittenTheFavouriteIsNotKeptEither() async throws {
    let path = try TemporaryDirectory.make().appendingPathComponent("test.sqlite").path
    let database = try LocalDatabase(path: path)
    // Another connection makes every region insert fail, as a full disk would midway.
    let saboteur = try DatabaseQueue(path: path)
    try await saboteur.write { db in
      try db.execute(
        sql: """
          CREATE TRIGGER refuseRegions BEFORE INSERT ON monitoredRegion
          BEGIN SELECT RAISE(ABORT, 'no room for regions'); END
          """)
    }
    await #expect(throws: StorageError.self) {
      try await database.addFavorite(Self.favorite, region: Self.region)
    }
    #expect(try await database.favorites().isEmpty)
    #expect(try await database.monitoredRegions().isEmpty)

    try await saboteur.write { db in try db.execute(sql: "DROP TRIGGER refuseRegions") }
    try await database.addFavorite(Self.favorite, region: Self.region)
    #expect(try await database.favorites().map(\.placeID) == ["osm:node/1"])
    #expect(try await database.monitoredRegions().map(\.id) == ["osm:node/1"])

    // Removing takes both, or (when the region cannot be deleted) neither.
    try await saboteur.write { db in
      try db.execute(
        sql: """
          CREATE TRIGGER keepRegions BEFORE DELETE ON monitoredRegion
          BEGIN SELECT RAISE(ABORT, 'regions are kept'); END
          """)
    }
    await #expect(throws: StorageError.self) {
      try await database.removeFavorite(placeID: "osm:node/1")
    }
    #expect(try await database.favorites().count == 1)
    try await saboteur.write { db in try db.execute(sql: "DROP TRIGGER keepRegions") }
    #expect(try await database.removeFavorite(placeID: "osm:node/1"))
    #expect(try await database.favorites().isEmpty)
    #expect(try await database.monitoredRegions().isEmpty)
  }
}
