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
    case read, write, decode, encode
  }

  /// What was being done when it failed.
  public var operation: Operation
  /// The file's path.
  public var path: String
  /// The reason, as the system or the decoder says it.
  public var reason: String

  public var description: String {
    switch operation {
    case .read: "cannot read \(path): \(reason)"
    case .write: "cannot save \(path): \(reason)"
    case .decode: "\(path) does not hold a value of the expected form (kept unchanged): \(reason)"
    case .encode: "cannot encode the value for \(path): \(reason)"
    }
  }

  public var errorDescription: String? { description }
}

/// Whole-file reads and crash-safe replacement of files, on POSIX calls.
enum AtomicFile {
  /// The file's bytes, or `nil` when there is no file.
  static func contents(of url: URL) throws -> Data? {
    try stored(at: url)?.data
  }

  /// The file's bytes and version (read from one open file, so the two agree), or `nil` when
  /// there is no file.
  static func stored(at url: URL) throws -> StoredFile? {
    let path = url.path
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
      if count == 0 { return StoredFile(data: data, version: FileVersion(info)) }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  /// The version of the file at `path` now, `nil` when there is none.
  static func version(at path: String) -> FileVersion? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileVersion(info)
  }

  /// Replaces the file with `data` so that a crash at any moment leaves the old file or the new
  /// one, whole: the bytes go to a temporary file in the same directory, which is flushed to the
  /// disk (fsync), renamed over the file, and the directory flushed so the rename lasts.
  ///
  /// With `modified` (a generation: nanoseconds since 1970), the file is replaced only if it is
  /// older, and the new file's modification time is set to it; writers of the directory take
  /// turns through `flock` on it, so that the check and the rename are one step. `beforeRename`
  /// is told the new file's version, which the rename keeps. Returns `nil` when the file was
  /// newer and left alone.
  @discardableResult
  static func replace(
    _ url: URL, with data: Data, modified: Int64? = nil,
    beforeRename: (FileVersion) -> Void = { _ in }
  ) throws -> FileVersion? {
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
    if let modified {
      guard directoryFD >= 0 else { throw failure("cannot open the directory \(directory)") }
      while flock(directoryFD, LOCK_EX) != 0 {
        guard errno == EINTR else { throw failure("cannot lock the directory \(directory)") }
      }
      if let current = version(at: path), current.modified >= modified { return nil }
    }
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
    if ok, let modified {
      // UTIME_OMIT (linux/stat.h): the access time is left alone.
      var times = [
        timespec(tv_sec: 0, tv_nsec: 1_073_741_822),
        timespec(tv_sec: Int(modified / 1_000_000_000), tv_nsec: Int(modified % 1_000_000_000)),
      ]
      guard futimens(fd, &times) == 0 else {
        let error = failure("cannot set the modification time of \(temporary)")
        close(fd)
        unlink(temporary)
        throw error
      }
    }
    var info = stat()
    guard ok, fsync(fd) == 0, fstat(fd, &info) == 0 else {
      let error = failure("cannot write \(temporary)")
      close(fd)
      unlink(temporary)
      throw error
    }
    close(fd)
    let version = FileVersion(info)
    beforeRename(version)
    guard rename(temporary, path) == 0 else {
      let error = failure("cannot rename \(temporary) over it")
      unlink(temporary)
      throw error
    }
    // The lock, if taken, goes with the descriptor's close.
    if directoryFD >= 0 { _ = fsync(directoryFD) }
    return version
  }
}

/// Which version of a file: its inode (a file replaced by a rename is a new inode), size and
/// modification time in nanoseconds. A `.fileStorage` write sets the modification time to the
/// moment of the change it writes, so this time is also the write's generation.
struct FileVersion: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  /// Nanoseconds since 1970.
  var modified: Int64

  init(device: UInt64, inode: UInt64, size: Int64, modified: Int64) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modified = modified
  }

  init(_ info: stat) {
    self.init(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
  }
}

/// A file's bytes and the version they were read from.
struct StoredFile: Sendable {
  var data: Data
  var version: FileVersion
}

/// The generations of changes made in this process: the wall clock in nanoseconds, made strictly
/// increasing, so that two changes of one process never share one and a later change is never
/// older. Across processes, changes are ordered by the clock they share.
enum Generation {
  private static let last = Atomic<Int64>(0)

  static func next() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let candidate = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    var previous = last.load(ordering: .relaxed)
    while true {
      let next = max(candidate, previous + 1)
      let (exchanged, original) = last.compareExchange(
        expected: previous, desired: next, ordering: .relaxed)
      if exchanged { return next }
      previous = original
    }
  }
}
