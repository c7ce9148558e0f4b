import BearingLocation
import BearingSQLite
import Foundation
import GRDB

/// A search the user ran, for the "recent searches" list.
///
/// Searches are keyed by their text: running the same query again moves it to the top instead
/// of adding a duplicate. Only the newest ``LocalDatabase/recentSearchLimit`` are kept.
public struct RecentSearch: Hashable, Sendable, Codable, Identifiable {
  /// The text searched for; the search's key, so a repeated query replaces the older entry.
  public var query: String
  /// Where the search was centred, when it was a search near a coordinate.
  public var coordinate: Coordinate?
  /// When the search ran; the list is newest first.
  public var searchedAt: Date

  /// The query.
  public var id: String { query }

  /// Creates an entry; `coordinate` is `nil` for a search that was not near a point.
  public init(query: String, coordinate: Coordinate? = nil, searchedAt: Date) {
    self.query = query
    self.coordinate = coordinate
    self.searchedAt = searchedAt
  }
}

extension RecentSearch: FetchableRecord, PersistableRecord {
  /// The SQLite table recent searches are stored in.
  public static let databaseTableName = "recentSearch"

  /// The table's columns, for queries beyond the ones ``LocalDatabase`` offers.
  public enum Columns {
    /// The `query` text column, the table's primary key.
    public static let query = Column("query")
    /// The `latitude` column in degrees, `NULL` for a search with no coordinate.
    public static let latitude = Column("latitude")
    /// The `longitude` column in degrees, `NULL` for a search with no coordinate.
    public static let longitude = Column("longitude")
    /// The `searchedAt` datetime column, indexed.
    public static let searchedAt = Column("searchedAt")
  }

  /// Decodes a row; the coordinate is `nil` unless both columns hold a value, and a stored pair
  /// that is not a valid coordinate throws a `StorageError.invalidRow`.
  public init(row: Row) throws {
    query = try row.decode(forColumn: Columns.query)
    let latitude: Double? = try row.decode(forColumn: Columns.latitude)
    let longitude: Double? = try row.decode(forColumn: Columns.longitude)
    if let latitude, let longitude {
      coordinate = try Coordinate.decoded(
        latitude: latitude, longitude: longitude, table: Self.databaseTableName)
    } else {
      coordinate = nil
    }
    searchedAt = try row.decode(forColumn: Columns.searchedAt)
  }

  /// Writes the coordinate as two degree columns, both `NULL` when there is none.
  public func encode(to container: inout PersistenceContainer) {
    container[Columns.query] = query
    container[Columns.latitude] = coordinate?.latitude
    container[Columns.longitude] = coordinate?.longitude
    container[Columns.searchedAt] = searchedAt
  }
}
