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
///   kept as `NAME.corrupt` when the value next changes and is written.
/// - Saving is debounced by the ``FileStorage``'s window (250 ms on the real file system): each
///   change restarts the wait, up to four windows after the first change not yet written, and
///   the changes gathered become one write, made atomically. A save the user asks for
///   (`$value.save()`) writes at once. Writes still pending when the process exits are made by
///   an `atexit` handler.
/// - Every change has a generation (see `Generation`): a counter, the larger of the wall clock
///   and one more than the highest counter the process made or saw, and the process's writer
///   id; it is kept beside the file in `.NAME.generation`, not in the modification time. The
///   newest generation wins, in every process the same way: a write is made only over an older
///   one, deciding under `flock` on `.NAME.lock`, and when skipped, the key reads the file and
///   yields its value; a file newer than the value held replaces the value, and drops a write
///   pending with an older change. A file without a matching generation (another program's) is
///   newer than everything the process had seen, unless its bytes are the ones the key last
///   wrote or read with a generation (the generation file lost): those are that change. A read
///   that ends after a later read or write of the key's is dropped, so a thread's older read
///   never takes the value back. A counter from a clock ahead of this one orders changes by the
///   counter, not by real time, while the skew lasts. So, while writers can take the lock, the
///   file never goes back to an older change, and once writes stop every subscribed process
///   holds the file's value, except a file that does not decode, which leaves each process's
///   value as it was. A change dropped for a newer one is not merged into it, and its save
///   succeeds: the change is ordered before the newer one, as a write made and then written
///   over (a key with no subscriber, such as one used only to save, is not told the newer value).
/// - Subscribing watches the file: another process's write, a rename over the file and its
///   deletion (back to the declared value) reach the subscriber. The key's own writes are
///   recognised by the file's version (generation and digest), never by content alone: a value
///   written again by another process is a change.
public final class FileStorageKey<Value: Sendable>: SharedKey {
  let storage: FileStorage
  let url: URL
  let decode: @Sendable (Data) throws -> Value
  let encode: @Sendable (Value) throws -> Data
  private let state = Mutex(State())
  /// Held while encoding and writing, so that writes reach the file in the order of the values.
  private let writing = Mutex(())

  /// What the key knows of the value that its shared value holds, and of the file.
  private struct State {
    /// The generation of the value held: its change's, or the file's it was read from;
    /// `.zero` for the declared value.
    var generation = Generation.zero
    /// The version of the file that holds the value held, once written or read.
    var version: FileVersion?
    /// The value held, when the key knows it (from a save or a decoded file).
    var value: Value?
    /// The value held is to be written.
    var isPending = false
    var waiting: [SaveContinuation] = []
    var scheduled = false
    /// When the pending write is due: a window after the last change, and no later than `latest`.
    var deadline: ContinuousClock.Instant?
    /// The first unwritten change plus the storage's maximum delay.
    var latest: ContinuousClock.Instant?
    var writesInFlight = 0
    /// A file seen that did not decode: kept as `NAME.corrupt` before the next write; and why.
    var corrupt: FileVersion?
    var corruptError: (any Error)?
    /// The last file seen without a generation of its own (another program's) and the
    /// generation it was given here when first seen.
    var foreign: (version: FileVersion, generation: Generation)?
    /// Told of what a skipped write found in the file, while the key is subscribed.
    var subscriber: SharedSubscriber<Value>?
    /// The digest of the bytes this key last wrote, or last read with a generation, and that
    /// generation: those bytes found without their generation line (`.NAME.generation`
    /// deleted, cut or unreadable) are still known as that change, not another program's.
    var known: (digest: UInt64, generation: Generation)?
    /// Reads of the file begun (each numbered in turn), and the number of the latest one whose
    /// file was brought in, or of the last read begun before the key's own write landed: a read
    /// that comes in after a later one (threads read outside the shared value's lock) is stale.
    var readsBegun: UInt64 = 0
    var readsSettled: UInt64 = 0
    /// The key's last write that came to its renames: the file it replaced (`nil`: none), known
    /// by its generation and digest (not by its status, which the write changes when it keeps a
    /// corrupt file by a link), and the last read begun before the write ended (`nil` while it
    /// is under way). The write notes its own file and settles the reads begun so far just
    /// before its renames, so a read begun between the note and the file's rename brings the
    /// file being replaced, or no file where there was none: see `isStale(_:read:)`.
    var lastWrite: (replaced: (generation: Generation?, digest: UInt64)?, readsBefore: UInt64?)?
    /// Whether a read was dropped while a write of the key was under way: the file is read once
    /// more when the write ends, since what that read brought may not have been the write's
    /// file (another program's deletion just after the rename, say) and its event is spent.
    var droppedDuringWrite = false

    /// Whether `read`, begun after the key's last write noted its file and before that write
    /// ended, brought the file the write replaced, or no file: the write's rename came after
    /// it, whenever it is decided. (Another program's file renamed meanwhile is still taken.)
    func isStale(_ file: StoredFile?, read: UInt64) -> Bool {
      guard let lastWrite, read <= lastWrite.readsBefore ?? .max else { return false }
      guard let file else { return true }
      guard let replaced = lastWrite.replaced else { return false }
      return replaced.generation == file.version.generation
        && replaced.digest == file.version.digest
    }

    /// Numbers a read of the file about to begin.
    mutating func beginRead() -> UInt64 {
      readsBegun += 1
      return readsBegun
    }

    /// The generation of `file` in the rule's order: its own, or for a file without one, a
    /// generation newer than everything this process had made or seen when the file was first
    /// seen (the same one while it stays that version).
    mutating func generation(of file: StoredFile) -> Generation {
      if let generation = file.version.generation {
        Generation.observe(generation)
        return generation
      }
      if let known, known.digest == file.version.digest { return known.generation }
      if let foreign, foreign.version == file.version { return foreign.generation }
      let generation = Generation.foreign()
      foreign = (file.version, generation)
      return generation
    }

    /// Brings the file's state in: what the shared value is to become, if anything. `decoded`
    /// is the file's value (`nil` when there is no file).
    mutating func reconcile(
      _ file: StoredFile?, decoded: Result<Value?, any Error>, read: UInt64
    ) -> (change: Result<Value?, any Error>?, superseded: [SaveContinuation]) {
      // A later read, or a write of the key's, came first: this read's file is not the newest.
      guard read > readsSettled else { return (nil, []) }
      readsSettled = read
      if isStale(file, read: read) {
        droppedDuringWrite = droppedDuringWrite || writesInFlight > 0
        return (nil, [])
      }
      guard let file else {
        // No file where one was known: back to the declared value, unless a write of ours is
        // on its way. (No file known, none there: nothing new, a write that failed included.)
        if writesInFlight > 0 { droppedDuringWrite = true }
        if isPending || writesInFlight > 0 || version == nil { return (nil, []) }
        generation = .zero
        version = nil
        value = nil
        corrupt = nil
        return (.success(nil), [])
      }
      if version == file.version { return (nil, []) }
      let fileGeneration = generation(of: file)
      // The change held, read again in another version: the bytes the key knows with a
      // generation file not (yet) theirs, as between a writer's renames of the generation file
      // and of the file. Nothing new to tell.
      if fileGeneration == generation, value != nil || corrupt != nil {
        version = file.version
        return (nil, [])
      }
      // Older than the value held, which is on its way to the file: that write wins.
      if fileGeneration < generation && (isPending || writesInFlight > 0) {
        droppedDuringWrite = droppedDuringWrite || writesInFlight > 0
        return (nil, [])
      }
      let superseded = waiting
      waiting = []
      isPending = false
      generation = fileGeneration
      version = file.version
      if let own = file.version.generation { known = (file.version.digest, own) }
      switch decoded {
      case .success(let decoded):
        value = decoded
        corrupt = nil
      case .failure(let error):
        value = nil
        corrupt = file.version
        corruptError = error
      }
      return (decoded, superseded)
    }

    /// Notes a change to write and when; whether a flush is to be scheduled.
    mutating func schedule(debounce: Duration, maximumDelay: Duration) -> Bool {
      isPending = true
      let now = ContinuousClock.now
      let latest = self.latest ?? now + maximumDelay
      self.latest = latest
      deadline = min(now + debounce, latest)
      defer { scheduled = true }
      return !scheduled
    }
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

  /// The file's URL and the file system it lives in.
  public var id: FileStorageKeyID { FileStorageKeyID(url: url, storage: storage.id) }

  /// Reads and decodes the file; no file keeps the declared value, and one that does not decode
  /// fails the load.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    let read = state.withLock { $0.beginRead() }
    let file: StoredFile?
    do {
      file = try storage.load(url)
    } catch {
      return continuation.resume(throwing: error)
    }
    let decoded = self.decoded(file)
    var superseded: [SaveContinuation] = []
    // Decided where no change of the shared value can come between the decision and its result.
    continuation.resume(deciding: {
      state.withLock { state in
        let stale = read <= state.readsSettled
        let (change, dropped) = state.reconcile(file, decoded: decoded, read: read)
        superseded = dropped
        if let change { return change }
        // Nothing newer in the file: the value held, if the key knows it.
        if let value = state.value { return .success(value) }
        // A later read came first and left no value (no file, or one that does not decode):
        // that state, not this read's older file.
        if stale {
          if state.corrupt != nil, let error = state.corruptError { return .failure(error) }
          return .success(nil)
        }
        return decoded
      }
    })
    for save in superseded { save.resume() }
  }

  /// Watches the file and yields each change another writer makes, a deletion included.
  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    // The watch keeps the key: the subscription lasts as long as it is not cancelled, even when
    // the caller kept only the subscription. Cancelling it ends the watch and lets the key go.
    state.withLock { $0.subscriber = subscriber }
    let watch = storage.watch(url) {
      self.externalChange(subscriber)
    }
    // A change made between the load and the watch has no event of its own.
    externalChange(subscriber)
    return SharedSubscription {
      watch.cancel()
      self.state.withLock { $0.subscriber = nil }
    }
  }

  /// Writes `value` after the storage's debounce window, or at once for a save the user asks for;
  /// resumes `continuation` when it is written (or dropped for a newer change).
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    let generation = Generation.next()
    storage.didChange?(generation.description)
    if context == .userInitiated || storage.debounce == .zero {
      let waiting = state.withLock { state in
        state.generation = generation
        state.version = nil
        state.value = value
        state.isPending = false
        state.writesInFlight += 1
        defer { state.waiting = [] }
        return state.waiting
      }
      let (result, skipped) = writing.withLock { _ in writeLocked(value, generation: generation) }
      if skipped || lookAgainAfterWrite() { refresh() }
      continuation.resume(with: result)
      for other in waiting { other.resume(with: result) }
      return
    }
    let schedule = state.withLock { state in
      state.generation = generation
      state.version = nil
      state.value = value
      state.waiting.append(continuation)
      // Registered with the change, so that `PendingWrites.flushAll` always finds it.
      PendingWrites.register(self) { self.flush(force: true) }
      return state.schedule(debounce: storage.debounce, maximumDelay: storage.maximumDelay)
    }
    if schedule { storage.asyncAfter(storage.debounce) { self.flush() } }
  }

  /// Writes the value pending, if any, and resumes the saves that waited for it; unless
  /// `force`, only once its deadline has come (else it waits again).
  func flush(force: Bool = false) {
    if !force {
      let wait = state.withLock { state -> Duration? in
        guard state.isPending, let deadline = state.deadline else { return nil }
        let now = ContinuousClock.now
        return deadline > now ? deadline - now : nil
      }
      if let wait {
        storage.asyncAfter(wait) { self.flush() }
        return
      }
    }
    let skipped = writing.withLock { _ -> Bool in
      let (value, generation, waiting) = state.withLock {
        state -> (Value?, Generation, [SaveContinuation]) in
        state.scheduled = false
        state.deadline = nil
        state.latest = nil
        defer { state.waiting = [] }
        guard state.isPending else { return (nil, .zero, state.waiting) }
        // Pending until counted as being written, with no moment between.
        state.isPending = false
        state.writesInFlight += 1
        return (state.value, state.generation, state.waiting)
      }
      var (result, skipped): (Result<Void, any Error>, Bool) = (.success(()), false)
      if let value { (result, skipped) = writeLocked(value, generation: generation) }
      // Forgotten once written (a flush at exit waits for a write under way), unless a change
      // came meanwhile.
      state.withLock { state in
        if !state.isPending { PendingWrites.unregister(self) }
      }
      for continuation in waiting { continuation.resume(with: result) }
      return skipped
    }
    // After `writing`, which a save the user asked for takes holding the shared value's lock.
    if skipped || lookAgainAfterWrite() { refresh() }
  }

  /// Writes `value` of `generation` unless something newer is held or in the file; whether the
  /// file was newer (the write skipped, see ``refresh()``). Called holding `writing`, the write
  /// counted in `writesInFlight` (which this ends).
  private func writeLocked(
    _ value: Value, generation: Generation
  ) -> (Result<Void, any Error>, skipped: Bool) {
    // The file this write replaces, once it is to be replaced.
    var replacing: StoredFile?
    var noted = false
    defer {
      state.withLock { state in
        state.writesInFlight -= 1
        if noted { state.lastWrite?.readsBefore = state.readsBegun }
      }
    }
    let data: Data
    do {
      data = try encode(value)
    } catch {
      return (
        .failure(FileStorageError(operation: .encode, path: url.path, reason: "\(error)")),
        false
      )
    }
    // A newer change is held: its own save writes it, or it came from the file.
    if state.withLock({ generation < $0.generation }) { return (.success(()), false) }
    let result = Result {
      try storage.save(
        data, url, generation,
        { file in
          // Decided under the file's lock: no other write comes between.
          state.withLock { state in
            guard let file else { return .write(keepingCorrupt: false) }
            if state.generation(of: file) >= generation { return .skip }
            replacing = file
            // Kept for the next write too, should this one fail (the kept file's version is
            // another: its link count changed).
            return .write(keepingCorrupt: state.corrupt == file.version)
          }
        },
        { version in
          // Noted before the rename, so that the watcher, woken by it, knows the file as ours.
          state.withLock { state in
            if state.generation == generation { state.version = version }
            state.known = (version.digest, generation)
            // Reads begun before this write may bring an older file: they are stale; and so
            // are reads begun from now until its end that bring the file it replaces.
            state.readsSettled = state.readsBegun
            state.lastWrite = (
              replacing.map { ($0.version.generation, $0.version.digest) }, readsBefore: nil
            )
            noted = true
          }
        })
    }
    switch result {
    case .success(let written): return (.success(()), !written)
    case .failure(let error): return (.failure(error), false)
    }
  }

  /// Whether a read was dropped while the writes just ended were under way (see
  /// `State.droppedDuringWrite`): then the file is to be read again, by a read begun now.
  private func lookAgainAfterWrite() -> Bool {
    state.withLock { state in
      guard state.droppedDuringWrite, state.writesInFlight == 0 else { return false }
      state.droppedDuringWrite = false
      return true
    }
  }

  /// After a write skipped because the file was newer, or one during which a read was dropped:
  /// the file's value, to the subscriber.
  private func refresh() {
    guard let subscriber = state.withLock({ $0.subscriber }) else { return }
    externalChange(subscriber)
  }

  private func decoded(_ file: StoredFile?) -> Result<Value?, any Error> {
    guard let file else { return .success(nil) }
    do {
      return .success(try decode(file.data))
    } catch {
      return .failure(
        FileStorageError(operation: .decode, path: url.path, reason: "\(error)"))
    }
  }

  /// Reads the file after a change to it and tells the subscriber what is new: nothing when the
  /// file is the version the key holds, or older than a write of the key's on its way.
  private func externalChange(_ subscriber: SharedSubscriber<Value>) {
    let read = state.withLock { $0.beginRead() }
    let file: StoredFile?
    do {
      file = try storage.load(url)
    } catch {
      subscriber.yield(throwing: error)
      return
    }
    // Most events are the key's own writes: no decoding, no lock of the shared value.
    let known = state.withLock { state in
      file.map { state.version == $0.version } ?? (state.version == nil)
    }
    if known { return }
    let decoded = self.decoded(file)
    var superseded: [SaveContinuation] = []
    subscriber.yield(deciding: {
      state.withLock { state in
        let (change, dropped) = state.reconcile(file, decoded: decoded, read: read)
        superseded = dropped
        return change
      }
    })
    for save in superseded { save.resume() }
  }
}

extension Shared where Value: Sendable {
  /// The generation of the value a `.fileStorage` shared value holds (`COUNTER WRITER`; `0 0`
  /// for the declared value), `nil` for other keys: `scripts/stress-shared` checks that
  /// processes converge on the file's write, not only on its value.
  @_spi(Probe) public var fileStorageGeneration: String? {
    guard let box = reference as? SharedBox<Value>,
      let key = box.key as? FileStorageKey<Value>
    else { return nil }
    return key.heldGeneration
  }
}

extension FileStorageKey {
  /// The generation of the value the key holds.
  var heldGeneration: String { state.withLock { $0.generation.description } }
}
