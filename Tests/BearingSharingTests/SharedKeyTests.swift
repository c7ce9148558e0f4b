import BearingSharing
import Synchronization
import Testing

/// A key whose storage the test drives: it records saves, and hands its subscriber out.
private final class Storage: Sendable {
  struct State {
    var stored: Int?
    var saves: [(Int, SaveContext)] = []
    var subscriber: SharedSubscriber<Int>?
    var loadFailure: (any Error)?
  }
  let state = Mutex(State())
}

private struct DrivenKey: SharedKey, Hashable {
  let name: String
  let storage: Storage

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
  func hash(into hasher: inout Hasher) { hasher.combine(name) }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    let (stored, failure) = storage.state.withLock { ($0.stored, $0.loadFailure) }
    if let failure { return continuation.resume(throwing: failure) }
    if let stored {
      continuation.resume(returning: stored)
    } else {
      continuation.resumeReturningInitialValue()
    }
  }

  func subscribe(
    context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
  ) -> SharedSubscription {
    storage.state.withLock { $0.subscriber = subscriber }
    return SharedSubscription { [storage] in storage.state.withLock { $0.subscriber = nil } }
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    storage.state.withLock {
      $0.stored = value
      $0.saves.append((value, context))
    }
    continuation.resume()
  }
}

private struct Broken: Error, Equatable {}

struct SharedKeyTests {
  @Test func loadsOnceAndSavesAfterEachChange() async throws {
    let storage = Storage()
    storage.state.withLock { $0.stored = 4 }
    @Shared(DrivenKey(name: "saves", storage: storage)) var value = 0
    #expect(value == 4)
    $value.withLock { $0 += 1 }
    $value.withLock { $0 += 1 }
    try await $value.save()
    let saves = storage.state.withLock { $0.saves.map { "\($0.0) \($0.1)" } }
    #expect(saves == ["5 didSet", "6 didSet", "6 userInitiated"])
  }

  @Test func appliesWhatTheSubscriptionYields() throws {
    let storage = Storage()
    @Shared(DrivenKey(name: "yields", storage: storage)) var value = 1
    let subscriber = try #require(storage.state.withLock { $0.subscriber })
    subscriber.yield(10)
    #expect(value == 10)
    subscriber.yield(throwing: Broken())
    #expect(value == 10)
    #expect($value.loadError as? Broken == Broken())
    subscriber.yieldReturningInitialValue()
    #expect(value == 1)
    #expect($value.loadError == nil)
    subscriber.yieldLoading(true)
    #expect($value.isLoading)
  }

  @Test func aLoadThatFailsKeepsTheValueAndTheError() async {
    let storage = Storage()
    storage.state.withLock { $0.loadFailure = Broken() }
    @Shared(DrivenKey(name: "fails", storage: storage)) var value = 3
    #expect(value == 3)
    #expect($value.loadError as? Broken == Broken())
    await #expect(throws: Broken.self) { try await $value.load() }
    storage.state.withLock {
      $0.loadFailure = nil
      $0.stored = 9
    }
    try? await $value.load()
    #expect(value == 9)
    #expect($value.loadError == nil)
  }

  @Test func theLastReferenceGoingEndsTheSubscription() {
    let storage = Storage()
    do {
      @Shared(DrivenKey(name: "ends", storage: storage)) var value = 1
      #expect(storage.state.withLock { $0.subscriber != nil })
      _ = value
    }
    #expect(storage.state.withLock { $0.subscriber == nil })
  }

  @Test func loadSwitchesToAnotherKey() async throws {
    @Shared(.inMemory("first")) var value = 1
    @Shared(.inMemory("second")) var other = 2
    try await $value.load(.inMemory("second"))
    $value.withLock { $0 = 5 }
    #expect(other == 5)
  }
}
