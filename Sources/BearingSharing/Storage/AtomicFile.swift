import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file could not be read, written or decoded, with its path and the system's reason.
public struct FileStorageError: Error, CustomStringConvertible, LocalizedError {
  /// What was being done.
  public enum Operation: Sendable, Equatable {
    /// Reading the file, writing it, decoding its bytes into the value, or encoding the value.
    case read, write, decode, encode
  }

  /// What was being done when it failed.
  public var operation: Operation
  /// The file's path.
  public var path: String
  /// The reason, as the system or the decoder says it.
  public var reason: String

  /// What failed and why, with the path, such as "cannot read PATH: REASON".
  public var description: String {
    switch operation {
    case .read: "cannot read \(path): \(reason)"
    case .write: "cannot save \(path): \(reason)"
    case .decode: "\(path) does not hold a value of the expected form (kept unchanged): \(reason)"
    case .encode: "cannot encode the value for \(path): \(reason)"
    }
  }

  /// The same text as `description`.
  public var errorDescription: String? { description }
}

/// Whole-file reads and crash-safe replacement of files, on POSIX calls.
///
/// A `.fileStorage` file carries its generation (see ``Generation``) in a file beside it,
/// `.NAME.generation` in the same directory: lines `COUNTER WRITER SIZE DIGEST`, the last two
/// being the size and the FNV-1a digest of the bytes the generation belongs to; the new write's
/// line first, then the one of the file it replaces. A write, holding `flock` on `.NAME.lock`
/// beside the file (a file opened for writing, which NFS's emulation of `flock` needs),
/// renames the new generation file into place and then the file: a crash between the two
/// renames leaves the old file, which the second line still names. A read takes no lock (see
/// ``stored(at:)``). A file that no line matches (a file written by another program) has no
/// generation: see `FileStorageKey`.
enum AtomicFile {
  /// The longest a write waits for the file's lock (`.NAME.lock`) before going on without it.
  static let defaultLockWait: Duration = .seconds(5)

  /// The file's bytes, or `nil` when there is no file.
  static func contents(of url: URL) throws -> Data? {
    try readFile(url.path)?.data
  }

  /// The bytes and status of the file at `path`, read from one open file, or `nil` when there is
  /// no file.
  private static func readFile(_ path: String) throws -> (data: Data, info: stat)? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw FileStorageError(operation: .read, path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw FileStorageError(operation: .read, path: path, reason: String(cString: strerror(errno)))
    }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileStorageError(
          operation: .read, path: path, reason: String(cString: strerror(errno)))
      }
      if count == 0 { return (data, info) }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  /// Where the generation of the file at `url` is kept.
  static func generationPath(of url: URL) -> String {
    url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".generation"
  }

  /// Where the lock of the file at `url` is taken: `.NAME.lock` beside it, opened for writing
  /// (NFS's emulation of `flock` locks only files open for writing).
  static func lockPath(of url: URL) -> String {
    url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".lock"
  }

  /// The file's lock file opened (made if need be), or -1. Where it cannot be opened for
  /// writing (someone else's), it is opened for reading, which a local `flock` takes.
  private static func openLock(of url: URL) -> Int32 {
    let path = lockPath(of: url)
    let fd = open(path, O_RDWR | O_CLOEXEC | O_CREAT, 0o644)
    if fd >= 0 || errno != EACCES { return fd }
    return open(path, O_RDONLY | O_CLOEXEC)
  }

  /// The file's bytes, version and generation, or `nil` when there is no file.
  ///
  /// Read without the file's lock, so that a process holding it for ever (stopped while
  /// writing) delays no read, the watcher's included. The file is replaced by a rename, so its
  /// bytes are always one write's, whole. Its generation file, read after it, may be a later
  /// write's (a writer renames it into place before the file): its second line names the file
  /// that write replaced, so a write between the two reads is still matched. When no line
  /// matches and the path names another file by then (writes came between), both are read
  /// again, a few times at most; a file still unmatched has no generation.
  static func stored(at url: URL) throws -> StoredFile? {
    var attempt = 1
    while true {
      guard let (file, info) = try storedFile(url) else { return nil }
      guard file.version.generation == nil, attempt < 4,
        let now = status(at: url.path),
        now.device != UInt64(info.st_dev) || now.inode != UInt64(info.st_ino)
      else { return file }
      attempt += 1
    }
  }

  /// The file and its status, as `stored(at:)` reads it once (and a write, holding the lock).
  private static func storedFile(_ url: URL) throws -> (StoredFile, stat)? {
    guard let file = try readFile(url.path) else { return nil }
    let (data, info) = (file.data, file.info)
    let digest = Digest.of(data)
    var generation: Generation?
    if let lines = try? readFile(generationPath(of: url))?.data {
      // The first line that names these bytes.
      for line in String(decoding: lines, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: " ")
        if fields.count == 4, let counter = Int64(fields[0]),
          Generation.isPlausible(counter), let writer = UInt64(fields[1]),
          Int(fields[2]) == data.count, UInt64(fields[3]) == digest
        {
          generation = Generation(counter: counter, writer: writer)
          break
        }
      }
    }
    let stored = StoredFile(
      data: data,
      version: FileVersion(generation: generation, digest: digest, info: info))
    return (stored, info)
  }

  /// What a write does once it sees the file it would replace.
  enum Decision {
    /// Leaves the file as it is.
    case skip
    /// Replaces it; `keepingCorrupt` first keeps it as `NAME.corrupt` (see ``keepCorrupt(_:)``).
    case write(keepingCorrupt: Bool)
  }

  /// The calls of a write that tests and the probe replace: how a corrupt file is linked, and
  /// else renamed, to the name that keeps it (a file system without hard links, a rename
  /// refused), and what runs between the generation file's rename and the file's (a crash), or
  /// just after the file's (another program's change that lands at once).
  struct Hooks: Sendable {
    var link: @Sendable (String, String) -> Int32 = { systemLink($0, $1) }
    var renameKept: @Sendable (String, String) -> Int32 = { systemRename($0, $1) }
    var betweenRenames: @Sendable () -> Void = {}
    var afterRename: @Sendable () -> Void = {}
  }

  /// Replaces the file with `data` so that a crash at any moment leaves the old file or the new
  /// one, whole: the bytes go to a temporary file in the same directory, which is flushed to the
  /// disk (fsync), renamed over the file, and the directory flushed so the rename lasts. No
  /// lock, no generation: for files of their own lock (app storage). With `keepingCorrupt`, the
  /// file replaced is kept first (see ``keepCorrupt(_:hooks:)``), or nothing is written.
  static func replace(
    _ url: URL, with data: Data, keepingCorrupt: Bool = false, hooks: Hooks = Hooks()
  ) throws {
    _ = try replace(url, with: data, generation: nil, lockWait: .zero, hooks: hooks) { _ in
      .write(keepingCorrupt: keepingCorrupt)
    }
  }

  /// Replaces the file as ``replace(_:with:keepingCorrupt:hooks:)`` does, and its generation
  /// file with `generation`, holding the file's lock (at most `lockWait`): `decide`, given the
  /// file there (read under the lock), says whether to write. `beforeRename` is told the new
  /// file's version. Returns whether the file was written.
  static func replace(
    _ url: URL, with data: Data, generation: Generation, lockWait: Duration,
    hooks: Hooks = Hooks(), decide: (StoredFile?) -> Decision,
    beforeRename: (FileVersion) -> Void
  ) throws -> Bool {
    try replace(
      url, with: data, generation: Optional(generation), lockWait: lockWait, hooks: hooks,
      decide: decide, beforeRename: beforeRename)
  }

  private static func replace(
    _ url: URL, with data: Data, generation: Generation?, lockWait: Duration, hooks: Hooks,
    decide: (StoredFile?) -> Decision, beforeRename: (FileVersion) -> Void = { _ in }
  ) throws -> Bool {
    let path = url.path
    let directory = url.deletingLastPathComponent().path
    func failure(_ what: String) -> FileStorageError {
      FileStorageError(
        operation: .write, path: path, reason: "\(what): \(String(cString: strerror(errno)))")
    }
    do {
      // 0700, as the XDG Base Directory specification asks of the directories it creates.
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw FileStorageError(
        operation: .write, path: path, reason: "cannot create the directory \(directory)")
    }
    let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    defer { if directoryFD >= 0 { close(directoryFD) } }
    var keepCorrupt = false
    var current: StoredFile?
    // The lock, if taken, goes with the descriptor's close, once the file is in place.
    var lockFD: Int32 = -1
    defer { if lockFD >= 0 { close(lockFD) } }
    if generation != nil {
      // No lock file to be had: the directory is not writable, and making the temporary file
      // below says so.
      lockFD = openLock(of: url)
      if lockFD >= 0 {
        FileLock.acquire(lockFD, exclusive: true, path: lockPath(of: url), wait: lockWait)
      }
      current = try storedFile(url)?.0
      switch decide(current) {
      case .skip: return false
      case .write(let keepingCorrupt): keepCorrupt = keepingCorrupt
      }
    } else if case .write(let keepingCorrupt) = decide(nil) {
      keepCorrupt = keepingCorrupt
    }
    let temporary = try writeTemporary(data, for: url, failure: failure)
    var info = stat()
    guard stat(temporary, &info) == 0 else {
      let error = failure("cannot write \(temporary)")
      unlink(temporary)
      throw error
    }
    var generationTemporary: String?
    if let generation {
      var line = "\(generation.counter) \(generation.writer) \(data.count) \(Digest.of(data))\n"
      // The file replaced keeps its generation until the rename.
      if let current, !keepCorrupt, let old = current.version.generation {
        line += "\(old.counter) \(old.writer) \(current.data.count) \(current.version.digest)\n"
      }
      do {
        generationTemporary = try writeTemporary(
          Data(line.utf8), for: URL(fileURLWithPath: generationPath(of: url)), failure: failure)
      } catch {
        unlink(temporary)
        throw error
      }
    }
    // A corrupt file is kept under the lock, so no other write comes between; a write that
    // cannot keep it writes nothing.
    if keepCorrupt {
      do {
        try Self.keepCorrupt(path, hooks: hooks)
      } catch {
        if let generationTemporary { unlink(generationTemporary) }
        unlink(temporary)
        throw error
      }
    }
    beforeRename(FileVersion(generation: generation, digest: Digest.of(data), info: info))
    if let generationTemporary, rename(generationTemporary, generationPath(of: url)) != 0 {
      let error = failure("cannot rename \(generationTemporary) over its generation file")
      unlink(generationTemporary)
      unlink(temporary)
      throw error
    }
    hooks.betweenRenames()
    guard rename(temporary, path) == 0 else {
      let error = failure("cannot rename \(temporary) over it")
      unlink(temporary)
      throw error
    }
    hooks.afterRename()
    if directoryFD >= 0 { _ = fsync(directoryFD) }
    return true
  }

  /// Keeps the file at `path` under a name of its own, `NAME.corrupt`, or `NAME.corrupt-2`,
  /// `-3`, … when that is taken (an earlier one is never written over): a hard link, so the file
  /// stays at its path until the rename of the new file replaces it, and a crash between leaves
  /// the old file or the new one there. Where hard links are refused (`EXDEV`, `EPERM`: file
  /// systems without them), the name is made first, empty (`O_EXCL`: no file there is taken),
  /// and the file renamed over it: until the new file's rename, a crash leaves no file at the
  /// path, and the corrupt one kept. The name kept, `nil` when there was no file to keep.
  ///
  /// - Throws: A ``FileStorageError`` when the file can be kept neither way: the caller writes
  ///   nothing, so the corrupt file is never replaced unkept.
  @discardableResult
  static func keepCorrupt(_ path: String, hooks: Hooks = Hooks()) throws -> String? {
    func failure(_ what: String) -> FileStorageError {
      FileStorageError(
        operation: .write, path: path,
        reason: "cannot keep the file that does not decode (\(what)), so it is not written over")
    }
    for index in 1...10_000 {
      let kept = path + (index == 1 ? ".corrupt" : ".corrupt-\(index)")
      if hooks.link(path, kept) == 0 { return kept }
      let linkError = errno
      switch linkError {
      case EEXIST: continue
      case ENOENT: return nil
      default: break
      }
      // No hard link: the name made, and then the file renamed over that empty file.
      let fd = open(kept, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if fd < 0 {
        if errno == EEXIST { continue }
        throw failure("cannot make \(kept): \(String(cString: strerror(errno)))")
      }
      close(fd)
      if hooks.renameKept(path, kept) == 0 { return kept }
      let renameError = errno
      unlink(kept)
      if renameError == ENOENT { return nil }
      throw failure(
        "link to \(kept): \(String(cString: strerror(linkError))); rename: "
          + String(cString: strerror(renameError)))
    }
    throw failure("\(path).corrupt to .corrupt-10000 are all taken")
  }

  /// Writes `data` to a new temporary file beside `url`, flushed to the disk; its path.
  private static func writeTemporary(
    _ data: Data, for url: URL, failure: (String) -> FileStorageError
  ) throws -> String {
    let directory = url.deletingLastPathComponent().path
    // A dot name that is never the file's own: watchers of the file ignore it.
    let temporary =
      "\(directory)/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure("cannot create a file in \(directory)") }
    var written = 0
    let ok = data.withUnsafeBytes { bytes -> Bool in
      while written < bytes.count {
        let count = write(fd, bytes.baseAddress! + written, bytes.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return false
        }
        written += count
      }
      return true
    }
    guard ok, fsync(fd) == 0 else {
      let error = failure("cannot write \(temporary)")
      close(fd)
      unlink(temporary)
      throw error
    }
    close(fd)
    return temporary
  }

  /// The status of the file at `path` now, `nil` when there is none.
  static func status(at path: String) -> FileStatus? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileStatus(info)
  }
}

/// `flock` with a bounded wait, taken by writes only (on a `.fileStorage` file's `.NAME.lock`,
/// on app storage's lock file, both opened for writing as NFS needs). A lock not had within the
/// wait (a process stopped while holding it) or refused (`ENOLCK`: an NFS mount without lock
/// service, a file system without locks) is gone without, and the write goes on unlocked, so
/// writes of several processes there are no longer decided one at a time: two may both find the
/// file older and both write, the later rename winning whatever its generation. Each write
/// waits its own bounded time, whatever earlier ones found.
/// One warning line on standard error tells of each episode: the first lock not had on a path,
/// and again the first after that path's lock was had once more.
enum FileLock {
  /// Paths whose lock was last not had (the episode told), until it is had again.
  private static let unlocked = Mutex(Set<String>())

  /// Takes the lock on `fd`, waiting at most `wait`; whether it is held. `report` says the
  /// warning line (standard error's, or a test's).
  @discardableResult
  static func acquire(
    _ fd: Int32, exclusive: Bool, path: String, wait: Duration,
    report: (String) -> Void = warnOnStandardError
  ) -> Bool {
    let operation = (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
    let deadline = ContinuousClock.now + wait
    var pause: UInt32 = 50
    while flock(fd, operation) != 0 {
      switch errno {
      case EINTR: continue
      case EWOULDBLOCK:
        if ContinuousClock.now >= deadline {
          warn(
            path,
            "\(path) has been locked by another process for \(describe(wait)) "
              + "(a stopped process?); going on without the lock",
            report)
          return false
        }
        usleep(pause)
        pause = min(pause * 2, 1000)
      default:
        warn(
          path,
          "cannot lock \(path) (\(String(cString: strerror(errno)))); going on without the "
            + "lock: writes of several processes there are not kept in order",
          report)
        return false
      }
    }
    // Had: the episode, if any, is over, and the next lock not had is told again.
    unlocked.withLock { _ = $0.remove(path) }
    return true
  }

  private static func describe(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
  }

  /// One warning line per episode of a path's lock not had.
  private static func warn(_ path: String, _ what: String, _ report: (String) -> Void) {
    guard unlocked.withLock({ $0.insert(path).inserted }) else { return }
    report(what)
  }

  static func warnOnStandardError(_ what: String) {
    FileHandle.standardError.write(Data("warning: BearingSharing: \(what)\n".utf8))
  }
}

/// The FNV-1a 64-bit digest of a file's bytes: whether a generation file belongs to the bytes
/// beside it, and whether another program's file changed (not a defence against anyone).
enum Digest {
  static func of(_ data: Data) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}

/// A file's status as `stat` gives it: the polling watcher compares these.
struct FileStatus: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  /// Nanoseconds since 1970.
  var modified: Int64
  var changed: Int64

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
  }
}

/// Which version of a file a key holds. A file with a generation is known by it and its bytes'
/// digest, whatever its times and inode (which coarse or unstable on some file systems); a file
/// without one (another program's) by its status and digest: any change of either is a new
/// version.
struct FileVersion: Hashable, Sendable {
  var generation: Generation?
  var digest: UInt64
  var status: FileStatus?

  init(generation: Generation?, digest: UInt64, status: FileStatus?) {
    self.generation = generation
    self.digest = digest
    self.status = generation == nil ? status : nil
  }

  init(generation: Generation?, digest: UInt64, info: stat) {
    self.init(generation: generation, digest: digest, status: FileStatus(info))
  }
}

/// A file's bytes and the version they were read from.
struct StoredFile: Sendable {
  var data: Data
  var version: FileVersion
}

/// The generation of a change: which change is the newer, the same way in every process.
///
/// A counter and the id of the process that made it (``writer``, random), compared in that
/// order. The counter is a Lamport clock on the wall clock: the larger of the time now in
/// nanoseconds and one more than the highest counter this process has made or seen in a file
/// (``observe(_:)``). So a change is newer than every change its process knew of when it was
/// made, whatever the clocks of other machines or a file dated in the future, and two changes
/// never share a generation.
struct Generation: Hashable, Comparable, Sendable, CustomStringConvertible {
  var counter: Int64
  var writer: UInt64

  /// The generation of the declared value: older than every change.
  static let zero = Generation(counter: 0, writer: 0)

  /// The bound of counters: `Int64.max / 2`, the year 2116 in nanoseconds.
  static let counterBound: Int64 = Int64.max / 2

  /// How far past this process's clock a counter may be: a day (the clocks of machines that
  /// share a file disagree by less).
  static let horizon: Int64 = 86_400 * 1_000_000_000

  /// Whether a generation line may hold `counter`: from 1, below ``counterBound`` and at most
  /// ``horizon`` past this process's clock. A line past that (a clock set years ahead, a line
  /// written by hand) names no generation: its file is taken as one without, another
  /// program's, newer than everything a process had seen when it first saw it, which the
  /// process's next change writes over. Such a counter is never taken into this process's, so
  /// the counters processes make stay within a day of their clocks: far below the bound, and
  /// never taken by another process for a foreign file (which would let the order files arrive
  /// in decide, not their changes' order).
  static func isPlausible(_ counter: Int64) -> Bool {
    counter >= 1 && counter < counterBound && counter <= wallClock() &+ horizon
  }

  /// This process's writer id.
  static let writer: UInt64 = UInt64.random(in: 1...UInt64.max)

  private static let last = Atomic<Int64>(0)

  static func < (a: Self, b: Self) -> Bool {
    (a.counter, a.writer) < (b.counter, b.writer)
  }

  var description: String { "\(counter) \(writer)" }

  /// A new generation of this process, newer than every one it made or saw.
  static func next() -> Generation {
    Generation(counter: nextCounter(), writer: writer)
  }

  /// A generation for a file of another program seen now: newer than everything this process
  /// made or saw (its writer 0).
  static func foreign() -> Generation {
    Generation(counter: nextCounter(), writer: 0)
  }

  /// Notes a generation seen in a file: later changes of this process are newer. An
  /// implausible counter (see ``isPlausible(_:)``) is not taken.
  static func observe(_ generation: Generation) {
    guard isPlausible(generation.counter) else { return }
    _ = last.max(generation.counter, ordering: .relaxed)
  }

  /// The wall clock in nanoseconds.
  private static func wallClock() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }

  private static func nextCounter() -> Int64 {
    let candidate = wallClock()
    var previous = last.load(ordering: .relaxed)
    while true {
      // Never tied with a counter made or seen: one more. (A counter seen is at most a day
      // past the clock, so `last` never nears the bound.)
      let next = max(candidate, previous + 1)
      let (exchanged, original) = last.compareExchange(
        expected: previous, desired: next, ordering: .relaxed)
      if exchanged { return next }
      previous = original
    }
  }
}

/// `link(2)` and `rename(2)`, under names that `AtomicFile.Hooks`'s members do not hide.
private func systemLink(_ from: String, _ to: String) -> Int32 { link(from, to) }
private func systemRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
