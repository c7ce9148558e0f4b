import Foundation
import GRDB

/// An SQLite database file: opened, checked and migrated with the migrations its owner gives.
/// `BearingPersonalData` keeps the user's favourites and notes in one, `BearingPlaceStore` the
/// offline places in another.
///
/// On disk it is a WAL-mode `DatabasePool` (readers never wait for the writer); in memory it is
/// a `DatabaseQueue`. Opening never replaces or repairs an existing file: a damaged file is
/// reported as ``StorageError/corrupt(path:detail:)`` and left for the user to inspect.
///
/// ```swift
/// let database = try LocalDatabase(path: path, migrator: migrator)
/// let count = try await database.writer.read { db in try Int.fetchOne(db, sql: "...") }
/// ```
public struct LocalDatabase: Sendable {
  /// How a database is opened.
  public struct Options: Sendable {
    /// How long a write waits for another process's lock before failing with
    /// ``StorageError/locked(path:timeout:)``.
    public var busyTimeout: Duration
    /// A cap on the file's size in pages (SQLite's `max_page_count`); writing past it fails
    /// with ``StorageError/diskFull(path:)`` as a full disk would. `nil`: no cap.
    public var maximumPageCount: Int?
    /// Run SQLite's `quick_check` when opening, so damage is reported up front rather than in
    /// the middle of some later query. Cheap for a database of this app's size.
    public var checksIntegrityOnOpen: Bool

    /// Options with a 5-second busy timeout, no size cap and an integrity check on opening.
    public init(
      busyTimeout: Duration = .seconds(5),
      maximumPageCount: Int? = nil,
      checksIntegrityOnOpen: Bool = true
    ) {
      self.busyTimeout = busyTimeout
      self.maximumPageCount = maximumPageCount
      self.checksIntegrityOnOpen = checksIntegrityOnOpen
    }
  }

  /// The file's path, or `":memory:"` for an in-memory database.
  public let path: String
  /// The GRDB connection, for callers that need more than the record operations.
  public let writer: any DatabaseWriter
  package let busyTimeout: Duration

  /// Opens (creating if needed) the database file at `path` and migrates it with `migrator`.
  /// The directory is created with mode 0700: the files hold personal data.
  ///
  /// - throws: A ``StorageError``: `.locked` when another process holds the lock past the
  ///   busy timeout, `.corrupt` for a file that is not a sound SQLite database, `.readOnly` for
  ///   a directory or file that cannot be written, `.cannotOpen` otherwise.
  public init(
    path: String, options: Options = Options(), migrator: DatabaseMigrator
  ) throws(StorageError) {
    let directory = (path as NSString).deletingLastPathComponent
    try Self.prepareDirectory(directory.isEmpty ? "." : directory, for: path)
    if FileManager.default.fileExists(atPath: path) {
      // Look before opening for writing: a damaged or newer file must stay byte for byte as
      // it was, and a writable connection may write (WAL set-up, checkpoints) when it opens.
      try Self.inspect(path: path, options: options, migrator: migrator)
    }
    let writer: any DatabaseWriter
    do {
      writer = try DatabasePool(path: path, configuration: Self.configuration(options))
    } catch {
      throw StorageError(error, path: path, busyTimeout: options.busyTimeout)
    }
    try self.init(
      path: path, writer: writer, options: options, migrator: migrator, inspect: false)
  }

  /// Opens an empty in-memory database migrated with `migrator` (for tests and previews).
  public static func inMemory(
    options: Options = Options(), migrator: DatabaseMigrator
  ) throws(StorageError) -> LocalDatabase {
    let writer: any DatabaseWriter
    do {
      writer = try DatabaseQueue(configuration: configuration(options))
    } catch {
      throw StorageError(error, path: ":memory:", busyTimeout: options.busyTimeout)
    }
    return try LocalDatabase(
      path: ":memory:", writer: writer, options: options, migrator: migrator, inspect: true)
  }

  /// Wraps an already-open connection, checking (when `inspect`) and migrating it.
  init(
    path: String, writer: any DatabaseWriter, options: Options, migrator: DatabaseMigrator,
    inspect: Bool
  ) throws(StorageError) {
    self.path = path
    self.writer = writer
    self.busyTimeout = options.busyTimeout
    do {
      if inspect {
        try writer.read { db in
          try Self.inspect(db, path: path, options: options, migrator: migrator)
        }
      }
      try migrator.migrate(writer)
    } catch {
      throw StorageError(error, path: path, busyTimeout: options.busyTimeout)
    }
  }

  /// Checks an existing file through a read-only connection.
  static func inspect(
    path: String, options: Options, migrator: DatabaseMigrator
  ) throws(StorageError) {
    do {
      var configuration = Configuration()
      configuration.readonly = true
      let reader = try DatabaseQueue(path: path, configuration: configuration)
      defer { try? reader.close() }
      try reader.read { db in try inspect(db, path: path, options: options, migrator: migrator) }
    } catch {
      throw StorageError(error, path: path, busyTimeout: options.busyTimeout)
    }
  }

  /// Fails for a damaged database (when asked to check) or one a newer version migrated.
  static func inspect(
    _ db: Database, path: String, options: Options, migrator: DatabaseMigrator
  ) throws {
    if options.checksIntegrityOnOpen {
      let result = try String.fetchOne(db, sql: "PRAGMA quick_check")
      if let result, result != "ok" {
        throw StorageError.corrupt(path: path, detail: result)
      }
    }
    if try migrator.hasBeenSuperseded(db) {
      throw StorageError.cannotOpen(
        path: path, detail: "it was written by a newer version of coffee-finder")
    }
  }

  static func configuration(_ options: Options) -> Configuration {
    var configuration = Configuration()
    let timeout = options.busyTimeout.components
    configuration.busyMode = .timeout(
      Double(timeout.seconds) + Double(timeout.attoseconds) / 1e18)
    if let pages = options.maximumPageCount {
      configuration.prepareDatabase { db in
        try db.execute(sql: "PRAGMA max_page_count = \(pages)")
      }
    }
    return configuration
  }

  static func prepareDirectory(_ directory: String, for path: String) throws(StorageError) {
    let files = FileManager.default
    var isDirectory: ObjCBool = false
    if files.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw .cannotOpen(path: path, detail: "\(directory) is not a directory")
      }
    } else {
      do {
        try files.createDirectory(
          atPath: directory, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw .readOnly(path: path, detail: "cannot create the directory \(directory)")
      }
    }
    // WAL mode keeps two side files next to the database, so the directory itself must be
    // writable even when the database file is.
    if access(directory, W_OK) != 0 {
      throw .readOnly(path: path, detail: "the directory \(directory) is not writable")
    }
  }

  /// Closes the connections. Later operations fail; an open stream ends with an error.
  ///
  /// Closing is optional (connections close when the last copy goes away) but makes the moment
  /// explicit, which tests of durability need.
  public func close() throws(StorageError) {
    do {
      try writer.close()
    } catch {
      throw StorageError(error, path: path, busyTimeout: busyTimeout)
    }
  }

  /// Runs `body`, turning any failure into a ``StorageError`` about this database.
  package func mapErrors<T>(_ body: () async throws -> T) async throws(StorageError) -> T {
    do {
      return try await body()
    } catch {
      throw StorageError(error, path: path, busyTimeout: busyTimeout)
    }
  }
}
