import BearingProcessTesting
import Dependencies
import Foundation
import Synchronization
import Testing

@testable import BearingSharing

/// `.appStorage` keys: their types, their store in a file shared by processes (two stores of
/// one file stand for two processes here; the end-to-end tests use two), and their test value.
@Suite struct AppStorageKeyTests {
  enum Units: String, Sendable { case metric, imperial }
  enum Level: Int, Sendable { case low = 1, high = 2 }

  func roundTrip<Value: Sendable & Equatable>(
    _ key: AppStorageKey<Value>, _ value: Value, _ store: AppStorageStore
  ) -> Value? {
    key.save(value, context: .didSet, continuation: SaveContinuation { _ in })
    let received = Received<Value>()
    key.load(context: .userInitiated, continuation: received.load)
    return received.last?.value ?? nil
  }

  @Test func everyTypeRoundTrips() {
    let store = AppStorageStore.inMemory()
    #expect(roundTrip(.appStorage("b", store: store), true, store) == true)
    #expect(roundTrip(.appStorage("i", store: store), 42, store) == 42)
    #expect(roundTrip(.appStorage("d", store: store), 2.5, store) == 2.5)
    #expect(roundTrip(.appStorage("s", store: store), "x", store) == "x")
    let url = URL(string: "https://example.com/a?b=c")!
    #expect(roundTrip(.appStorage("u", store: store), url, store) == url)
    #expect(roundTrip(.appStorage("data", store: store), Data([0, 255]), store) == Data([0, 255]))
    let date = Date(timeIntervalSince1970: 1_700_000_000.5)
    #expect(roundTrip(.appStorage("date", store: store), date, store) == date)
    #expect(roundTrip(.appStorage("units", store: store), Units.imperial, store) == .imperial)
    #expect(roundTrip(.appStorage("level", store: store), Level.high, store) == .high)
    #expect(roundTrip(.appStorage("oi", store: store), Int?.some(3), store) == .some(3))
    #expect(
      roundTrip(.appStorage("ou", store: store), Units?.some(.metric), store) == .some(.metric))
  }

  @Test func nilRemovesTheKey() {
    let store = AppStorageStore.inMemory()
    let key = AppStorageKey<Int?>.appStorage("n", store: store)
    key.save(5, context: .didSet, continuation: SaveContinuation { _ in })
    key.save(nil, context: .didSet, continuation: SaveContinuation { _ in })
    #expect(store.value(forKey: "n") == nil)
    let received = Received<Int?>()
    key.load(context: .initialValue(nil), continuation: received.load)
    #expect(received.last?.value == .some(nil))
  }

  @Test func aValueOfAnotherTypeLoadsTheInitialValue() {
    let store = AppStorageStore.inMemory()
    AppStorageKey<String>.appStorage("k", store: store)
      .save("text", context: .didSet, continuation: SaveContinuation { _ in })
    let received = Received<Int>()
    AppStorageKey<Int>.appStorage("k", store: store)
      .load(context: .initialValue(0), continuation: received.load)
    #expect(received.last?.value == .some(nil))
  }

  @Test func twoWritersOfDifferentKeysLoseNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let url = directory.file("app-storage.json")
    let (first, second) = (AppStorageStore.file(url), AppStorageStore.file(url))
    first.set(.int(1), forKey: "a")
    second.set(.int(2), forKey: "b")
    first.synchronize()
    second.synchronize()
    let values = try JSONDecoder().decode(
      [String: AppStorageValue].self, from: Data(contentsOf: url))
    #expect(values == ["a": .int(1), "b": .int(2)])
  }

  @Test func anotherWritersChangeReachesSubscribers() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let url = directory.file("app-storage.json")
    let (first, second) = (AppStorageStore.file(url), AppStorageStore.file(url))
    let received = Received<Int>()
    let subscription = AppStorageKey<Int>.appStorage("count", store: first)
      .subscribe(context: .initialValue(0), subscriber: received.subscriber)
    defer { subscription.cancel() }
    let own = Received<Int>()
    let ownSubscription = AppStorageKey<Int>.appStorage("count", store: second)
      .subscribe(context: .initialValue(0), subscriber: own.subscriber)
    defer { ownSubscription.cancel() }
    AppStorageKey<Int>.appStorage("count", store: second)
      .save(9, context: .didSet, continuation: SaveContinuation { _ in })
    #expect(await received.wait(for: 1))
    #expect(received.last?.value == .some(9))
    // The writer's own subscribers hear nothing of its own write: the first change they hear
    // is the other writer's, which came after it.
    AppStorageKey<Int>.appStorage("count", store: first)
      .save(10, context: .didSet, continuation: SaveContinuation { _ in })
    #expect(await own.wait(for: 1))
    #expect(own.count == 1)
    #expect(own.last?.value == .some(10))
  }

  // One thread sets a key and writes; another writes too, so that two writes overlap; a third
  // reads the file again and again. Only this store changes the key: its subscribers (told of
  // changes found in the file) must hear nothing, and the key must hold each value set until
  // the next, which a reading of a file older than a write under way would undo.
  @Test(.offPool) func overlappingWritesAndReadingsBringNoOlderValueBack() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let store = AppStorageStore.file(directory.file("app-storage.json"))
    let heard = Mutex<[AppStorageValue?]>([])
    let subscription = store.subscribe("k") { value in heard.withLock { $0.append(value) } }
    defer { subscription.cancel() }
    let finished = Atomic(false)
    let reverted = Mutex<[Int]>([])
    let done = DispatchGroup()
    for work in 0..<3 {
      done.enter()
      Thread.detachNewThread {
        defer { done.leave() }
        switch work {
        case 0:
          defer { finished.store(true, ordering: .releasing) }
          for value in 1...1500 {
            store.set(.int(value), forKey: "k")
            store.synchronize()
            if store.value(forKey: "k") != .int(value) {
              reverted.withLock { $0.append(value) }
            }
          }
        case 1:
          while !finished.load(ordering: .acquiring) { try? store.write() }
        default:
          while !finished.load(ordering: .acquiring) { store.reload() }
        }
      }
    }
    done.wait()
    #expect(reverted.withLock { $0 }.isEmpty)
    #expect(heard.withLock { $0 }.isEmpty)
    #expect(store.value(forKey: "k") == .int(1500))
  }

  // The store's file cannot be read (EIO, EACCES, EMFILE…) when a change is written: the write
  // is an error and leaves the file, with every other key, as it is; nothing is kept as corrupt.
  @Test func aStoreThatCannotBeReadKeepsEveryOtherKey() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let url = directory.file("app-storage.json")
    let before = Data(#"{"a":1,"b":2}"#.utf8)
    try before.write(to: url)
    let failing = Mutex(true)
    let store = AppStorageStore(url: url) { url in
      if failing.withLock({ $0 }) {
        throw FileStorageError(operation: .read, path: url.path, reason: "Input/output error")
      }
      return try AtomicFile.contents(of: url)
    }
    store.set(.int(3), forKey: "c")
    #expect(throws: FileStorageError.self) { try store.write() }
    #expect(try Data(contentsOf: url) == before)
    #expect(!FileManager.default.fileExists(atPath: url.path + ".corrupt"))
    // Readable again: the next change is merged with the other keys.
    failing.withLock { $0 = false }
    store.set(.int(4), forKey: "c")
    try store.write()
    let after = try JSONDecoder().decode([String: Int].self, from: Data(contentsOf: url))
    #expect(after == ["a": 1, "b": 2, "c": 4])
  }

  // A write fails (its store unreadable, EACCES): its change is not dropped. The value stays
  // in memory, a reading of the file (another process's change) does not take it away, and the
  // next write writes it with its own.
  @Test func aFailedWriteKeepsItsChange() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let url = directory.file("app-storage.json")
    try Data(#"{"a":1}"#.utf8).write(to: url)
    let failing = Mutex(true)
    let store = AppStorageStore(url: url) { url in
      if failing.withLock({ $0 }) {
        throw FileStorageError(operation: .read, path: url.path, reason: "Permission denied")
      }
      return try AtomicFile.contents(of: url)
    }
    store.set(.int(3), forKey: "c")
    #expect(throws: FileStorageError.self) { try store.write() }
    #expect(store.value(forKey: "c") == .int(3))
    // Another process changes the store; then it can be read: its change is taken, this one's
    // kept (whether or not the write scheduled by the change has written it meanwhile).
    try Data(#"{"a":5}"#.utf8).write(to: directory.file("other.json"))
    _ = rename(directory.file("other.json").path, url.path)
    failing.withLock { $0 = false }
    store.reload()
    #expect(store.value(forKey: "a") == .int(5))
    #expect(store.value(forKey: "c") == .int(3))
    store.set(.int(9), forKey: "d")
    try store.write()
    let after = try JSONDecoder().decode([String: Int].self, from: Data(contentsOf: url))
    #expect(after == ["a": 5, "c": 3, "d": 9])
  }

  // The same where the write itself fails (the disk full): the change is written by the next
  // write, with that write's own.
  @Test func aWriteThatCannotReplaceTheFileKeepsItsChange() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let url = directory.file("app-storage.json")
    let full = Mutex(true)
    let store = AppStorageStore(
      url: url,
      replaceFile: { url, data, keepingCorrupt in
        if full.withLock({ $0 }) {
          throw FileStorageError(
            operation: .write, path: url.path, reason: "No space left on device")
        }
        try AtomicFile.replace(url, with: data, keepingCorrupt: keepingCorrupt)
      })
    store.set(.int(3), forKey: "c")
    #expect(throws: FileStorageError.self) { try store.write() }
    #expect(store.value(forKey: "c") == .int(3))
    full.withLock { $0 = false }
    store.set(.int(9), forKey: "d")
    try store.write()
    let after = try JSONDecoder().decode([String: Int].self, from: Data(contentsOf: url))
    #expect(after == ["c": 3, "d": 9])
  }

  // A store file that does not decode is kept before a write replaces it, each time under a
  // name of its own: an earlier kept file is not written over.
  @Test func eachCorruptStoreIsKeptUnderItsOwnName() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let url = directory.file("app-storage.json")
    let (first, second) = (Data("not json".utf8), Data("[1, 2]".utf8))
    try first.write(to: url)
    let store = AppStorageStore.file(url)
    store.set(.int(1), forKey: "k")
    try store.write()
    try second.write(to: url)
    store.set(.int(2), forKey: "k")
    try store.write()
    #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".corrupt")) == first)
    #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".corrupt-2")) == second)
    let after = try JSONDecoder().decode([String: Int].self, from: Data(contentsOf: url))
    #expect(after == ["k": 2])
  }

  @Test func theTestValueIsAFreshStoreInMemory() {
    @Dependency(\.defaultAppStorage) var store
    #expect(store.url == nil)
    #expect(store.value(forKey: "count") == nil)
    store.set(.int(1), forKey: "count")
  }

  @Test func theStandardStoreIsUnderTheXDGConfigDirectory() {
    #expect(
      AppStorageStore.standard.url
        == ApplicationDirectories.configuration.appendingPathComponent("app-storage.json"))
  }
}
