import BearingProcessTesting
import Dependencies
import Foundation
import Synchronization
import Testing

@testable import BearingSharing

/// The generations that order writes of one file: sturdy against clocks that disagree, files
/// dated in the future, coarse modification times and other programs' files; and the directory
/// lock that writes take.
// Serialized: generations seen raise the process's counter (a file from the future), which the
// tests of coarse times, run after, take into account.
@Suite(.serialized) struct GenerationTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  var url: URL { directory.file("items.json") }

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

  func fileValue() throws -> [Int] {
    try JSONDecoder().decode([Int].self, from: Data(contentsOf: url))
  }

  func writeAsWriter(
    _ value: String, counter: Int64, coarse: Bool = false, future: Bool = false
  ) throws {
    try directory.writeAsWriter(value, counter: counter, coarse: coarse, future: future)
  }

  func cutModificationTime() throws { try directory.cutModificationTime("items.json") }

  /// Writes `value` as another program does (no generation), by a rename over the file, its
  /// modification time `age` in the past (as `cp -p` of an old file leaves it).
  func writeAsAnotherProgram(_ value: String, age: TimeInterval = 0) throws {
    let temporary = directory.file("other.json")
    try Data(value.utf8).write(to: temporary)
    if age > 0 {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: temporary.path)
    }
    _ = rename(temporary.path, url.path)
  }

  // A file whose generation is an hour ahead of this machine's clock (written where the clock
  // was ahead, or this clock stepped back): once seen, this process's writes are newer.
  @Test func aFileDatedInTheFutureDoesNotStopWrites() async throws {
    defer { directory.cleanUp() }
    try writeAsWriter("[9]", counter: Generation.next().counter + 3_600_000_000_000, future: true)
    let a = key()
    let loaded = Received<[Int]>()
    a.load(context: .initialValue([]), continuation: loaded.load)
    #expect(loaded.last?.value == .some([9]))
    await save(a, [1])
    #expect(try fileValue() == [1])
  }

  // The file became newer than the change being written, and the key has not seen it (its
  // watch here tells nothing, as when the change comes between the key's last look and its
  // write): the write is skipped, and the subscriber is told of the file's value rather than
  // keep one the file does not hold.
  @Test func aSkippedWriteTellsTheSubscriberOfTheFile() async throws {
    defer { directory.cleanUp() }
    let real = FileStorage.fileSystem(debounce: .milliseconds(50))
    let unwatched = FileStorage(
      id: real.id, debounce: real.debounce, load: real.load, save: real.save,
      watch: { _, _ in SharedSubscription {} }, asyncAfter: real.asyncAfter)
    let a: FileStorageKey<[Int]> = withDependencies {
      $0.defaultFileStorage = unwatched
    } operation: {
      .fileStorage(url)
    }
    let received = Received<[Int]>()
    let subscription = a.subscribe(context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    try writeAsWriter("[9]", counter: Generation.next().counter + 3_600_000_000_000, future: true)
    await save(a, [1])
    #expect(try fileValue() == [9])
    #expect(received.values.withLock { $0.compactMap { $0.value } } == [[9]])
    // And the next change is newer than the file.
    await save(a, [2])
    #expect(try fileValue() == [2])
  }

  // Where modification times are whole seconds, a write newer than a pending change but
  // within the same second looked older than it: the pending (older) change was written over
  // it. Generations do not depend on the file's times.
  @Test func aNewerWriteWinsWhereTimesAreCoarse() async throws {
    defer { directory.cleanUp() }
    for _ in 0..<20 {
      let a = key(debounce: .seconds(60))
      let pending = SaveResult()
      // The process's counter, not the clock: a file from the future seen by a test before
      // this one moved it on.
      let before = Generation.next().counter
      a.save([1], context: .didSet, continuation: pending.continuation)
      let newer = Generation.next().counter
      // The two changes in one second, or the cut time would order them anyway: again.
      guard newer / 1_000_000_000 == before / 1_000_000_000 else {
        a.flush(force: true)
        continue
      }
      try writeAsWriter("[2]", counter: newer, coarse: true)
      a.flush(force: true)
      #expect(await pending.wait()?.error == nil)
      #expect(try fileValue() == [2])
      return
    }
    Issue.record("no two changes within one second in 20 tries")
  }

  // Its own write, its modification time cut to the second afterwards (a coarse file system):
  // still its own, not a change to tell of. Another writer's values, the same again included,
  // are changes.
  @Test func ownWritesAreKnownWhereTimesAreCoarse() async throws {
    defer { directory.cleanUp() }
    let a = key()
    await save(a, [1])
    try cutModificationTime()
    let received = Received<[Int]>()
    // The subscription's first look at the file.
    let subscription = a.subscribe(context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    #expect(received.count == 0)
    try writeAsWriter("[2]", counter: Generation.next().counter, coarse: true)
    #expect(await received.wait(for: 1))
    #expect(received.last?.value == .some([2]))
    try writeAsWriter("[1]", counter: Generation.next().counter, coarse: true)
    #expect(await received.wait(for: 2))
    #expect(received.last?.value == .some([1]))
  }

  // Another program's file (no generation), however old its modification time, is newer than
  // everything the key saw: it replaces the value and drops the pending change.
  @Test func anotherProgramsFileIsNewerThanAPendingChange() async throws {
    defer { directory.cleanUp() }
    let a = key(debounce: .seconds(60))
    let pending = SaveResult()
    a.save([4], context: .didSet, continuation: pending.continuation)
    try writeAsAnotherProgram("[3]", age: 3600)
    let received = Received<[Int]>()
    let subscription = a.subscribe(context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    #expect(received.last?.value == .some([3]))
    a.flush(force: true)
    #expect(await pending.wait()?.error == nil)
    #expect(try fileValue() == [3])
  }

  // A corrupt file is kept as NAME.corrupt holding the directory's lock, so that no other
  // process's write comes between the look and the rename. Here the test holds the lock: the
  // file is not moved until it lets go.
  @Test func aCorruptFileIsKeptUnderTheDirectoryLock() async throws {
    defer { directory.cleanUp() }
    let corrupt = Data("[1, 2,\u{0} torn".utf8)
    try corrupt.write(to: url)
    let a = key()
    let loaded = Received<[Int]>()
    a.load(context: .initialValue([]), continuation: loaded.load)
    #expect((loaded.last?.error as? FileStorageError)?.operation == .decode)
    let lock = open(AtomicFile.lockPath(of: url), O_RDWR | O_CREAT, 0o644)
    #expect(flock(lock, LOCK_EX) == 0)
    let saved = SaveResult()
    Thread.detachNewThread {
      a.save([7], context: .userInitiated, continuation: saved.continuation)
    }
    // Time for a write that does not wait for the lock to move the file.
    try await Task.sleep(for: .milliseconds(300))
    #expect(!FileManager.default.fileExists(atPath: url.path + ".corrupt"))
    #expect(try Data(contentsOf: url) == corrupt)
    close(lock)
    #expect(await saved.wait()?.error == nil)
    #expect(try fileValue() == [7])
    #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".corrupt")) == corrupt)
  }

  // `$value.load()` from one task while a thread changes the value: each load is decided where
  // no change comes between the decision and the value, so no change is undone by a load.
  @Test(.offPool) func loadsAmongChangesLoseNoChange() async throws {
    defer { directory.cleanUp() }
    let count = withDependencies {
      $0.defaultFileStorage = .fileSystem(debounce: .milliseconds(1))
    } operation: {
      Shared(wrappedValue: 0, .fileStorage(directory.file("count.json")))
    }
    let finished = Atomic(false)
    Thread.detachNewThread {
      for _ in 0..<3000 { count.withLock { $0 += 1 } }
      finished.store(true, ordering: .releasing)
    }
    var loads = 0
    while !finished.load(ordering: .acquiring) {
      try await count.load()
      loads += 1
    }
    #expect(flushPending(count))
    #expect(loads > 0)
    #expect(count.wrappedValue == 3000)
    let file = try JSONDecoder().decode(
      Int.self, from: Data(contentsOf: directory.file("count.json")))
    #expect(file == 3000)
  }

  // The generation file deleted or made unreadable: the file's bytes are still known, to the
  // key that wrote them and to one that read them, as their change, so the next change of
  // either is newer and written (not skipped for a file taken as another program's).
  @Test func aLostGenerationFileDropsNoChange() async throws {
    defer { directory.cleanUp() }
    let generationFile = URL(fileURLWithPath: AtomicFile.generationPath(of: url))
    let (a, b) = (key(), key())
    await save(a, [1])
    let loaded = Received<[Int]>()
    b.load(context: .initialValue([]), continuation: loaded.load)
    #expect(loaded.last?.value == .some([1]))
    try FileManager.default.removeItem(at: generationFile)
    await save(a, [2])
    #expect(try fileValue() == [2])
    try Data("not a generation\n".utf8).write(to: generationFile)
    await save(a, [3])
    #expect(try fileValue() == [3])
    // b read [1] with its generation; [3] is not known to it, and is newer than b has seen.
    b.load(context: .initialValue([]), continuation: loaded.load)
    #expect(loaded.last?.value == .some([3]))
    try FileManager.default.removeItem(at: generationFile)
    await save(b, [4])
    #expect(try fileValue() == [4])
  }

  // A read of the file that ends after a later read was brought in (threads read outside the
  // shared value's lock: the watcher, a load) brings nothing: the value is not taken back to
  // the older file, which no event would correct.
  @Test func aReadOvertakenByALaterOneIsDropped() async throws {
    defer { directory.cleanUp() }
    let real = FileStorage.fileSystem(debounce: .milliseconds(50))
    let pauseNext = Mutex(false)
    let hasRead = Mutex(false)
    let go = DispatchSemaphore(value: 0)
    let pausing = FileStorage(
      id: real.id, debounce: real.debounce,
      load: { url in
        let file = try real.load(url)
        let pause = pauseNext.withLock { pause -> Bool in
          defer { pause = false }
          return pause
        }
        if pause {
          hasRead.withLock { $0 = true }
          go.wait()
        }
        return file
      },
      save: real.save, watch: real.watch, asyncAfter: real.asyncAfter)
    try writeAsWriter("[1]", counter: Generation.next().counter)
    let a: FileStorageKey<[Int]> = withDependencies {
      $0.defaultFileStorage = pausing
    } operation: {
      .fileStorage(url)
    }
    let received = Received<[Int]>()
    let subscription = a.subscribe(context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    #expect(received.last?.value == .some([1]))
    // A load reads [1] and pauses before bringing it in.
    pauseNext.withLock { $0 = true }
    let loaded = Received<[Int]>()
    DispatchQueue.global().async {
      a.load(context: .userInitiated, continuation: loaded.load)
    }
    let deadline = ContinuousClock.now + .seconds(30)
    while !hasRead.withLock({ $0 }) && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    // Another process writes [2]; the watcher reads and brings it in.
    try writeAsWriter("[2]", counter: Generation.next().counter)
    while received.last?.value != .some([2]) && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(received.last?.value == .some([2]))
    go.signal()
    #expect(await loaded.wait(for: 1))
    #expect(loaded.last?.value == .some([2]))
  }

  // As above, but the later read finds no file (deleted by another process): the key holds no
  // value, and the overtaken load brings back none of its older file's.
  @Test func aReadOvertakenByALaterOneFindingNoFileLoadsNothing() async throws {
    defer { directory.cleanUp() }
    let real = FileStorage.fileSystem(debounce: .milliseconds(50))
    let pauseNext = Mutex(false)
    let hasRead = Mutex(false)
    let go = DispatchSemaphore(value: 0)
    let pausing = FileStorage(
      id: real.id, debounce: real.debounce,
      load: { url in
        let file = try real.load(url)
        let pause = pauseNext.withLock { pause -> Bool in
          defer { pause = false }
          return pause
        }
        if pause {
          hasRead.withLock { $0 = true }
          go.wait()
        }
        return file
      },
      save: real.save, watch: real.watch, asyncAfter: real.asyncAfter)
    try writeAsWriter("[1]", counter: Generation.next().counter)
    let a: FileStorageKey<[Int]> = withDependencies {
      $0.defaultFileStorage = pausing
    } operation: {
      .fileStorage(url)
    }
    let received = Received<[Int]>()
    let subscription = a.subscribe(context: .initialValue([]), subscriber: received.subscriber)
    defer { subscription.cancel() }
    #expect(received.last?.value == .some([1]))
    pauseNext.withLock { $0 = true }
    let loaded = Received<[Int]>()
    DispatchQueue.global().async {
      a.load(context: .userInitiated, continuation: loaded.load)
    }
    let deadline = ContinuousClock.now + .seconds(30)
    while !hasRead.withLock({ $0 }) && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    // Another process deletes the file; the watcher reads and brings that in.
    try FileManager.default.removeItem(at: url)
    while received.last?.value != .some(nil) && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(received.last?.value == .some(nil))
    go.signal()
    #expect(await loaded.wait(for: 1))
    #expect(loaded.last?.value == .some(nil))
  }

  // A generation line at the bound of counters (Int64.max / 2, the year 2116 in nanoseconds)
  // or past it: no generation, so the file is taken as another program's, which the next change
  // of any process writes over. Two processes (probes, so that this process's counter is left
  // alone) then take each other's changes in turn, both ways. (Counters that saturated at the
  // bound made the second process's change tie with the first's, and one was skipped for good.)
  @Test(arguments: [Generation.counterBound, Int64.max])
  func aFileWithACounterAtTheBoundOrPastItTakesChanges(counter: Int64) async throws {
    defer { directory.cleanUp() }
    try writeAsWriter("[9]", counter: counter)
    let (a, b) = (
      try LineProcess.sharingProbe(["file-chat", url.path]),
      try LineProcess.sharingProbe(["file-chat", url.path])
    )
    try await a.waitFor("ready")
    try await b.waitFor("ready")
    #expect(a.output.first == "loaded [9]")
    #expect(b.output.first == "loaded [9]")
    var mark = b.output.count
    a.send("set 1")
    try await b.waitFor("seen [1]", after: mark)
    mark = a.output.count
    b.send("set 2")
    try await a.waitFor("seen [2]", after: mark)
    mark = b.output.count
    a.send("set 3")
    try await b.waitFor("seen [3]", after: mark)
    #expect(await a.finish() == 0)
    #expect(await b.finish() == 0)
    #expect(try fileValue() == [3])
    #expect(a.seen == ["seen [2]"])
    #expect(b.seen == ["seen [1]", "seen [3]"])
  }

  // A generation line a year ahead of the clock, or just under the bound of counters: no
  // generation, and never taken into a process's counter. B changes the value, then A, once B
  // has taken its change, while both files are on their way: A's change is the newer and wins, and B sees it.
  // (When both processes took a counter just under the bound, each made counters past it, which
  // the other read as another program's file, newest whatever its change's order: A took B's
  // file, dropped its own newer change, and B never saw it.)
  @Test(arguments: [Int64(365 * 86_400) * 1_000_000_000, Generation.counterBound - 1])
  func aLineFarAheadLeavesTheNewerChangeTheWinner(ahead: Int64) async throws {
    defer { directory.cleanUp() }
    let counter = ahead < Generation.counterBound / 2 ? Generation.next().counter + ahead : ahead
    try writeAsWriter("[9]", counter: counter, future: true)
    let (a, b) = (
      try LineProcess.sharingProbe(["file-chat", url.path]),
      try LineProcess.sharingProbe(["file-chat", url.path])
    )
    try await a.waitFor("ready")
    try await b.waitFor("ready")
    let mark = b.output.count
    b.send("set 2")
    try await b.waitFor("took 2", after: mark)
    a.send("set 1")
    try await b.waitFor("seen [1]", after: mark)
    #expect(await a.finish() == 0)
    #expect(await b.finish() == 0)
    #expect(try fileValue() == [1])
  }

  // Another process holds a file's lock for ever (stopped while writing). Reads take no lock:
  // a change to that file is read at once on the watcher's thread, which goes on to tell another
  // key (another file) of its change without waiting; and a load of the first file returns at
  // once. Only a write waits for the lock (at most 5 s: see EndToEndTests).
  @Test func aLockHeldForeverDelaysNoReadAndNoOtherKey() async throws {
    defer { directory.cleanUp() }
    let real = FileStorage.fileSystem(debounce: .milliseconds(50))
    let readsOfA = Counter()
    let counted = FileStorage(
      id: real.id, debounce: real.debounce,
      load: { url in
        readsOfA.add()
        return try real.load(url)
      },
      save: real.save, watch: real.watch, asyncAfter: real.asyncAfter)
    let a: FileStorageKey<[Int]> = withDependencies {
      $0.defaultFileStorage = counted
    } operation: {
      .fileStorage(directory.file("a.json"))
    }
    let b = key("b.json")
    let (seenByA, seenByB) = (Received<[Int]>(), Received<[Int]>())
    let subscriptions = [
      a.subscribe(context: .initialValue([]), subscriber: seenByA.subscriber),
      b.subscribe(context: .initialValue([]), subscriber: seenByB.subscriber),
    ]
    defer { for subscription in subscriptions { subscription.cancel() } }
    // The lock, from an open file of its own: flock holds it against the key's as against
    // another process's.
    let lock = open(
      AtomicFile.lockPath(of: directory.file("a.json")), O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    defer { close(lock) }
    #expect(flock(lock, LOCK_EX) == 0)
    // A writer that went on without the lock changes A's file: the watcher's thread reads it.
    let readsBefore = readsOfA.value
    try directory.writeAsWriter("[1]", to: "a.json", counter: Generation.next().counter)
    let deadline = ContinuousClock.now + .seconds(30)
    while readsOfA.value == readsBefore && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    // Then B's file changes: B is told without waiting for A's lock.
    let start = ContinuousClock.now
    try directory.writeAsWriter("[2]", to: "b.json", counter: Generation.next().counter)
    #expect(await seenByB.wait(for: 1))
    let toB = ContinuousClock.now - start
    #expect(toB < .seconds(2), "B told after \(toB)")
    #expect(seenByB.last?.value == .some([2]))
    #expect(await seenByA.wait(for: 1))
    #expect(seenByA.last?.value == .some([1]))
    // A load of A's file returns without waiting for the lock.
    let loadStart = ContinuousClock.now
    let loaded = Received<[Int]>()
    a.load(context: .userInitiated, continuation: loaded.load)
    let load = ContinuousClock.now - loadStart
    #expect(load < .seconds(2), "load took \(load)")
    #expect(loaded.last?.value == .some([1]))
  }

  // A lock held elsewhere: each write waits its whole bounded time for it (not only the first),
  // and the warning is said once while the lock stays out of reach, and again after the lock was
  // had once more and then not.
  @Test func eachLockTimeoutWaitsAndEachEpisodeWarnsOnce() throws {
    defer { directory.cleanUp() }
    let path = directory.file("held.lock").path
    let holder = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    let waiter = open(path, O_RDWR | O_CLOEXEC)
    defer {
      close(holder)
      close(waiter)
    }
    let warnings = Mutex<[String]>([])
    func attempt() -> (had: Bool, took: Duration) {
      let start = ContinuousClock.now
      let had = FileLock.acquire(
        waiter, exclusive: true, path: path, wait: .milliseconds(200),
        report: { line in warnings.withLock { $0.append(line) } })
      return (had, ContinuousClock.now - start)
    }
    #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
    for _ in 0..<2 {
      let (had, took) = attempt()
      #expect(!had)
      #expect(took >= .milliseconds(200))
    }
    #expect(warnings.withLock { $0.count } == 1)
    // Free: had, the episode over.
    flock(holder, LOCK_UN)
    #expect(attempt().had)
    flock(waiter, LOCK_UN)
    // Held again: a new episode, told again.
    #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
    let (had, took) = attempt()
    #expect(!had)
    #expect(took >= .milliseconds(200))
    #expect(warnings.withLock { $0.count } == 2)
  }

  // A generation file whose counter is Int64's largest (no next change can be newer): the line
  // names no generation, the file is taken as another program's, and the process's counter
  // does not overflow.
  @Test func aCounterAtItsLargestIsNoGeneration() async throws {
    defer { directory.cleanUp() }
    try writeAsWriter("[9]", counter: .max)
    let a = key()
    let loaded = Received<[Int]>()
    a.load(context: .initialValue([]), continuation: loaded.load)
    #expect(loaded.last?.value == .some([9]))
    await save(a, [1])
    #expect(try fileValue() == [1])
    #expect(Generation.next().counter < Int64.max / 2)
  }
}
