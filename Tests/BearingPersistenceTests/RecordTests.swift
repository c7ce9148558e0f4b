import BearingLocation
import BearingPersonalData
import BearingProcessTesting
import BearingSQLite
import Foundation
import Testing

@Suite("Records", .offPool)
struct RecordTests {
  @Test(arguments: TestStorage.allCases)
  func favoritesAreSavedReplacedListedNewestFirstAndDeleted(storage: TestStorage) async throws {
    let database = try storage.open()
    try await database.saveFavorite(Fixtures.favorite(1))
    try await database.saveFavorite(Fixtures.favorite(2))
    #expect(try await database.favorites() == [Fixtures.favorite(2), Fixtures.favorite(1)])

    try await database.saveFavorite(Fixtures.favorite(1, name: "Renamed"))
    #expect(try await database.favorites().map(\.name) == ["Café 2", "Renamed"])

    #expect(try await database.deleteFavorite(placeID: "place-2"))
    #expect(try await !database.deleteFavorite(placeID: "place-2"))
    #expect(try await database.favorites().map(\.placeID) == ["place-1"])
  }

  @Test(arguments: TestStorage.allCases)
  func favoriteKeepsEveryField(storage: TestStorage) async throws {
    let database = try storage.open()
    let favorite = Favorite(
      placeID: "osm-1", name: "Kahvila \"Ö\" 🍩",
      coordinate: Coordinate(latitude: -33.9, longitude: 151.2),
      source: .openStreetMap, address: "Kuja 1", addedAt: Date(timeIntervalSince1970: 12.5))
    try await database.saveFavorite(favorite)
    #expect(try await database.favorites() == [favorite])
  }

  @Test(arguments: TestStorage.allCases)
  func notesArePerPlaceNewestFirstAndDeletable(storage: TestStorage) async throws {
    let database = try storage.open()
    try await database.addNote(Fixtures.note(1))
    try await database.addNote(Fixtures.note(2))
    try await database.addNote(Fixtures.note(3, placeID: "place-9"))

    #expect(try await database.notes(placeID: "place-1") == [Fixtures.note(2), Fixtures.note(1)])
    #expect(try await database.notes(placeID: "place-9") == [Fixtures.note(3, placeID: "place-9")])

    #expect(try await database.deleteNote(id: Fixtures.note(2).id))
    #expect(try await !database.deleteNote(id: Fixtures.note(2).id))
    #expect(try await database.notes(placeID: "place-1") == [Fixtures.note(1)])
  }

  @Test(arguments: TestStorage.allCases)
  func addingANoteTwiceIsAnErrorAndKeepsTheFirst(storage: TestStorage) async throws {
    let database = try storage.open()
    try await database.addNote(Fixtures.note(1))
    var duplicate = Fixtures.note(1)
    duplicate.text = "Other text"
    await #expect(throws: StorageError.self) { try await database.addNote(duplicate) }
    #expect(try await database.notes(placeID: "place-1") == [Fixtures.note(1)])
  }

  @Test(arguments: TestStorage.allCases)
  func monitoredRegionsKeepTheirState(storage: TestStorage) async throws {
    let database = try storage.open()
    try await database.saveMonitoredRegion(Fixtures.region("b"))
    try await database.saveMonitoredRegion(Fixtures.region("a"))
    #expect(try await database.updateRegionState(identifier: "b", state: .inside))
    #expect(try await !database.updateRegionState(identifier: "missing", state: .inside))

    #expect(
      try await database.monitoredRegions()
        == [Fixtures.region("a"), Fixtures.region("b", state: .inside)])

    #expect(try await database.deleteMonitoredRegion(identifier: "a"))
    #expect(try await database.monitoredRegions().map(\.id) == ["b"])
  }

  @Test
  func monitoredRegionStateSurvivesARestart() async throws {
    let path = try TemporaryDirectory.make().appendingPathComponent("restart.sqlite").path
    do {
      let database = try LocalDatabase(path: path)
      try await database.saveMonitoredRegion(Fixtures.region("home"))
      try await database.updateRegionState(identifier: "home", state: .inside)
      try database.close()
    }
    let reopened = try LocalDatabase(path: path)
    #expect(try await reopened.monitoredRegions() == [Fixtures.region("home", state: .inside)])
  }

  @Test(arguments: TestStorage.allCases)
  func recentSearchesMoveRepeatsToTheTopAndKeepTheNewest(storage: TestStorage) async throws {
    let database = try storage.open()
    let limit = LocalDatabase.recentSearchLimit
    for index in 0..<(limit + 5) {
      try await database.recordSearch(
        RecentSearch(
          query: "q\(index)", coordinate: index == 0 ? nil : Coordinate(latitude: 1, longitude: 2),
          searchedAt: Date(timeIntervalSince1970: Double(index))))
    }
    var searches = try await database.recentSearches(limit: 100)
    #expect(searches.count == limit)
    #expect(searches.first?.query == "q\(limit + 4)")
    #expect(searches.last?.query == "q5")

    try await database.recordSearch(
      RecentSearch(query: "q10", searchedAt: Date(timeIntervalSince1970: 1000)))
    searches = try await database.recentSearches(limit: 3)
    #expect(searches.map(\.query) == ["q10", "q\(limit + 4)", "q\(limit + 3)"])
    #expect(searches[0].coordinate == nil)
    #expect(searches[1].coordinate == Coordinate(latitude: 1, longitude: 2))

    try await database.clearRecentSearches()
    #expect(try await database.recentSearches(limit: 10).isEmpty)
  }

  @Test(arguments: TestStorage.allCases)
  func aStoredRowWithAnInvalidCoordinateIsAnErrorNotACrash(storage: TestStorage) async throws {
    let database = try storage.open()
    try await database.writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO favorite (placeId, name, latitude, longitude, source, addedAt)
          VALUES ('bad', 'Bad', 123.0, 0.0, 'manual', '2024-01-01 00:00:00.000')
          """)
    }
    await #expect {
      try await database.favorites()
    } throws: { error in
      "\(error)".contains("table favorite") && "\(error)".contains("latitude 123.0")
    }
  }
}
