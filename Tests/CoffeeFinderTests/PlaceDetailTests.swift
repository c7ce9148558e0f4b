import Bearing
import BearingLocation
import BearingPersonalData
import BearingSQLite
import BearingTesting
import CoffeeFinder
import Foundation
import Testing

@MainActor
@Suite struct PlaceDetailTests {
  func database() throws -> DatabaseClient {
    DatabaseClient.live(try LocalDatabase.inMemory())
  }

  @Test func notesArePersisted() async throws {
    let database = try database()
    let store = TestStore(initialState: PlaceDetail.State(place: Fixtures.ekberg)) {
      PlaceDetail()
    } withDependencies: {
      $0.database = database
      $0.date.now = Fixtures.epoch
      $0.uuid = .incrementing
    }
    await store.send(.onAppear)
    await store.receive(.loaded(isFavorite: false, notes: [])) { $0.isLoaded = true }

    let first = PlaceNote(
      id: UUID(0), placeID: "osm:node/1", text: "Cardamom buns", createdAt: Fixtures.epoch)
    await store.send(.addNoteSubmitted("  Cardamom buns \n"))
    await store.receive(.noteAdded(first)) {
      $0.notes = [first]
      $0.selectedNoteID = first.id
    }
    let second = PlaceNote(
      id: UUID(1), placeID: "osm:node/1", text: "Closed on Sundays", createdAt: Fixtures.epoch)
    await store.send(.addNoteSubmitted("Closed on Sundays"))
    await store.receive(.noteAdded(second)) {
      $0.notes = [second, first]
      $0.selectedNoteID = second.id
    }
    await store.send(.noteSelected(first.id)) { $0.selectedNoteID = first.id }
    await store.send(.deleteNoteTapped(first.id))
    await store.receive(.noteDeleted(first.id)) {
      $0.notes = [second]
      $0.selectedNoteID = second.id
    }
    #expect(try await database.notes(placeID: "osm:node/1") == [second])
  }

  @Test func emptyNoteIsRefusedWithAnAlert() async {
    let store = TestStore(initialState: PlaceDetail.State(place: Fixtures.ekberg)) {
      PlaceDetail()
    } withDependencies: {
      $0.date.now = Fixtures.epoch
      $0.uuid = .incrementing
    }
    await store.send(.addNoteSubmitted("   ")) { $0.alert = "A note needs some text." }
    await store.send(.alertDismissed) { $0.alert = nil }
  }

  @Test func storageFailureShowsAnAlertAndKeepsState() async {
    let failure = StorageError.locked(path: "/tmp/x.sqlite", timeout: .seconds(5))
    let store = TestStore(
      initialState: PlaceDetail.State(place: Fixtures.ekberg, isLoaded: true)
    ) {
      PlaceDetail()
    } withDependencies: {
      $0.database = .failing(failure)
      $0.date.now = Fixtures.epoch
      $0.uuid = .incrementing
    }
    await store.send(.addNoteSubmitted("Lovely"))
    await store.receive(\.failed) {
      $0.alert = "Could not save the note: \(failure.description)"
    }
    #expect(store.state.isFavorite == false)
    #expect(store.state.notes.isEmpty)
  }
}
