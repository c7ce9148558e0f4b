import BearingLocation
import BearingSQLite
import Foundation
import GRDB

/// A search the user ran, for the "recent searches" list.
///
/// Searches are keyed by their text: running the same query again moves it to the top instead
/// of adding a duplicate. Only the newest ``LocalDatabase/recentSearchLimit`` are kept.
public struct RecentSearch: Hashable, Sendable, Codable, Identifiable {
  public var query: String
  /// Where the search was centred, when it was a search near a coordinate.
  public var coordinate: Coordinate?
  public var searchedAt: Date

  public var id: String { query }

  public init(query: String, coordinate: Coordinate? = nil, searchedAt: Date) {
    self.query = query
    self.coordinate = coordinate
    self.searchedAt = searchedAt
  }
}

extension RecentSearch: FetchableRecord, PersistableRecord {
  public static let databaseTableName = "recentSearch"

  /// The table's columns, for queries beyond the ones ``LocalDatabase`` offers.
  public enum Columns {
    public static let query = Column("query")
    public static let latitude = Column("latitude")
    public static let longitude = Column("longitude")
    public static let searchedAt = Column("searchedAt")
  }

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

  public func encode(to container: inout PersistenceContainer) {
    container[Columns.query] = query
    container[Columns.latitude] = coordinate?.latitude
    container[Columns.longitude] = coordinate?.longitude
    container[Columns.searchedAt] = searchedAt
  }
}
