import BearingLocation
import BearingPersonalData
import BearingProcessTesting
import BearingSQLite
import Foundation
import Testing

@Suite("Observation", .offPool)
struct ObservationTests {
  @Test(arguments: TestStorage.allCases)
  func favoritesStreamStartsWithTheCurrentValueAndFollowsCommits(storage: TestStorage)
    async throws
  {
    let database = try storage.open()
    try await database.saveFavorite(Fixtures.favorite(1))
    var iterator = database.observeFavorites().makeAsyncIterator()
    #expect(try await iterator.next() == [Fixtures.favorite(1)])

    try await database.saveFavorite(Fixtures.favorite(2))
    #expect(try await iterator.next() == [Fixtures.favorite(2), Fixtures.favorite(1)])

    try await database.deleteFavorite(placeID: "place-1")
    #expect(try await iterator.next() == [Fixtures.favorite(2)])
  }

  @Test(arguments: TestStorage.allCases)
  func notesStreamIgnoresOtherPlaces(storage: TestStorage) async throws {
    let database = try storage.open()
    var iterator = database.observeNotes(placeID: "place-1").makeAsyncIterator()
    #expect(try await iterator.next() == [])

    // A note about another place changes the table but not this stream's value.
    try await database.addNote(Fixtures.note(5, placeID: "elsewhere"))
    try await database.addNote(Fixtures.note(1))
    #expect(try await iterator.next() == [Fixtures.note(1)])
  }

  @Test(arguments: TestStorage.allCases)
  func clientStreamsDeliverRegionChanges(storage: TestStorage) async throws {
    let client = DatabaseClient.live(try storage.open())
    var iterator = client.observeMonitoredRegions().makeAsyncIterator()
    #expect(try await iterator.next() == [])
    try await client.saveMonitoredRegion(Fixtures.region("r"))
    #expect(try await iterator.next() == [Fixtures.region("r")])
    _ = try await client.updateRegionState("r", .outside)
    #expect(try await iterator.next() == [Fixtures.region("r", state: .outside)])
  }

  @Test
  func cancellingTheConsumerEndsTheStream() async throws {
    let database = try LocalDatabase.inMemory()
    let received = AsyncStream.makeStream(of: Int.self)
    let consumer = Task {
      var count = 0
      for try await _ in database.observeRecentSearches() {
        count += 1
        received.continuation.yield(count)
      }
      return count
    }
    var counts = received.stream.makeAsyncIterator()
    #expect(await counts.next() == 1)
    consumer.cancel()
    // The loop ends once cancelled: the task's value arrives instead of hanging.
    let total = try await consumer.value
    #expect(total == 1)
  }
}
