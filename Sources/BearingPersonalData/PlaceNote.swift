import BearingSQLite
import Foundation
import GRDB

/// A note the user wrote about a place (the MVVM prototype's "posts").
///
/// The caller makes the identifier and the date (from `@Dependency(\.uuid)` and
/// `@Dependency(\.date)`), so a reducer that creates a note stays deterministic in tests.
///
/// ```swift
/// let note = PlaceNote(id: uuid(), placeID: favorite.placeID, text: "Great cardamom buns",
///                      createdAt: now)
/// try await database.addNote(note)
/// ```
public struct PlaceNote: Hashable, Sendable, Codable, Identifiable {
  /// The note's identifier, made by the caller (stored as text).
  public var id: UUID
  /// The ``Favorite/placeID`` (or any place identifier) the note is about.
  public var placeID: String
  /// What the user wrote.
  public var text: String
  /// When the note was written.
  public var createdAt: Date

  /// Creates a note; take `id` and `createdAt` from dependencies so that tests stay deterministic.
  public init(id: UUID, placeID: String, text: String, createdAt: Date) {
    self.id = id
    self.placeID = placeID
    self.text = text
    self.createdAt = createdAt
  }
}

extension PlaceNote: FetchableRecord, PersistableRecord {
  /// The SQLite table notes are stored in.
  public static let databaseTableName = "note"

  /// The table's columns, for queries beyond the ones ``LocalDatabase`` offers.
  public enum Columns {
    /// The `id` text column (a UUID string), the table's primary key.
    public static let id = Column("id")
    /// The `placeId` text column, indexed.
    public static let placeID = Column("placeId")
    /// The `text` column.
    public static let text = Column("text")
    /// The `createdAt` datetime column.
    public static let createdAt = Column("createdAt")
  }

  /// Decodes a row; throws a `StorageError.invalidRow` when the id is not a UUID.
  public init(row: Row) throws {
    let idText: String = try row.decode(forColumn: Columns.id)
    guard let id = UUID(uuidString: idText) else {
      throw StorageError.invalidRow(table: Self.databaseTableName, reason: "id is not a UUID")
    }
    self.id = id
    placeID = try row.decode(forColumn: Columns.placeID)
    text = try row.decode(forColumn: Columns.text)
    createdAt = try row.decode(forColumn: Columns.createdAt)
  }

  /// Writes the id as a UUID string rather than GRDB's default 16-byte blob.
  public func encode(to container: inout PersistenceContainer) {
    // Text, not GRDB's default 16-byte blob, so the table reads well in the sqlite3 shell.
    container[Columns.id] = id.uuidString
    container[Columns.placeID] = placeID
    container[Columns.text] = text
    container[Columns.createdAt] = createdAt
  }
}
