import ConcurrencyExtras
import Dependencies
import Foundation
import Synchronization

extension SharedReaderKey {
  /// A value kept in a file as JSON.
  ///
  /// ```swift
  /// @Shared(.fileStorage(.documentsDirectory.appending(path: "items.json")))
  /// var items: IdentifiedArrayOf<Item> = []
  /// ```
  ///
  /// The file is read on first access, written atomically a moment after each burst of
  /// changes, and watched: another process's change to it reaches the value within a second.
  public static func fileStorage<Value: Codable>(
    _ url: URL, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()
  ) -> Self where Self == FileStorageKey<Value> {
    // Unchecked: the coders are the caller's, configured before this call and never changed by
    // the key, and `decode`/`encode` of Foundation's JSON coders change no state of theirs, so
    // calls from several threads are safe.
    let (decoder, encoder) = (UncheckedSendable(decoder), UncheckedSendable(encoder))
    return FileStorageKey(
      url: url,
      decode: { try decoder.value.decode(Value.self, from: $0) },
      encode: { try encoder.value.encode($0) }
    )
  }

  /// A value kept in a file in a format of the caller's: `decode` reads the file's bytes,
  /// `encode` makes them.
  public static func fileStorage<Value>(
    _ url: URL,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, decode: decode, encode: encode)
  }
}

/// What makes two `.fileStorage` keys the same storage: the file, in the same file system.
public struct FileStorageKeyID: Hashable, Sendable {
  let url: URL
  let storage: AnyHashableSendable
}

/// A shared value kept in a file: see `SharedReaderKey.fileStorage(_:decoder:encoder:)`.
///
/// - Loading reads the file; no file leaves the value as declared. A file that does not decode
///   is reported as the load's error (`loadError`), the value stays as declared, and the file is
///   left as it is until the value changes.
/// - Saving is debounced by the ``FileStorage``'s window (250 ms on the real file system): the
///   changes of a window become one write, made atomically. A save the user asks for
///   (`$value.save()`) writes at once. Writes still pending when the process exits are made by
///   an `atexit` handler.
/// - Subscribing watches the file: another process's write, a rename over the file and its
///   deletion (back to the declared value) reach the subscriber; the key's own writes do not.
public final class FileStorageKey<Value: Sendable>: SharedKey {
  let storage: FileStorage
  let url: URL
  let decode: @Sendable (Data) throws -> Value
  let encode: @Sendable (Value) throws -> Data
  private let state = Mutex(State())
  /// Held while encoding and writing, so that writes reach the file in the order of the values.
  private let writing = Mutex(())

  private struct State {
    var pending: Value?
    var waiting: [SaveContinuation] = []
    var scheduled = false
    /// The last contents this key wrote: seeing them in the file is no change.
    var ownWrites: [Data] = []
    /// The contents last read from the file (`nil`: no file).
    var lastSeen: Data?
  }

  init(
    url: URL, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    @Dependency(\.defaultFileStorage) var storage
    self.storage = storage
    self.url = url
    self.decode = decode
    self.encode = encode
  }

  public var id: FileStorageKeyID { FileStorageKeyID(url: url, storage: storage.id) }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(with: read(notingAsSeen: true))
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    // The watch keeps the key: the subscription lasts as long as it is not cancelled, even when
    // the caller kept only the subscription. Cancelling it ends the watch and lets the key go.
    storage.watch(url) {
      guard let result = self.externalChange() else { return }
      subscriber.yield(with: result)
    }
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    if context == .userInitiated || storage.debounce == .zero {
      let waiting = state.withLock { state in
        state.pending = nil
        defer { state.waiting = [] }
        return state.waiting
      }
      let result = write(value)
      continuation.resume(with: result)
      for other in waiting { other.resume(with: result) }
      return
    }
    let schedule = state.withLock { state in
      state.pending = value
      state.waiting.append(continuation)
      defer { state.scheduled = true }
      return !state.scheduled
    }
    guard schedule else { return }
    PendingWrites.register(self) { self.flush() }
    storage.asyncAfter(storage.debounce) { self.flush() }
  }

  /// Writes the value pending, if any, and resumes the saves that waited for it.
  func flush() {
    writing.withLock { _ in
      let (value, waiting) = state.withLock { state in
        state.scheduled = false
        defer {
          state.pending = nil
          state.waiting = []
        }
        return (state.pending, state.waiting)
      }
      PendingWrites.unregister(self)
      guard let value else { return }
      let result = writeLocked(value)
      for continuation in waiting { continuation.resume(with: result) }
    }
  }

  private func write(_ value: Value) -> Result<Void, any Error> {
    writing.withLock { _ in writeLocked(value) }
  }

  private func writeLocked(_ value: Value) -> Result<Void, any Error> {
    let data: Data
    do {
      data = try encode(value)
    } catch {
      return .failure(
        FileStorageError(operation: .encode, path: url.path, reason: "\(error)"))
    }
    // Noted before the rename, so that the watcher, woken by it, knows the contents as ours.
    state.withLock { state in
      state.ownWrites.append(data)
      if state.ownWrites.count > 2 { state.ownWrites.removeFirst() }
    }
    return Result { try storage.save(data, url) }
  }

  /// The file's value, `nil` when there is no file; a file that cannot be read or decoded is the
  /// failure.
  private func read(notingAsSeen: Bool) -> Result<Value?, any Error> {
    let data: Data?
    do {
      data = try storage.load(url)
    } catch {
      return .failure(error)
    }
    if notingAsSeen { state.withLock { $0.lastSeen = data } }
    return decoded(data)
  }

  private func decoded(_ data: Data?) -> Result<Value?, any Error> {
    guard let data else { return .success(nil) }
    do {
      return .success(try decode(data))
    } catch {
      return .failure(
        FileStorageError(operation: .decode, path: url.path, reason: "\(error)"))
    }
  }

  /// What a subscriber is told after the file changed: `nil` when the file holds what the key
  /// last saw or wrote.
  private func externalChange() -> Result<Value?, any Error>? {
    let data: Data?
    do {
      data = try storage.load(url)
    } catch {
      return .failure(error)
    }
    let isNew = state.withLock { state in
      if let data, state.ownWrites.contains(data) {
        state.lastSeen = data
        return false
      }
      guard data != state.lastSeen else { return false }
      state.lastSeen = data
      return true
    }
    return isNew ? decoded(data) : nil
  }
}
