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
  /// How long a key waits after a change before writing, gathering every later change in that
  /// window into the same write. Zero writes at once.
  let debounce: Duration
  let load: @Sendable (URL) throws -> Data?
  let save: @Sendable (Data, URL) throws -> Void
  let watch: @Sendable (URL, @escaping @Sendable () -> Void) -> SharedSubscription
  let asyncAfter: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void

  /// The real file system: files replaced atomically (a temporary file in the same directory,
  /// fsync, rename, fsync of the directory), writes debounced by 250 ms, other processes'
  /// changes seen through inotify on the file's directory.
  public static var fileSystem: Self {
    fileSystem(debounce: .milliseconds(250))
  }

  /// The real file system with another debounce window.
  public static func fileSystem(debounce: Duration) -> Self {
    Self(
      id: AnyHashableSendable("fileSystem"),
      debounce: debounce,
      load: { try AtomicFile.contents(of: $0) },
      save: { try AtomicFile.replace($1, with: $0) },
      watch: { FileWatcher.watch($0, onChange: $1) },
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
    return Self(
      id: AnyHashableSendable(ObjectIdentifier(fileSystem)),
      debounce: .zero,
      load: { url in fileSystem.withValue { $0[url] } },
      save: { data, url in
        fileSystem.withValue { $0[url] = data }
        watchers.changed(url)
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
