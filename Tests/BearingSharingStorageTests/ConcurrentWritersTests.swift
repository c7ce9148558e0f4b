import BearingProcessTesting
import Dependencies
import Foundation
import Synchronization
import Testing

@testable import BearingSharing

/// Several writers of one file (keys of their own stand for other processes; the end-to-end
/// tests and `scripts/stress-shared` use processes) and several threads of one value: the
/// newest change wins everywhere, and no change is lost or taken for an echo.
// Serialized: its tests share the process's one file watcher thread.
@Suite(.serialized) struct ConcurrentWritersTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  func key(_ name: String = "items.json", debounce: Duration = .milliseconds(50))
    -> FileStorageKey<[Int]>
  {
    withDependencies {
      $0.defaultFileStorage = .fileSystem(debounce: debounce)
    } operation: {
      .fileStorage(directory.file(name))
    }
  }

  func save(_ key: FileStorageKey<[Int]>, _ value: [Int]) async {
    let save = SaveResult()
    key.save(value, context: .userInitiated, continuation: save.continuation)
    _ = await save.wait()
  }

  func fileValue(_ name: String = "items.json") throws -> [Int] {
    try JSONDecoder().decode([Int].self, from: Data(contentsOf: directory.file(name)))
  }

  /// Writes `value` as another program would, by a rename over the file.
  func writeAsAnotherProgram(_ value: String) throws {
    let temporary = directory.file("other.json")
    try Data(value.utf8).write(to: temporary)
    _ = rename(temporary.path, directory.file("items.json").path)
  }

  // A writes [1]; B writes [2], which A sees; B writes [1] again: A sees [1], though it wrote
  // [1] itself before.
  @Test func aValueWrittenAgainByAnotherWriterIsAChange() async throws {
    defer { directory.cleanUp() }
    let (a, b) = (key(), key())
    let received = Received<[Int]>()
    let subscription = a.subscribe(context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    await save(a, [1])
    await save(b, [2])
    #expect(await received.wait(for: 1))
    #expect(received.last?.value == .some([2]))
    await save(b, [1])
    #expect(await received.wait(for: 2))
    #expect(received.last?.value == .some([1]))
    #expect(try fileValue() == [1])
  }

  // A's change waits for its write; B then changes the value and writes at once. B's change is
  // the newer: A takes it, and A's older change is not written over it.
  @Test func aNewerChangeDropsAnOlderPendingWrite() async throws {
    defer { directory.cleanUp() }
    let (a, b) = (key(debounce: .seconds(60)), key())
    let received = Received<[Int]>()
    let subscription = a.subscribe(context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    let pending = SaveResult()
    a.save([1], context: .didSet, continuation: pending.continuation)
    await save(b, [2])
    #expect(await received.wait(for: 1))
    #expect(received.last?.value == .some([2]))
    // What exit would write: A has nothing newer than the file.
    a.flush(force: true)
    #expect(await pending.wait()?.error == nil)
    #expect(try fileValue() == [2])
  }

  // A change older than A's pending change (a writer's file restored from a backup, its
  // generation an hour back) arrives while A's write is pending: A keeps its change and writes
  // it. The flush waits until A's watch has read that file and returned (A's storage says so);
  // a key without a write of its own (C) is told of it.
  @Test func anOlderChangeLosesToANewerPendingWrite() async throws {
    defer { directory.cleanUp() }
    let real = FileStorage.fileSystem(debounce: .seconds(60))
    let lastRead = Mutex<Data?>(nil)
    let handledThree = Counter()
    let observed = FileStorage(
      id: real.id, debounce: real.debounce,
      load: { url in
        let file = try real.load(url)
        lastRead.withLock { $0 = file?.data }
        return file
      },
      save: real.save,
      watch: { url, onChange in
        real.watch(url) {
          onChange()
          if lastRead.withLock({ $0 }) == Data("[3]".utf8) { handledThree.add() }
        }
      },
      asyncAfter: real.asyncAfter)
    let a: FileStorageKey<[Int]> = withDependencies {
      $0.defaultFileStorage = observed
    } operation: {
      .fileStorage(directory.file("items.json"))
    }
    let c = key()
    let (received, seenByC) = (Received<[Int]>(), Received<[Int]>())
    let subscriptions = [
      a.subscribe(context: .initialValue([]), subscriber: received.subscriber),
      c.subscribe(context: .initialValue([]), subscriber: seenByC.subscriber),
    ]
    defer { for subscription in subscriptions { subscription.cancel() } }
    let pending = SaveResult()
    a.save([4], context: .didSet, continuation: pending.continuation)
    try directory.writeAsWriter("[3]", counter: wallClock() - 3_600_000_000_000, past: true)
    #expect(await seenByC.wait(for: 1))
    #expect(seenByC.last?.value == .some([3]))
    let deadline = ContinuousClock.now + .seconds(30)
    while handledThree.value == 0 && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(handledThree.value > 0)
    #expect(received.count == 0)
    a.flush(force: true)
    #expect(await pending.wait()?.error == nil)
    #expect(try fileValue() == [4])
    // A newer change after both: when it arrives, the older one's event was handled before it.
    try writeAsAnotherProgram("[5]")
    #expect(await received.wait(for: 1))
    #expect(received.values.withLock { $0.compactMap { $0.value } } == [[5]])
  }

  func key(_ storage: FileStorage) -> FileStorageKey<[Int]> {
    withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      .fileStorage(directory.file("items.json"))
    }
  }

  // The interleaving behind the one failure of the test above ([3], [4], [5] told), forced: A's
  // write renames its generation file into place, an event for A's watch, whose read gets the
  // file before the write renames it: the older change [3], being replaced. That read is decided
  // only once A's write has ended: it is stale, and nothing is told; the event of A's own file
  // is A's; only the newer [5] is told.
  @Test(.offPool) func aReadOfTheFileAWriteReplacesIsStaleAfterTheWrite() throws {
    defer { directory.cleanUp() }
    let reads = ReadBetweenRenames()
    let a = key(reads.storage)
    let received = Received<[Int]>()
    let subscription = a.subscribe(context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    let pending = SaveResult()
    a.save([4], context: .didSet, continuation: pending.continuation)
    try directory.writeAsWriter("[3]", counter: wallClock() - 3_600_000_000_000)
    reads.watch()
    #expect(received.count == 0)
    #expect(reads.flush(a))
    #expect(pending.result.withLock { $0 }.map { $0.error == nil } == true)
    #expect(try fileValue() == [4])
    #expect(received.count == 0)
    // The event of A's file's rename.
    reads.watch()
    #expect(received.count == 0)
    try writeAsAnotherProgram("[5]")
    reads.watch()
    #expect(received.values.withLock { $0.compactMap { $0.value } } == [[5]])
  }

  // As above, the file being replaced another program's that does not decode: the write keeps
  // it (`items.json.corrupt`, a hard link, which changes its status) before its renames. The
  // read of it between the renames is stale too, though a new status would make it a new
  // version of another program's file, newer than everything: A is told the file's error when
  // it subscribes, and then only [5].
  @Test(.offPool) func aReadOfTheCorruptFileAWriteKeepsAndReplacesIsStale() throws {
    defer { directory.cleanUp() }
    try Data("[1, 2,\u{0} torn".utf8).write(to: directory.file("items.json"))
    let reads = ReadBetweenRenames()
    let a = key(reads.storage)
    let received = Received<[Int]>()
    let subscription = a.subscribe(context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    #expect(received.count == 1)
    #expect((received.last?.error as? FileStorageError)?.operation == .decode)
    let pending = SaveResult()
    a.save([4], context: .didSet, continuation: pending.continuation)
    #expect(reads.flush(a))
    #expect(pending.result.withLock { $0 }.map { $0.error == nil } == true)
    #expect(try fileValue() == [4])
    #expect(FileManager.default.fileExists(atPath: directory.file("items.json.corrupt").path))
    #expect(received.count == 1)
    reads.watch()
    #expect(received.count == 1)
    try writeAsAnotherProgram("[5]")
    reads.watch()
    #expect(received.count == 2)
    #expect(received.last?.value == .some([5]))
  }

  // As above, with no file before A's first write: the read between its renames finds none,
  // which is not a deletion (back to the declared value) but the state before the rename.
  @Test(.offPool) func noFileReadWhileAFirstWriteRenamesIsStale() throws {
    defer { directory.cleanUp() }
    let reads = ReadBetweenRenames()
    let a = key(reads.storage)
    let received = Received<[Int]>()
    let subscription = a.subscribe(context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    let pending = SaveResult()
    a.save([4], context: .didSet, continuation: pending.continuation)
    #expect(reads.flush(a))
    #expect(pending.result.withLock { $0 }.map { $0.error == nil } == true)
    #expect(try fileValue() == [4])
    #expect(received.count == 0)
    reads.watch()
    #expect(received.count == 0)
    try writeAsAnotherProgram("[5]")
    reads.watch()
    #expect(received.values.withLock { $0.compactMap { $0.value } } == [[5]])
  }

  // Another program deletes the file just after A's rename, and the watch's read (the only one
  // for that event) is decided while A's write is still under way, so it is dropped: A reads
  // the file again when its write ends, and is told of the deletion.
  @Test(.offPool) func aDeletionJustAfterAWritesRenameIsTold() throws {
    defer { directory.cleanUp() }
    let url = directory.file("items.json")
    let onChange = Mutex<(@Sendable () -> Void)?>(nil)
    let armed = Mutex(false)
    var hooks = AtomicFile.Hooks()
    hooks.afterRename = {
      guard armed.withLock({ $0 }) else { return }
      _ = unlink(url.path)
      onChange.withLock { $0 }?()
    }
    let real = FileStorage.fileSystem(
      debounce: .seconds(60), lockWait: AtomicFile.defaultLockWait, hooks: hooks)
    let storage = FileStorage(
      id: real.id, debounce: real.debounce, load: real.load, save: real.save,
      watch: { _, change in
        onChange.withLock { $0 = change }
        return SharedSubscription {}
      },
      asyncAfter: { _, _ in })
    let a = key(storage)
    let received = Received<[Int]>()
    let subscription = a.subscribe(context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    let pending = SaveResult()
    a.save([4], context: .didSet, continuation: pending.continuation)
    armed.withLock { $0 = true }
    a.flush(force: true)
    armed.withLock { $0 = false }
    #expect(pending.result.withLock { $0 }.map { $0.error == nil } == true)
    #expect(!FileManager.default.fileExists(atPath: url.path))
    #expect(received.count == 1)
    #expect(received.last?.value == .some(nil))
  }

  // Threads of their own, not tasks (see BearingSharingTests' `concurrentChangesAreNotLost`).
  // Each round, four threads change one file-stored value; once every change is made and the
  // pending write is flushed, the file holds the value in memory.
  @Test(.offPool) func concurrentChangesAreSavedInTheirOrder() throws {
    defer { directory.cleanUp() }
    for round in 0..<20 {
      let url = directory.file("count-\(round).json")
      let count = withDependencies {
        $0.defaultFileStorage = .fileSystem(debounce: .milliseconds(1))
      } operation: {
        Shared(wrappedValue: 0, .fileStorage(url))
      }
      let done = DispatchGroup()
      for _ in 0..<4 {
        done.enter()
        Thread.detachNewThread {
          for _ in 0..<500 { count.withLock { $0 += 1 } }
          done.leave()
        }
      }
      done.wait()
      #expect(flushPending(count))
      #expect(count.wrappedValue == 2000)
      let file = try JSONDecoder().decode(Int.self, from: Data(contentsOf: url))
      #expect(file == 2000, "round \(round)")
    }
  }

  @Test func aCorruptFileIsKeptBeforeItIsWrittenOver() async throws {
    defer { directory.cleanUp() }
    let corrupt = Data("[1, 2,\u{0} torn".utf8)
    try corrupt.write(to: directory.file("items.json"))
    let key = key()
    let loaded = Received<[Int]>()
    key.load(context: .initialValue([]), continuation: loaded.load)
    #expect((loaded.last?.error as? FileStorageError)?.operation == .decode)
    await save(key, [7])
    #expect(try fileValue() == [7])
    #expect(try Data(contentsOf: directory.file("items.json.corrupt")) == corrupt)
    // Corrupt again: kept under a name of its own, the first one not written over.
    let again = Data("{ torn again".utf8)
    try again.write(to: directory.file("items.json"))
    key.load(context: .userInitiated, continuation: loaded.load)
    #expect((loaded.last?.error as? FileStorageError)?.operation == .decode)
    await save(key, [8])
    #expect(try fileValue() == [8])
    #expect(try Data(contentsOf: directory.file("items.json.corrupt")) == corrupt)
    #expect(try Data(contentsOf: directory.file("items.json.corrupt-2")) == again)
  }

  // Where hard links are refused (EXDEV, EPERM: file systems without them), a corrupt file is
  // kept by a rename to a name of its own, an earlier kept file not written over; and where
  // that rename fails too, the write fails with a clear error and leaves the corrupt file at its
  // path, for the next write that can keep it.
  @Test func withoutHardLinksACorruptFileIsKeptOrNotWrittenOver() async throws {
    defer { directory.cleanUp() }
    let url = directory.file("items.json")
    let corrupt = Data("[1, 2,\u{0} torn".utf8)
    try corrupt.write(to: url)
    let earlier = Data("kept before".utf8)
    try earlier.write(to: directory.file("items.json.corrupt"))
    let renameFails = Mutex(true)
    var hooks = AtomicFile.Hooks()
    hooks.link = { _, _ in
      errno = EXDEV
      return -1
    }
    hooks.renameKept = { from, to in
      if renameFails.withLock({ $0 }) {
        errno = EIO
        return -1
      }
      return rename(from, to)
    }
    let key: FileStorageKey<[Int]> = withDependencies {
      $0.defaultFileStorage = .fileSystem(
        debounce: .milliseconds(50), lockWait: .seconds(5), hooks: hooks)
    } operation: {
      .fileStorage(url)
    }
    let loaded = Received<[Int]>()
    key.load(context: .initialValue([]), continuation: loaded.load)
    #expect((loaded.last?.error as? FileStorageError)?.operation == .decode)
    let failed = SaveResult()
    key.save([7], context: .userInitiated, continuation: failed.continuation)
    let error = await failed.wait()?.error as? FileStorageError
    #expect(error?.description.contains("cannot keep the file that does not decode") == true)
    #expect(try Data(contentsOf: url) == corrupt)
    #expect(try Data(contentsOf: directory.file("items.json.corrupt")) == earlier)
    #expect(!FileManager.default.fileExists(atPath: url.path + ".corrupt-2"))
    // The rename works again: kept under the next free name, and written.
    renameFails.withLock { $0 = false }
    await save(key, [8])
    #expect(try fileValue() == [8])
    #expect(try Data(contentsOf: directory.file("items.json.corrupt")) == earlier)
    #expect(try Data(contentsOf: directory.file("items.json.corrupt-2")) == corrupt)
  }
}

/// A `.fileStorage` key's storage: the real file system, but a watch the test calls (as the
/// watcher would after an event), and writes that `flush(_:)` makes call that watch between
/// their generation file's rename and their file's, on a thread of its own, whose read is held
/// once it has the file until the write has ended: a read of the file being replaced, decided
/// after the write.
final class ReadBetweenRenames: Sendable {
  private let onChange = Mutex<(@Sendable () -> Void)?>(nil)
  private let armed = Mutex(false)
  private let holdNextRead = Mutex(false)
  private let loaded = DispatchSemaphore(value: 0)
  private let release = DispatchSemaphore(value: 0)
  private let decided = DispatchSemaphore(value: 0)

  var storage: FileStorage {
    var hooks = AtomicFile.Hooks()
    hooks.betweenRenames = { self.readNow() }
    let real = FileStorage.fileSystem(
      debounce: .seconds(60), lockWait: AtomicFile.defaultLockWait, hooks: hooks)
    return FileStorage(
      id: real.id, debounce: real.debounce,
      load: { url in
        let file = try real.load(url)
        self.holdIfAsked()
        return file
      },
      save: real.save,
      watch: { _, change in
        self.onChange.withLock { $0 = change }
        return SharedSubscription {}
      },
      asyncAfter: { _, _ in })
  }

  /// The key's watch called, as after an event.
  func watch() { onChange.withLock { $0 }?() }

  /// Writes `key`'s pending change, its watch reading between the renames; then lets that read
  /// be decided, and waits for it; whether it was.
  func flush<Value>(_ key: FileStorageKey<Value>) -> Bool {
    armed.withLock { $0 = true }
    key.flush(force: true)
    armed.withLock { $0 = false }
    release.signal()
    return decided.wait(timeout: .now() + 30) == .success
  }

  private func readNow() {
    guard armed.withLock({ $0 }), let onChange = onChange.withLock({ $0 }) else { return }
    holdNextRead.withLock { $0 = true }
    let decided = self.decided
    Thread.detachNewThread {
      onChange()
      decided.signal()
    }
    _ = loaded.wait(timeout: .now() + 30)
  }

  private func holdIfAsked() {
    let hold = holdNextRead.withLock { hold -> Bool in
      defer { hold = false }
      return hold
    }
    if hold {
      loaded.signal()
      _ = release.wait(timeout: .now() + 30)
    }
  }
}

/// The process's file watcher: lost events, directories that go and come back.
@Suite(.serialized) struct FileWatcherTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  func key(_ url: URL) -> FileStorageKey<[Int]> {
    withDependencies {
      $0.defaultFileStorage = .fileSystem(debounce: .milliseconds(10))
    } operation: {
      .fileStorage(url)
    }
  }

  func replace(_ url: URL, with value: String) throws {
    let temporary = url.deletingLastPathComponent().appendingPathComponent("new.json")
    try Data(value.utf8).write(to: temporary)
    _ = rename(temporary.path, url.path)
  }

  // The watcher's thread is held in its wait while more events come than inotify queues
  // (fs.inotify.max_queued_events, 16,384 by default): the queue overflows, and every watch is
  // told, that of a file with no event of its own included.
  @Test(.offPool) func aLostEventIsALookAtEveryFile() throws {
    defer { directory.cleanUp() }
    let (url, quiet) = (directory.file("items.json"), directory.file("quiet.json"))
    let hold = Mutex(false)
    let (held, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    let watcher = FileWatcher(polling: false) { descriptors, count, timeout in
      let holding = hold.withLock { hold -> Bool in
        defer { hold = false }
        return hold
      }
      if holding {
        held.signal()
        release.wait()
      }
      return poll(descriptors, count, timeout)
    }
    let (told, toldQuiet) = (Counter(), Counter())
    let subscriptions = [
      watcher.watch(url) { told.add() },
      watcher.watch(quiet) { toldQuiet.add() },
    ]
    defer { for subscription in subscriptions { subscription.cancel() } }
    // However this test ends, the watcher's thread is let go.
    var released = false
    defer { if !released { release.signal() } }
    // Held at its next wait, which an event brings on.
    hold.withLock { $0 = true }
    try replace(url, with: "[1]")
    #expect(held.wait(timeout: .now() + 30) == .success)
    let limit =
      (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
      .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16_384
    // Two names in turn: inotify merges an event into the one before it when they are alike.
    for index in 0..<(limit + 1000) {
      close(open(directory.file("flood-\(index % 2)").path, O_WRONLY | O_CREAT, 0o644))
    }
    try replace(url, with: "[2]")
    #expect(toldQuiet.value == 0)
    release.signal()
    released = true
    let deadline = ContinuousClock.now + .seconds(30)
    while toldQuiet.value == 0 && ContinuousClock.now < deadline { usleep(1000) }
    #expect(toldQuiet.value == 1)
    while told.value == 0 && ContinuousClock.now < deadline { usleep(1000) }
    #expect(told.value > 0)
  }

  @Test func aDirectoryDeletedAndMadeAgainIsWatchedAgain() async throws {
    defer { directory.cleanUp() }
    let folder = directory.file("folder")
    let url = folder.appendingPathComponent("items.json")
    let received = Received<[Int]>()
    let subscription = key(url).subscribe(
      context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    try replace(url, with: "[1]")
    #expect(await received.wait(for: 1))
    #expect(received.last?.value == .some([1]))
    try FileManager.default.removeItem(at: folder)
    #expect(await received.wait(for: 2))
    #expect(received.last?.value == .some(nil))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try replace(url, with: "[2]")
    let deadline = ContinuousClock.now + .seconds(30)
    while received.last?.value != .some([2]) && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(received.last?.value == .some([2]))
  }

  // A directory moved away and another put in its place: the new one is watched.
  @Test func aDirectoryReplacedIsWatchedAgain() async throws {
    defer { directory.cleanUp() }
    let folder = directory.file("folder")
    let url = folder.appendingPathComponent("items.json")
    let received = Received<[Int]>()
    let subscription = key(url).subscribe(
      context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    try replace(url, with: "[1]")
    #expect(await received.wait(for: 1))
    let replacement = directory.file("replacement")
    try FileManager.default.createDirectory(at: replacement, withIntermediateDirectories: true)
    try Data("[2]".utf8).write(to: replacement.appendingPathComponent("items.json"))
    try FileManager.default.moveItem(at: folder, to: directory.file("old"))
    _ = rename(replacement.path, folder.path)
    let deadline = ContinuousClock.now + .seconds(30)
    while received.last?.value != .some([2]) && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(received.last?.value == .some([2]))
    // And changes in it are seen.
    try replace(url, with: "[3]")
    let later = ContinuousClock.now + .seconds(30)
    while received.last?.value != .some([3]) && ContinuousClock.now < later {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(received.last?.value == .some([3]))
  }

  // One directory watched through two paths (its own and a symlink to it): inotify gives both
  // one watch, whose events are told to the watchers of each path, and which the end of one
  // path's watch does not take from the other.
  @Test(.offPool) func aDirectoryWatchedThroughTwoPathsTellsBoth() throws {
    defer { directory.cleanUp() }
    let real = directory.file("real")
    let link = directory.file("link")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
    let watcher = FileWatcher(polling: false)
    let (toldReal, toldLink) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    var viaReal: SharedSubscription? = watcher.watch(real.appendingPathComponent("items.json")) {
      toldReal.signal()
    }
    var viaLink: SharedSubscription? = watcher.watch(link.appendingPathComponent("items.json")) {
      toldLink.signal()
    }
    func drain() {
      while toldReal.wait(timeout: .now()) == .success {}
      while toldLink.wait(timeout: .now()) == .success {}
    }
    try replace(real.appendingPathComponent("items.json"), with: "[1]")
    #expect(toldReal.wait(timeout: .now() + 30) == .success)
    #expect(toldLink.wait(timeout: .now() + 30) == .success)
    // The real path's watch ends: the symlink's still hears.
    viaReal?.cancel()
    viaReal = nil
    drain()
    try replace(real.appendingPathComponent("items.json"), with: "[2]")
    #expect(toldLink.wait(timeout: .now() + 30) == .success)
    // And the other way round.
    viaReal = watcher.watch(real.appendingPathComponent("items.json")) { toldReal.signal() }
    viaLink?.cancel()
    viaLink = nil
    drain()
    try replace(link.appendingPathComponent("items.json"), with: "[3]")
    #expect(toldReal.wait(timeout: .now() + 30) == .success)
    viaReal?.cancel()
  }

  // The watcher's wait fails (as `poll` may, ENOMEM): one warning, and the file is polled from
  // then on; a change made after is still told.
  @Test(.offPool) func aFailedWaitFallsBackToPolling() throws {
    defer { directory.cleanUp() }
    let url = directory.file("items.json")
    try Data("[1]".utf8).write(to: url)
    let failures = Counter()
    let watcher = FileWatcher(polling: false) { descriptors, count, timeout in
      if failures.value == 0 {
        failures.add()
        errno = ENOMEM
        return -1
      }
      return poll(descriptors, count, timeout)
    }
    let told = DispatchSemaphore(value: 0)
    let subscription = watcher.watch(url) { told.signal() }
    defer { subscription.cancel() }
    let deadline = ContinuousClock.now + .seconds(30)
    while failures.value == 0 && ContinuousClock.now < deadline { usleep(1000) }
    #expect(failures.value == 1)
    // Changed until told: the polling's first look may come after the first change.
    var heard = false
    for round in 2..<100 where !heard {
      try replace(url, with: "[\(round), \(round)]")
      heard = told.wait(timeout: .now() + .milliseconds(300)) == .success
    }
    #expect(heard)
  }

  // The watcher's wait fails while it watches several files, two watches of one file among
  // them: events may have been lost with it, so each watch is told once to read its file again;
  // polling then tells only of changes.
  @Test(.offPool) func aFallBackToPollingTellsEveryWatchOnce() throws {
    defer { directory.cleanUp() }
    let (x, y) = (directory.file("x.json"), directory.file("y.json"))
    try Data("[1]".utf8).write(to: x)
    try Data("[1]".utf8).write(to: y)
    let failNext = Mutex(false)
    let watcher = FileWatcher(polling: false) { descriptors, count, timeout in
      let fail = failNext.withLock { fail -> Bool in
        defer { fail = false }
        return fail
      }
      if fail {
        errno = ENOMEM
        return -1
      }
      // Short waits, so that the failure asked for comes soon.
      return poll(descriptors, count, timeout < 0 ? 20 : min(timeout, 20))
    }
    let told = [Counter(), Counter(), Counter()]
    let subscriptions = [
      watcher.watch(x) { told[0].add() },
      watcher.watch(x) { told[1].add() },
      watcher.watch(y) { told[2].add() },
    ]
    defer { for subscription in subscriptions { subscription.cancel() } }
    failNext.withLock { $0 = true }
    let deadline = ContinuousClock.now + .seconds(30)
    while told.contains(where: { $0.value == 0 }) && ContinuousClock.now < deadline {
      usleep(1000)
    }
    #expect(told.map(\.value) == [1, 1, 1])
    // Polling goes on: a change of y is told; x, unchanged, is not told again.
    try replace(y, with: "[2, 2]")
    while told[2].value < 2 && ContinuousClock.now < deadline { usleep(1000) }
    #expect(told.map(\.value) == [1, 1, 2])
  }

  // Only the file's generation file changes (deleted, or replaced by another writer's): that
  // alone can change which change the file is, so watchers are told, with inotify and polling.
  @Test(.offPool, arguments: [false, true])
  func aChangeOfTheGenerationFileAloneIsTold(polling: Bool) throws {
    defer { directory.cleanUp() }
    let url = directory.file("items.json")
    try Data("[1]".utf8).write(to: url)
    let generation = directory.file(".items.json.generation")
    try Data("1 42 3 0\n".utf8).write(to: generation)
    let told = DispatchSemaphore(value: 0)
    let watcher = FileWatcher(polling: polling)
    let subscription = watcher.watch(url) { told.signal() }
    defer { subscription.cancel() }
    // A replacement (another writer renames its generation file into place), then a deletion.
    let next = directory.file("next.generation")
    try Data("2 43 3 0\n".utf8).write(to: next)
    _ = rename(next.path, generation.path)
    #expect(told.wait(timeout: .now() + 30) == .success)
    while told.wait(timeout: .now()) == .success {}
    try FileManager.default.removeItem(at: generation)
    #expect(told.wait(timeout: .now() + 30) == .success)
  }
}
