import BearingPersonalData
import BearingProcessTesting
import BearingSQLite
import Dependencies
import Foundation
import Testing

@Suite("DatabaseClient", .offPool)
struct DatabaseClientTests {
  @Test
  func theDependencyIsTheClientItWasGiven() async throws {
    let client = DatabaseClient.live(try LocalDatabase.inMemory())
    try await withDependencies {
      $0.database = client
    } operation: {
      @Dependency(\.database) var database
      try await database.saveFavorite(Fixtures.favorite(3))
      #expect(try await database.favorites() == [Fixtures.favorite(3)])
      try await database.addNote(Fixtures.note(1, placeID: "place-3"))
      #expect(try await database.deleteNote(Fixtures.note(1).id))
      #expect(try await database.deleteFavorite("place-3"))
    }
  }

  @Test
  func theTestValueFailsEveryEndpointCalledUnasked() async {
    let client = DatabaseClient.testValue
    await withKnownIssue {
      _ = try await client.favorites()
    }
    await withKnownIssue {
      try await client.saveFavorite(Fixtures.favorite(1))
    }
  }

  @Test
  func theFailingClientThrowsItsErrorEverywhere() async {
    let error = StorageError.corrupt(path: "/x/db.sqlite", detail: "file is not a database")
    let client = DatabaseClient.failing(error)
    await #expect(throws: error) { try await client.favorites() }
    await #expect(throws: error) { try await client.notes("p") }
    await #expect(throws: error) {
      for try await _ in client.observeFavorites() {}
    }
  }

  @Test
  func thePreviewValueHoldsSampleFavorites() async throws {
    let favorites = try await DatabaseClient.previewValue.favorites()
    #expect(favorites.map(\.name) == ["Café Regatta", "Café Ekberg"])
  }

  @Test
  func theDefaultPathFollowsXDG() {
    #expect(
      LocalDatabase.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
        == "/data/coffee-finder/coffee-finder.sqlite")
    #expect(
      LocalDatabase.defaultPath(environment: ["HOME": "/home/u"])
        == "/home/u/.local/share/coffee-finder/coffee-finder.sqlite")
    // A relative XDG_DATA_HOME is invalid per the spec and ignored.
    #expect(
      LocalDatabase.defaultPath(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/u"])
        == "/home/u/.local/share/coffee-finder/coffee-finder.sqlite")
  }

  @Test
  func openingCreatesTheDirectoryPrivately() throws {
    let directory = try TemporaryDirectory.make().appendingPathComponent("a/b")
    _ = try LocalDatabase(path: directory.appendingPathComponent("db.sqlite").path)
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o700)
  }
}
