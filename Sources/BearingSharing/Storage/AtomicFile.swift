import Foundation

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
    let path = url.path
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw FileStorageError(operation: .read, path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileStorageError(
          operation: .read, path: path, reason: String(cString: strerror(errno)))
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  /// Replaces the file with `data` so that a crash at any moment leaves the old file or the new
  /// one, whole: the bytes go to a temporary file in the same directory, which is flushed to the
  /// disk (fsync), renamed over the file, and the directory flushed so the rename lasts.
  static func replace(_ url: URL, with data: Data) throws {
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
    guard rename(temporary, path) == 0 else {
      let error = failure("cannot rename \(temporary) over it")
      unlink(temporary)
      throw error
    }
    let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryFD >= 0 {
      _ = fsync(directoryFD)
      close(directoryFD)
    }
  }
}
