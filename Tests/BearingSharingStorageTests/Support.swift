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
    save: { data, url, generation, beforeRename in
      writes.add()
      try real.save(data, url, generation, beforeRename)
    },
    keepCorrupt: real.keepCorrupt, watch: real.watch, asyncAfter: real.asyncAfter)
}
