import Foundation
import GRDB

/// Why a database operation failed, in words a user can act on.
///
/// Every error from ``LocalDatabase`` and the stores built on it is one of these; the
/// underlying SQLite message is kept in ``description`` but never the values of a statement's
/// arguments (GRDB keeps those out of errors unless asked).
public enum StorageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Another process held the database's write lock for longer than the busy timeout.
  case locked(path: String, timeout: Duration)
  /// The file is not an SQLite database, or its pages are damaged. It is left as it is.
  case corrupt(path: String, detail: String)
  /// The directory or the file cannot be written.
  case readOnly(path: String, detail: String)
  /// No room left: the disk is full, or the configured maximum size was reached.
  case diskFull(path: String)
  /// The file could not be opened or created (missing directory, permissions, …).
  case cannotOpen(path: String, detail: String)
  /// A stored row does not decode (a value written by another program, say).
  case invalidRow(table: String, reason: String)
  /// Any other SQLite failure.
  case sqlite(path: String, code: Int32, detail: String)

  /// One sentence: what failed, with the path (or the table), and mostly what the user can do.
  public var description: String {
    switch self {
    case .locked(let path, let timeout):
      "the database \(path) is locked by another process (waited \(timeout)); "
        + "close the other coffee-finder and try again"
    case .corrupt(let path, let detail):
      "the database \(path) is damaged (\(detail)); it was left untouched: "
        + "move it aside to start afresh, or restore a backup"
    case .readOnly(let path, let detail):
      "the database \(path) cannot be written (\(detail)); check the directory's permissions"
    case .diskFull(let path):
      "no space left to write the database \(path); free some disk space and try again"
    case .cannotOpen(let path, let detail):
      "cannot open the database \(path) (\(detail))"
    case .invalidRow(let table, let reason):
      "a stored row in table \(table) is invalid: \(reason)"
    case .sqlite(let path, let code, let detail):
      "database error \(code) on \(path): \(detail)"
    }
  }

  /// Classifies an error thrown by GRDB or SQLite for the database at `path`.
  package init(_ error: any Error, path: String, busyTimeout: Duration) {
    if let error = error as? StorageError {
      self = error
      return
    }
    guard let error = error as? DatabaseError else {
      self = .sqlite(path: path, code: -1, detail: String(describing: error))
      return
    }
    let detail = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
    switch error.resultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      self = .locked(path: path, timeout: busyTimeout)
    case .SQLITE_CORRUPT, .SQLITE_NOTADB:
      self = .corrupt(path: path, detail: detail)
    case .SQLITE_READONLY, .SQLITE_PERM:
      self = .readOnly(path: path, detail: detail)
    case .SQLITE_FULL:
      self = .diskFull(path: path)
    case .SQLITE_CANTOPEN:
      self = .cannotOpen(path: path, detail: detail)
    case .SQLITE_IOERR where error.extendedResultCode.rawValue == 13 | (4 << 8):
      // SQLITE_IOERR_SHORT_READ: the file is shorter than its header says.
      self = .corrupt(path: path, detail: detail)
    default:
      self = .sqlite(path: path, code: error.extendedResultCode.rawValue, detail: detail)
    }
  }
}
