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
  /// The file's bytes and version, `nil` when there is no file.
  let load: @Sendable (URL) throws -> StoredFile?
  /// Replaces the file with the bytes, its modification time set to the generation (nanoseconds
  /// since 1970), unless the file is as new or newer; the closure is told the new version before
  /// it is in place.
  let save: @Sendable (Data, URL, Int64, (FileVersion) -> Void) throws -> Void
  /// Keeps the file as `NAME.corrupt` if it is still at the version given.
  let keepCorrupt: @Sendable (URL, FileVersion) -> Void
  let watch: @Sendable (URL, @escaping @Sendable () -> Void) -> SharedSubscription
  let asyncAfter: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void

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
    Self(
      id: AnyHashableSendable("fileSystem"),
      debounce: debounce,
      load: { try AtomicFile.stored(at: $0) },
      save: { data, url, generation, beforeRename in
        try AtomicFile.replace(url, with: data, modified: generation, beforeRename: beforeRename)
      },
      keepCorrupt: { url, version in
        guard AtomicFile.version(at: url.path) == version else { return }
        _ = rename(url.path, url.path + ".corrupt")
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

  /// A file system held in `fileSystem`, a dictionary from file to contents: writes happen at
  /// once (no debounce), and a change made through one key is told to the others of the same
  /// file.
  public static func inMemory(
    fileSystem: LockIsolated<[URL: Data]> = LockIsolated([:])
  ) -> Self {
    let watchers = InMemoryWatchers()
    // The version of each file as the keys wrote it; contents put in the dictionary by other
    // means are a new version.
    let versions = Mutex<(next: UInt64, byURL: [URL: (data: Data, version: FileVersion)])>(
      (1, [:]))
    @Sendable func newVersion(_ data: Data, _ url: URL, modified: Int64) -> FileVersion {
      versions.withLock { versions in
        defer { versions.next += 1 }
        let version = FileVersion(
          device: 0, inode: versions.next, size: Int64(data.count), modified: modified)
        versions.byURL[url] = (data, version)
        return version
      }
    }
    return Self(
      id: AnyHashableSendable(ObjectIdentifier(fileSystem)),
      debounce: .zero,
      load: { url in
        guard let data = fileSystem.withValue({ $0[url] }) else { return nil }
        if let known = versions.withLock({ $0.byURL[url] }), known.data == data {
          return StoredFile(data: data, version: known.version)
        }
        return StoredFile(data: data, version: newVersion(data, url, modified: Generation.next()))
      },
      save: { data, url, generation, beforeRename in
        let newer = versions.withLock { versions in
          (versions.byURL[url]?.version.modified ?? .min) >= generation
        }
        if newer && fileSystem.withValue({ $0[url] }) != nil { return }
        beforeRename(newVersion(data, url, modified: generation))
        fileSystem.withValue { $0[url] = data }
        watchers.changed(url)
      },
      keepCorrupt: { url, version in
        guard versions.withLock({ $0.byURL[url]?.version }) == version else { return }
        fileSystem.withValue { files in
          files[URL(fileURLWithPath: url.path + ".corrupt")] = files.removeValue(forKey: url)
        }
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
