import GRDB
import GRDBSQLite

/// A statement of GRDB's, bound and stepped through SQLite's C API (GRDB's
/// `Statement.sqliteStatement`), for bulk writes where GRDB's handling of each call's
/// arguments costs more than the write itself: a million places are stored in about half the
/// time (ARCHITECTURE.md, "Imports streamed in one transaction").
///
/// Use it inside a `write` of the statement's database only, binding every parameter before
/// each ``run()``. GRDB's transaction observers do not see these statements; the place store
/// has none.
struct BulkStatement {
  let statement: Statement
  let db: Database

  init(_ db: Database, sql: String) throws {
    self.db = db
    statement = try db.cachedStatement(sql: sql)
  }

  private var handle: SQLiteStatement { statement.sqliteStatement }

  /// SQLite copies the text before `bind` returns.
  private static let transient = unsafeBitCast(
    OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

  func bind(_ index: Int32, _ text: String?) {
    guard var text else {
      sqlite3_bind_null(handle, index)
      return
    }
    if text.isEmpty {
      sqlite3_bind_text(handle, index, "", 0, Self.transient)
      return
    }
    text.withUTF8 { utf8 in
      _ = sqlite3_bind_text(
        handle, index, utf8.baseAddress, Int32(utf8.count), Self.transient)
    }
  }

  func bind(_ index: Int32, _ value: Double) { sqlite3_bind_double(handle, index, value) }

  /// SQLite copies the bytes before `bind` returns.
  func bind(_ index: Int32, bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      _ = sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), Self.transient)
    }
  }

  func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(handle, index, value) }

  /// Runs the statement to its end and resets it; the first column of the first row it
  /// returns (`RETURNING rowid`), if any.
  ///
  /// - throws: `DatabaseError` with SQLite's code and message, as GRDB's own statements do.
  @discardableResult
  func run() throws -> Int64? {
    defer { sqlite3_reset(handle) }
    var first: Int64?
    while true {
      let code = sqlite3_step(handle)
      switch code {
      case SQLITE_ROW:
        if first == nil { first = sqlite3_column_int64(handle, 0) }
      case SQLITE_DONE:
        return first
      default:
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage,
          sql: statement.sql)
      }
    }
  }
}
