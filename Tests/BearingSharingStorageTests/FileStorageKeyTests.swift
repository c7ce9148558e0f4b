import ConcurrencyExtras
import Dependencies
import Foundation
import Synchronization
import Testing

@testable import BearingSharing

/// `.fileStorage` keys on the real file system, in a temporary directory, through the key
/// protocols: load, subscribe and save called with continuations of the test's.
@Suite struct FileStorageKeyTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  func key(
    _ name: String = "items.json", debounce: Duration = .milliseconds(50),
    writes: Counter = Counter()
  ) -> FileStorageKey<[Int]> {
    withDependencies {
      $0.defaultFileStorage = countingFileSystem(debounce: debounce, writes: writes)
    } operation: {
      .fileStorage(directory.file(name))
    }
  }

  @Test func noFileLoadsTheInitialValue() {
    defer { directory.cleanUp() }
    let received = Received<[Int]>()
    key().load(context: .initialValue([]), continuation: received.load)
    #expect(received.count == 1)
    #expect(received.last?.value == .some(nil))
  }

  @Test func loadsTheFilesJSON() throws {
    defer { directory.cleanUp() }
    try Data("[1,2,3]".utf8).write(to: directory.file("items.json"))
    let received = Received<[Int]>()
    key().load(context: .initialValue([]), continuation: received.load)
    #expect(received.last?.value == .some([1, 2, 3]))
  }

  @Test func aBurstOfSavesIsOneWrite() async throws {
    defer { directory.cleanUp() }
    let writes = Counter()
    let key = key(writes: writes)
    let saves = (0..<100).map { _ in SaveResult() }
    for (index, save) in saves.enumerated() {
      key.save([index], context: .didSet, continuation: save.continuation)
    }
    for save in saves {
      let result = await save.wait()
      #expect(result?.error == nil && result != nil)
    }
    #expect(writes.value == 1)
    let data = try Data(contentsOf: directory.file("items.json"))
    #expect(try JSONDecoder().decode([Int].self, from: data) == [99])
  }

  @Test func aUserInitiatedSaveWritesAtOnce() throws {
    defer { directory.cleanUp() }
    let writes = Counter()
    let save = SaveResult()
    key(debounce: .seconds(60), writes: writes).save(
      [7], context: .userInitiated, continuation: save.continuation)
    #expect(writes.value == 1)
    #expect(try Data(contentsOf: directory.file("items.json")) == Data("[7]".utf8))
  }

  @Test func anotherWritersChangeReachesSubscribers() async throws {
    defer { directory.cleanUp() }
    let received = Received<[Int]>()
    let key = key()
    key.load(context: .initialValue([]), continuation: Received<[Int]>().load)
    let subscription = key.subscribe(context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    // Another writer: in place, then by a rename over the file, then deleting it.
    try Data("[4]".utf8).write(to: directory.file("items.json"))
    #expect(await received.wait(for: 1))
    #expect(received.last?.value == .some([4]))
    try Data("[5]".utf8).write(to: directory.file("other.json"))
    try FileManager.default.moveItem(
      at: directory.file("items.json"), to: directory.file("old.json"))
    #expect(await received.wait(for: 2))
    #expect(received.last?.value == .some(nil))
    _ = rename(directory.file("other.json").path, directory.file("items.json").path)
    #expect(await received.wait(for: 3))
    #expect(received.last?.value == .some([5]))
    try FileManager.default.removeItem(at: directory.file("items.json"))
    #expect(await received.wait(for: 4))
    #expect(received.last?.value == .some(nil))
  }

  @Test func aSubscriptionOutlivesItsKey() async throws {
    defer { directory.cleanUp() }
    let received = Received<[Int]>()
    let subscription = key().subscribe(
      context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    try Data("[3]".utf8).write(to: directory.file("items.json"))
    #expect(await received.wait(for: 1))
    #expect(received.last?.value == .some([3]))
  }

  @Test func itsOwnWritesAreNotEchoed() async throws {
    defer { directory.cleanUp() }
    let received = Received<[Int]>()
    let key = key()
    let subscription = key.subscribe(context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    for value in 1...3 {
      let save = SaveResult()
      key.save([value], context: .didSet, continuation: save.continuation)
      _ = await save.wait()
    }
    // Another writer's change comes after the key's own writes: when it arrives, an echo of
    // them would have arrived before it.
    try Data("[7]".utf8).write(to: directory.file("other.json"))
    _ = rename(directory.file("other.json").path, directory.file("items.json").path)
    #expect(await received.wait(for: 1))
    #expect(received.count == 1)
    #expect(received.last?.value == .some([7]))
  }

  @Test func aFileThatDoesNotDecodeIsReportedAndKept() async throws {
    defer { directory.cleanUp() }
    let corrupt = Data("{\"not\": a list".utf8)
    try corrupt.write(to: directory.file("items.json"))
    let received = Received<[Int]>()
    let key = key()
    key.load(context: .initialValue([]), continuation: received.load)
    let error = try #require(received.last?.error as? FileStorageError)
    #expect(error.operation == .decode)
    #expect(error.description.contains(directory.file("items.json").path))
    let subscription = key.subscribe(context: .initialValue([]), subscriber: received.subscriber)
    try await Task.sleep(for: .milliseconds(200))
    subscription.cancel()
    #expect(try Data(contentsOf: directory.file("items.json")) == corrupt)
    // Until the value changes.
    let save = SaveResult()
    key.save([1], context: .didSet, continuation: save.continuation)
    _ = await save.wait()
    #expect(try Data(contentsOf: directory.file("items.json")) == Data("[1]".utf8))
  }

  @Test func anUnwritableDirectoryIsAClearError() async throws {
    defer { directory.cleanUp() }
    // A regular file where the directory should be: no user, root included, can write there.
    try Data().write(to: directory.file("file"))
    let key = withDependencies {
      $0.defaultFileStorage = .fileSystem(debounce: .milliseconds(10))
    } operation: {
      FileStorageKey<[Int]>.fileStorage(directory.file("file").appendingPathComponent("x.json"))
    }
    let save = SaveResult()
    key.save([1], context: .didSet, continuation: save.continuation)
    let error = try #require(await save.wait()?.error as? FileStorageError)
    #expect(error.operation == .write)
    #expect(error.description.hasPrefix("cannot save \(directory.file("file").path)/x.json"))
  }

  @Test func writesAreWholeFilesWithNoTemporaryLeft() async throws {
    defer { directory.cleanUp() }
    let key = key()
    let save = SaveResult()
    key.save(Array(0..<10_000), context: .userInitiated, continuation: save.continuation)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == [
        ".items.json.generation", ".items.json.lock", "items.json",
      ])
  }

  /// A key on the real file system whose writes' moments are recorded in `writes`.
  func timedKey(
    debounce: Duration, writes: Moments, timers: Moments = Moments(), fires: Moments = Moments()
  ) -> FileStorageKey<[Int]> {
    let real = FileStorage.fileSystem(debounce: debounce)
    let timed = FileStorage(
      id: real.id, debounce: debounce, load: real.load,
      save: { data, url, generation, decide, beforeRename in
        writes.add(.now)
        return try real.save(data, url, generation, decide, beforeRename)
      },
      watch: real.watch,
      asyncAfter: { delay, work in
        // When the key asked to be woken: what it decided, however late a busy machine
        // wakes it.
        timers.add(.now + delay)
        real.asyncAfter(delay) {
          fires.add(.now)
          work()
        }
      })
    return withDependencies {
      $0.defaultFileStorage = timed
    } operation: {
      .fileStorage(directory.file("items.json"))
    }
  }

  /// Changes the key's value every `interval`, `count` times; the moments of the changes, each
  /// taken just before it, once every save has ended.
  func change(
    _ key: FileStorageKey<[Int]>, count: Int, every interval: Duration
  ) async throws -> [ContinuousClock.Instant] {
    var changes: [ContinuousClock.Instant] = []
    var saves: [SaveResult] = []
    for index in 0..<count {
      changes.append(.now)
      let save = SaveResult()
      key.save([index], context: .didSet, continuation: save.continuation)
      saves.append(save)
      try await Task.sleep(for: interval)
    }
    for save in saves { #expect(await save.wait()?.error == nil) }
    return changes
  }

  /// For each write: the first and the last change it wrote (those since the write before).
  func windows(
    _ writes: [ContinuousClock.Instant], _ changes: [ContinuousClock.Instant]
  ) -> [(
    write: ContinuousClock.Instant, first: ContinuousClock.Instant,
    last: ContinuousClock.Instant
  )] {
    var previous: ContinuousClock.Instant?
    return writes.compactMap { write in
      defer { previous = write }
      let written = changes.filter { change in
        change < write && (previous.map { change > $0 } ?? true)
      }
      guard let first = written.first, let last = written.last else { return nil }
      return (write, first, last)
    }
  }

  // Each change restarts the window: a write comes a window after the last change it writes,
  // unless four windows have passed since the first. Changes 100 ms apart for 500 ms, a window
  // of 300 ms: a window opened by the first change and not restarted would write 300 ms in,
  // 0 to 100 ms after a change.
  @Test func eachChangeRestartsTheWindow() async throws {
    defer { directory.cleanUp() }
    let writes = Moments()
    let window = Duration.milliseconds(300)
    let changes = try await change(
      timedKey(debounce: window, writes: writes), count: 6, every: .milliseconds(100))
    let windows = windows(writes.values, changes)
    #expect(!windows.isEmpty)
    for (write, first, last) in windows {
      #expect(write - last >= window || write - first >= window * 4, "\(write - last)")
    }
  }

  // However the changes keep coming, a write is due at most four windows (1 s with the real
  // window of 250 ms) after the first change it writes. Changes every 50 ms for 2.5 s: without
  // the maximum, nothing would be written until they stop. What is checked is when the key
  // asked its timer to wake it for the write: the latest wake-up due by the time the timer
  // that led to the write ran (a wake-up asked for after that is the next window's, and on a
  // busy machine, where timers run late, it can be due before a late write begins). So a
  // machine too busy to run the timer on time does not fail the test, and a key that asked for
  // later does.
  @Test func aWriteWaitsAtMostFourWindows() async throws {
    defer { directory.cleanUp() }
    let writes = Moments()
    let timers = Moments()
    let fires = Moments()
    let window = Duration.milliseconds(250)
    let changes = try await change(
      timedKey(debounce: window, writes: writes, timers: timers, fires: fires), count: 50,
      every: .milliseconds(50))
    let windows = windows(writes.values, changes)
    #expect(windows.count >= 2)
    #expect(writes.values.first.map { $0 < changes.last! } == true)
    for (write, first, _) in windows {
      let fired = try #require(fires.values.filter { $0 <= write }.max())
      let due = try #require(timers.values.filter { $0 <= fired }.max())
      #expect(due - first <= .seconds(1) + .milliseconds(5), "\(due - first)")
    }
  }
}

/// Moments recorded from any thread.
final class Moments: Sendable {
  private let moments = Mutex<[ContinuousClock.Instant]>([])
  func add(_ moment: ContinuousClock.Instant) { moments.withLock { $0.append(moment) } }
  var values: [ContinuousClock.Instant] { moments.withLock { $0 } }
}

/// `.fileStorage` keys in tests: an in-memory file system, written at once.
@Suite struct InMemoryFileStorageTests {
  @Test func testsWriteToMemory() throws {
    let files = LockIsolated<[URL: Data]>([:])
    let url = URL(fileURLWithPath: "/nonexistent/items.json")
    let key = withDependencies {
      $0.defaultFileStorage = .inMemory(fileSystem: files)
    } operation: {
      FileStorageKey<[Int]>.fileStorage(url)
    }
    key.save([1, 2], context: .didSet, continuation: SaveContinuation { _ in })
    #expect(files.value[url] == Data("[1,2]".utf8))
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test func theTestValueIsInMemory() {
    @Dependency(\.defaultFileStorage) var storage
    #expect(storage.debounce == .zero)
  }

  @Test func keysOfOneFileAreOneStorage() {
    let url = URL(fileURLWithPath: "/tmp/a.json")
    let storage = FileStorage.inMemory()
    let (a, b) = withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      (FileStorageKey<[Int]>.fileStorage(url), FileStorageKey<[Int]>.fileStorage(url))
    }
    #expect(a.id == b.id)
    let other = withDependencies {
      $0.defaultFileStorage = .inMemory()
    } operation: {
      FileStorageKey<[Int]>.fileStorage(url)
    }
    #expect(a.id != other.id)
  }
}
