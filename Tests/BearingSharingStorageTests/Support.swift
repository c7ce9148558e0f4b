import ConcurrencyExtras
import Foundation
import Synchronization

@testable import BearingSharing

/// A fresh directory under the system's temporary directory, removed by `cleanUp`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("bearing-sharing-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  func cleanUp() { try? FileManager.default.removeItem(at: url) }
}

/// The wall clock in nanoseconds since 1970.
func wallClock() -> Int64 {
  var now = timespec()
  clock_gettime(CLOCK_REALTIME, &now)
  return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

extension TemporaryDirectory {
  /// Writes `value` to `name` as a `.fileStorage` writer of generation `counter` (writer 42)
  /// does: the file and its generation file `.NAME.generation` (`COUNTER WRITER SIZE DIGEST`,
  /// the digest FNV-1a of the bytes), each renamed into place. With `coarse`, the file's
  /// modification time is then cut to the whole second, as FAT, exFAT or some NFS and FUSE
  /// file systems keep it; with `future` it is set an hour ahead, with `past` an hour back.
  func writeAsWriter(
    _ value: String, to name: String = "items.json", counter: Int64, coarse: Bool = false,
    future: Bool = false, past: Bool = false
  ) throws {
    let data = Data(value.utf8)
    var digest: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data { digest = (digest ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    try data.write(to: file("other.json"))
    try Data("\(counter) 42 \(data.count) \(digest)\n".utf8).write(to: file("other.generation"))
    // As `AtomicFile` does: the generation first, then the file.
    _ = rename(file("other.generation").path, file(".\(name).generation").path)
    _ = rename(file("other.json").path, file(name).path)
    if coarse { try cutModificationTime(name) }
    if future || past {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: future ? 3600 : -3600)],
        ofItemAtPath: file(name).path)
    }
  }

  /// Sets the file's modification time to its whole second, as a coarse file system keeps it.
  func cutModificationTime(_ name: String) throws {
    var info = stat()
    guard stat(file(name).path, &info) == 0 else { throw CocoaError(.fileReadUnknown) }
    var times = [
      timespec(tv_sec: 0, tv_nsec: 1_073_741_822),  // UTIME_OMIT: the access time as it is
      timespec(tv_sec: info.st_mtim.tv_sec, tv_nsec: 0),
    ]
    guard utimensat(AT_FDCWD, file(name).path, &times, 0) == 0 else {
      throw CocoaError(.fileWriteUnknown)
    }
  }
}

/// Writes a file-stored shared value's pending change now, as exit would (and no other test's,
/// as `PendingWrites.flushAll` would: tests of other suites run meanwhile); whether it could.
func flushPending<Value: Sendable>(_ shared: Shared<Value>) -> Bool {
  guard let box = shared.reference as? SharedBox<Value>,
    let key = box.key as? FileStorageKey<Value>
  else { return false }
  key.flush(force: true)
  return true
}

/// The results a continuation or subscriber received, in order.
final class Received<Value: Sendable>: Sendable {
  let values = Mutex<[Result<Value?, any Error>]>([])

  var load: LoadContinuation<Value> {
    LoadContinuation { result in self.values.withLock { $0.append(result) } }
  }
  var subscriber: SharedSubscriber<Value> {
    SharedSubscriber { result in self.values.withLock { $0.append(result) } }
  }

  var count: Int { values.withLock { $0.count } }
  var last: Result<Value?, any Error>? { values.withLock { $0.last } }

  /// Waits until `count` results arrived, at most `timeout`.
  func wait(for count: Int, timeout: Duration = .seconds(30)) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while self.count < count {
      if ContinuousClock.now > deadline { return false }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return true
  }
}

extension Result {
  var value: Success? { try? get() }
  var error: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

/// A save's continuation that records its result.
final class SaveResult: Sendable {
  let result = Mutex<Result<Void, any Error>?>(nil)
  var continuation: SaveContinuation { SaveContinuation { r in self.result.withLock { $0 = r } } }

  func wait(timeout: Duration = .seconds(30)) async -> Result<Void, any Error>? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let result = result.withLock({ $0 }) { return result }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return nil
  }
}

/// A number that closures on any thread can add to.
final class Counter: Sendable {
  private let count = Mutex(0)
  func add() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

/// The real file system with its writes counted.
func countingFileSystem(debounce: Duration, writes: Counter) -> FileStorage {
  let real = FileStorage.fileSystem(debounce: debounce)
  return FileStorage(
    id: real.id, debounce: debounce, load: real.load,
    save: { data, url, generation, decide, beforeRename in
      writes.add()
      return try real.save(data, url, generation, decide, beforeRename)
    },
    watch: real.watch, asyncAfter: real.asyncAfter)
}
