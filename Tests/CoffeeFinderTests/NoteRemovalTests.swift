import Bearing
import BearingPersonalData
import BearingSQLite
import BearingTesting
import CoffeeFinder
import Foundation
import Testing

@MainActor
@Suite struct NoteRemovalTests {
  @Test func removesTheNoteAndSaysWhenItWasNotThere() async throws {
    let database = DatabaseClient.live(try LocalDatabase.inMemory())
    let note = PlaceNote(
      id: UUID(0), placeID: "osm:node/1", text: "Cardamom buns", createdAt: Fixtures.epoch)
    try await database.addNote(note)
    let store = TestStore(initialState: NoteRemoval.State(id: note.id)) {
      NoteRemoval()
    } withDependencies: {
      $0.database = database
    }
    await store.send(.remove)
    await store.receive(.finished(removed: true)) { $0.removed = true }
    #expect(try await database.notes(placeID: "osm:node/1").isEmpty)
    await store.send(.remove)
    await store.receive(.finished(removed: false)) { $0.removed = false }
  }

  @Test func aStorageFailureIsTheUsersLine() async {
    let failure = StorageError.locked(path: "/tmp/x.sqlite", timeout: .seconds(5))
    let store = TestStore(initialState: NoteRemoval.State(id: UUID(0))) {
      NoteRemoval()
    } withDependencies: {
      $0.database = .failing(failure)
    }
    await store.send(.remove)
    await store.receive(.failed(failure.description)) { $0.failure = failure.description }
  }
}
