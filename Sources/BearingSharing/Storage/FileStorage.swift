import ConcurrencyExtras
import Dependencies
import Foundation
import Synchronization

/// The file system that `.fileStorage` keys read and write: the real one, or one in memory for
/// tests and previews.
///
/// Keys take it from the `defaultFileStorage` dependency when they are created. In tests it is
/// ``inMemory(fileSystem:)``, so a test never reads or writes the user's files:
///
/// ```swift
/// let files = LockIsolated<[URL: Data]>([:])
/// withDependencies { $0.defaultFileStorage = .inMemory(fileSystem: files) } operation: { … }
/// ```
public struct FileStorage: Sendable {
  let id: AnyHashableSendable
  /// How long a key waits after its last change before writing: each change restarts the wait,
  /// up to ``maximumDelay`` after the first change not yet written. Zero writes at once.
  let debounce: Duration
  /// The file's bytes and version (with its generation, if it has one), `nil` when there is no
  /// file.
  let load: @Sendable (URL) throws -> StoredFile?
  /// Replaces the file with the bytes and their generation, unless `decide`, given the file
  /// there (read where no other write of the file can come between), says to leave it; it may
  /// also say to keep the file as `NAME.corrupt` first. `beforeRename` is told the new version
  /// before it is in place. Returns whether the file was written.
  let save:
    @Sendable (
      Data, URL, Generation, (StoredFile?) -> AtomicFile.Decision, (FileVersion) -> Void
    ) throws -> Bool
  let watch: @Sendable (URL, @escaping @Sendable () -> Void) -> SharedSubscription
  let asyncAfter: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void
  /// Told of each change's generation as a key makes it (`COUNTER WRITER`): for
  /// `scripts/stress-shared`, which checks that the newest change reaches the file.
  var didChange: (@Sendable (_ generation: String) -> Void)? = nil

  /// The longest a change waits for its write while later changes keep coming: four windows.
  var maximumDelay: Duration { debounce * 4 }

  /// The real file system: files replaced atomically (a temporary file in the same directory,
  /// fsync, rename, fsync of the directory), writes debounced by 250 ms (1 s at most), other
  /// processes' changes seen through inotify on the file's directory.
  public static var fileSystem: Self {
    fileSystem(debounce: .milliseconds(250))
  }

  /// The real file system with another debounce window.
  public static func fileSystem(debounce: Duration) -> Self {
    fileSystem(debounce: debounce, lockWait: AtomicFile.defaultLockWait)
  }

  /// The real file system, waiting at most `lockWait` for a file's lock, its writes' calls
  /// replaced by `hooks` (tests).
  static func fileSystem(
    debounce: Duration, lockWait: Duration, hooks: AtomicFile.Hooks = AtomicFile.Hooks()
  ) -> Self {
    Self(
      id: AnyHashableSendable("fileSystem"),
      debounce: debounce,
      load: { try AtomicFile.stored(at: $0) },
      save: { data, url, generation, decide, beforeRename in
        try AtomicFile.replace(
          url, with: data, generation: generation, lockWait: lockWait, hooks: hooks,
          decide: decide, beforeRename: beforeRename)
      },
      watch: { FileWatcher.shared.watch($0, onChange: $1) },
      asyncAfter: { delay, work in
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(
          deadline: .now() + .nanoseconds(nanoseconds), execute: work)
      }
    )
  }

  /// The real file system, `didChange` told of each change's generation as it is made
  /// (`COUNTER WRITER`, compared in that order), `didWrite` of each write once it is in place:
  /// its generation and bytes. For `scripts/stress-shared`. `betweenRenames` runs in each
  /// write after its generation file's rename and before its file's (the probe dies there).
  @_spi(Probe) public static func fileSystem(
    debounce: Duration, didChange: @escaping @Sendable (_ generation: String) -> Void,
    didWrite: @escaping @Sendable (_ generation: String, Data) -> Void,
    betweenRenames: @escaping @Sendable () -> Void = {}
  ) -> Self {
    var hooks = AtomicFile.Hooks()
    hooks.betweenRenames = betweenRenames
    let real = fileSystem(
      debounce: debounce, lockWait: AtomicFile.defaultLockWait, hooks: hooks)
    return Self(
      id: real.id, debounce: debounce, load: real.load,
      save: { data, url, generation, decide, beforeRename in
        let written = try real.save(data, url, generation, decide, beforeRename)
        if written { didWrite(generation.description, data) }
        return written
      },
      watch: real.watch, asyncAfter: real.asyncAfter, didChange: didChange)
  }

  /// This process's writer id, the second number of its generations.
  @_spi(Probe) public static var writerID: UInt64 { Generation.writer }

  /// A file system held in `fileSystem`, a dictionary from file to contents: writes happen at
  /// once (no debounce), and a change made through one key is told to the others of the same
  /// file.
  public static func inMemory(
    fileSystem: LockIsolated<[URL: Data]> = LockIsolated([:])
  ) -> Self {
    let watchers = InMemoryWatchers()
    // The generation of each file as the keys wrote it; contents put in the dictionary by other
    // means have none.
    let generations = Mutex<[URL: (data: Data, generation: Generation)]>([:])
    let writing = Mutex(())
    @Sendable func stored(_ url: URL, _ data: Data) -> StoredFile {
      let known = generations.withLock { $0[url] }
      let generation = known?.data == data ? known?.generation : nil
      return StoredFile(
        data: data,
        version: FileVersion(generation: generation, digest: Digest.of(data), status: nil))
    }
    return Self(
      id: AnyHashableSendable(ObjectIdentifier(fileSystem)),
      debounce: .zero,
      load: { url in fileSystem.withValue { $0[url] }.map { stored(url, $0) } },
      save: { data, url, generation, decide, beforeRename in
        // One write at a time, as the file's lock makes them on the real file system.
        let written = writing.withLock { _ -> Bool in
          switch decide(fileSystem.withValue { $0[url] }.map { stored(url, $0) }) {
          case .skip: return false
          case .write(let keepingCorrupt):
            if keepingCorrupt {
              fileSystem.withValue { files in
                files[URL(fileURLWithPath: url.path + ".corrupt")] = files.removeValue(forKey: url)
              }
            }
          }
          beforeRename(
            FileVersion(generation: generation, digest: Digest.of(data), status: nil))
          generations.withLock { $0[url] = (data, generation) }
          fileSystem.withValue { $0[url] = data }
          return true
        }
        if written { watchers.changed(url) }
        return written
      },
      watch: { url, onChange in watchers.add(url, onChange) },
      asyncAfter: { _, work in work() }
    )
  }
}

/// The callbacks watching files of an in-memory file system.
private final class InMemoryWatchers: Sendable {
  private let callbacks = Mutex<[URL: [UUID: @Sendable () -> Void]]>([:])

  func add(_ url: URL, _ callback: @escaping @Sendable () -> Void) -> SharedSubscription {
    let id = UUID()
    callbacks.withLock { $0[url, default: [:]][id] = callback }
    return SharedSubscription { [weak self] in
      _ = self?.callbacks.withLock { $0[url]?.removeValue(forKey: id) }
    }
  }

  func changed(_ url: URL) {
    for callback in callbacks.withLock({ Array(($0[url] ?? [:]).values) }) { callback() }
  }
}

private enum DefaultFileStorageKey: DependencyKey {
  static var liveValue: FileStorage { .fileSystem }
  static var testValue: FileStorage { .inMemory() }
  static var previewValue: FileStorage { .inMemory() }
}

extension DependencyValues {
  /// The file system that `.fileStorage` keys use: ``FileStorage/fileSystem`` when the app
  /// runs, a fresh ``FileStorage/inMemory(fileSystem:)`` in each test and preview.
  public var defaultFileStorage: FileStorage {
    get { self[DefaultFileStorageKey.self] }
    set { self[DefaultFileStorageKey.self] = newValue }
  }
}
