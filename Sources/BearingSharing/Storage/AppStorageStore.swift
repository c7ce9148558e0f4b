import Dependencies
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value as app storage keeps it: JSON's scalars.
enum AppStorageValue: Codable, Equatable, Sendable {
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    }
  }
}

/// The store behind `.appStorage` keys: the app's preferences, one JSON object of keys and
/// values, in memory or in a file shared by the app's processes.
///
/// ``standard`` is the file `$XDG_CONFIG_HOME/<app>/app-storage.json` (else under `~/.config`).
/// Several processes may write it at once and lose nothing: a write takes an exclusive lock
/// (`flock` on `app-storage.json.lock`), reads the file again, applies only the keys this process
/// changed, and replaces the file atomically. Changes are gathered for 100 ms into one write, and
/// what is pending at exit is written by an `atexit` handler. Another process's change reaches
/// this one's subscribers through inotify within a second. A write that fails drops no change:
/// see ``write()``.
public final class AppStorageStore: Sendable {
  private enum Change: Sendable {
    case set(AppStorageValue)
    case remove
  }

  private struct State {
    var values: [String: AppStorageValue] = [:]
    var pending: [String: Change] = [:]
    var scheduled = false
    var subscribers: [String: [UUID: @Sendable (AppStorageValue?) -> Void]] = [:]
    var watch: SharedSubscription?
    var reportedError = false
    var loadError: FileStorageError?
  }

  /// The store's file, `nil` in memory.
  public let url: URL?
  private let state = Mutex(State())
  /// Held by a write from taking the changes until the file holds them, and by a reading of the
  /// file from the read until its values are merged: writes do not overlap, and a reading never
  /// brings back a file older than a change it does not see as pending.
  private let io = Mutex(())
  /// Reads the store's file (`nil`: none): the file system's, or a test's failing one.
  private let readFile: @Sendable (URL) throws -> Data?
  /// Replaces the store's file with new bytes, keeping the old one first when it is corrupt:
  /// atomically, or a test's failing write.
  private let replaceFile: @Sendable (URL, Data, _ keepingCorrupt: Bool) throws -> Void

  /// A store in `url` (`nil`: in memory), its file read by `readFile` and written by
  /// `replaceFile`.
  init(
    url: URL?, readFile: @escaping @Sendable (URL) throws -> Data? = AtomicFile.contents(of:),
    replaceFile: @escaping @Sendable (URL, Data, _ keepingCorrupt: Bool) throws -> Void = {
      try AtomicFile.replace($0, with: $1, keepingCorrupt: $2)
    }
  ) {
    self.url = url
    self.readFile = readFile
    self.replaceFile = replaceFile
    guard let url else { return }
    do {
      let values = try read(url) ?? [:]
      state.withLock { $0.values = values }
    } catch let error as FileStorageError {
      state.withLock { $0.loadError = error }
    } catch {
      state.withLock {
        $0.loadError = FileStorageError(
          operation: .decode, path: url.path, reason: "it is not a JSON object of preferences")
      }
    }
  }

  /// Why the store's file could not be read when the store was opened, `nil` when it was read
  /// (or there was none). The store then starts empty. A file that does not decode is kept
  /// beside the new one by the first write, as `app-storage.json.corrupt` (or `.corrupt-2`, … when
  /// that name is taken); a file that cannot be read is an error of each write, which writes
  /// nothing, until it can be read.
  public var loadError: FileStorageError? { state.withLock { $0.loadError } }

  /// A store in a file of the caller's choosing.
  public static func file(_ url: URL) -> AppStorageStore { AppStorageStore(url: url) }

  /// A store in memory, empty: each test's own (the `defaultAppStorage` test value).
  public static func inMemory() -> AppStorageStore { AppStorageStore(url: nil) }

  /// The app's store, `$XDG_CONFIG_HOME/<app>/app-storage.json`.
  public static var standard: AppStorageStore {
    standardStore.withLock { store in
      if let store { return store }
      let new = AppStorageStore.file(
        ApplicationDirectories.configuration.appendingPathComponent("app-storage.json"))
      store = new
      return new
    }
  }
  private static let standardStore = Mutex<AppStorageStore?>(nil)

  func value(forKey key: String) -> AppStorageValue? {
    state.withLock { $0.values[key] }
  }

  /// Sets (or with `nil` removes) `key`'s value, to be written within 100 ms.
  func set(_ value: AppStorageValue?, forKey key: String) {
    let schedule = state.withLock { state in
      state.values[key] = value
      guard url != nil else { return false }
      state.pending[key] = value.map(Change.set) ?? .remove
      guard !state.scheduled else { return false }
      // Registered with the timer, under the state's lock, so that a write just ending cannot
      // take this registration back (`writePending` keeps it while anything is pending).
      PendingWrites.register(self) { self.synchronize() }
      state.scheduled = true
      return true
    }
    guard schedule else { return }
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
      self.synchronize()
    }
  }

  /// Calls `callback` with `key`'s value each time another process changes it.
  func subscribe(
    _ key: String, _ callback: @escaping @Sendable (AppStorageValue?) -> Void
  ) -> SharedSubscription {
    let id = UUID()
    let startWatch = state.withLock { state in
      state.subscribers[key, default: [:]][id] = callback
      return url != nil && state.watch == nil
    }
    if startWatch, let url {
      let watch = FileWatcher.shared.watch(url) { [weak self] in self?.fileChanged() }
      state.withLock { $0.watch = watch }
    }
    return SharedSubscription { [weak self] in
      _ = self?.state.withLock { $0.subscribers[key]?.removeValue(forKey: id) }
    }
  }

  /// Writes the changes not yet written, now. A failure is reported on standard error, once
  /// until a write succeeds again (a failure ``write()`` threw counts as reported: its caller
  /// said it); an app that says it itself calls ``write()``.
  public func synchronize() {
    do {
      try writePending()
      state.withLock { $0.reportedError = false }
    } catch {
      let report = state.withLock { state in
        defer { state.reportedError = true }
        return !state.reportedError
      }
      if report {
        FileHandle.standardError.write(Data("warning: app storage not saved: \(error)\n".utf8))
      }
    }
  }

  /// Writes the changes not yet written, now.
  ///
  /// A write that fails drops none of its changes: they stay as changed in memory (a reading of
  /// the file, another process's change, does not take them back) and pending, written with
  /// the next write (the next change's, ``synchronize()``, or the one at exit), unless a later
  /// change of the same key came first.
  ///
  /// - Throws: A ``FileStorageError`` saying why the store's file could not be read (the file
  ///   is then left as it is: its other keys are not lost) or written. The caller reports it:
  ///   ``synchronize()`` (the timer's, the exit's) then says nothing more of the same failure
  ///   until a write succeeds.
  public func write() throws {
    do {
      try writePending()
      state.withLock { $0.reportedError = false }
    } catch {
      state.withLock { $0.reportedError = true }
      throw error
    }
  }

  /// Writes the pending changes, keeping them pending when the write fails.
  private func writePending() throws {
    guard let url else { return }
    try io.withLock { _ in
      let changes = state.withLock { state in
        state.scheduled = false
        defer { state.pending = [:] }
        return state.pending
      }
      // The exit's flush stays registered until the changes are in the file: an exit while the
      // timer's write is under way then waits for it (the flush takes `io` after it), rather
      // than ending the process in the middle of it and losing the changes.
      defer {
        state.withLock { state in
          if state.pending.isEmpty { PendingWrites.unregister(self) }
        }
      }
      guard !changes.isEmpty else { return }
      do {
        try write(changes, to: url)
      } catch {
        // Pending again, under any later change of the same key, and written at exit at the
        // latest (still registered: `pending` is not empty).
        state.withLock { state in
          state.pending.merge(changes) { later, _ in later }
        }
        throw error
      }
    }
  }

  /// Writes `changes` over the file's values, holding the store's lock.
  private func write(_ changes: [String: Change], to url: URL) throws {
    try Self.locked(url) {
      var values: [String: AppStorageValue]
      var keepingCorrupt = false
      do {
        values = try read(url) ?? [:]
      } catch is DecodingError {
        // A file that is not a store is kept beside it, not lost. (A file that cannot be read
        // is an error, thrown as it is: its other keys are not written over.)
        values = [:]
        keepingCorrupt = true
      }
      for (key, change) in changes {
        switch change {
        case .set(let value): values[key] = value
        case .remove: values[key] = nil
        }
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try replaceFile(url, try encoder.encode(values), keepingCorrupt)
    }
  }

  /// Reads the file again, telling subscribers of what changed in it.
  func reload() { fileChanged() }

  private func fileChanged() {
    guard let url else { return }
    let calls = io.withLock { _ -> [@Sendable () -> Void] in
      guard let values = try? read(url) else { return [] }
      return merge(values)
    }
    for call in calls { call() }
  }

  /// Takes the file's values, with this process's pending changes over them; the calls that
  /// tell subscribers of what changed.
  private func merge(_ values: [String: AppStorageValue]) -> [@Sendable () -> Void] {
    state.withLock { state -> [@Sendable () -> Void] in
      var merged = values
      for (key, change) in state.pending {
        switch change {
        case .set(let value): merged[key] = value
        case .remove: merged[key] = nil
        }
      }
      var calls: [@Sendable () -> Void] = []
      for key in Set(merged.keys).union(state.values.keys) where merged[key] != state.values[key] {
        let value = merged[key]
        for callback in (state.subscribers[key] ?? [:]).values { calls.append { callback(value) } }
      }
      state.values = merged
      return calls
    }
  }

  private func read(_ url: URL) throws -> [String: AppStorageValue]? {
    guard let data = try readFile(url) else { return nil }
    return try JSONDecoder().decode([String: AppStorageValue].self, from: data)
  }

  /// Runs `body` holding the exclusive lock of the store's lock file.
  private static func locked(_ url: URL, _ body: () throws -> Void) throws {
    let directory = url.deletingLastPathComponent()
    try? FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let path = url.path + ".lock"
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw FileStorageError(
        operation: .write, path: url.path,
        reason: "cannot open its lock file: \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    if FileLock.acquire(fd, exclusive: true, path: path, wait: AtomicFile.defaultLockWait) {
      defer { flock(fd, LOCK_UN) }
      return try body()
    }
    try body()
  }
}

private enum DefaultAppStorageKey: DependencyKey {
  static var liveValue: AppStorageStore { .standard }
  static var testValue: AppStorageStore { .inMemory() }
  static var previewValue: AppStorageStore { .inMemory() }
}

extension DependencyValues {
  /// The store that `.appStorage` keys use: ``AppStorageStore/standard`` when the app runs, a
  /// fresh in-memory store in each test and preview.
  public var defaultAppStorage: AppStorageStore {
    get { self[DefaultAppStorageKey.self] }
    set { self[DefaultAppStorageKey.self] = newValue }
  }
}
