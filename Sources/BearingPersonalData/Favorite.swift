import BearingLocation
import BearingSQLite
import Foundation
import GRDB

/// A place the user keeps: saved from a search result, shown in the favourites list, and turned
/// into a monitored region by the app.
///
/// ```swift
/// let favorite = Favorite(
///   placeID: "4b0c2f5cf964a520c23e23e3", name: "Café Ekberg",
///   coordinate: .init(latitude: 60.1632, longitude: 24.9393), source: .foursquare,
///   addedAt: now)
/// try await database.saveFavorite(favorite)
/// ```
public struct Favorite: Hashable, Sendable, Codable, Identifiable {
  /// Where a place's identifier comes from, so an identifier is only compared with its own kind.
  public enum Source: String, Hashable, Sendable, Codable, CaseIterable {
    /// The Foursquare Places API; the identifier is its `fsq_place_id`.
    case foursquare
    /// OpenStreetMap data, stored as "osm": an OSM element's identifier, or a stable made-up one
    /// for a GeoJSON feature with none.
    case openStreetMap = "osm"
    /// No service: a place entered by hand, such as the preview database's samples.
    case manual
  }

  /// The place's identifier in ``source`` (a Foursquare `fsq_place_id`, an OSM node id, …).
  public var placeID: String
  /// The place's name as shown in the favourites list.
  public var name: String
  /// Where the place is; also the centre of the region the app monitors for it.
  public var coordinate: Coordinate
  /// Which service `placeID` belongs to.
  public var source: Source
  /// A formatted street address, when the source gave one.
  public var address: String?
  /// When the user saved the place.
  public var addedAt: Date

  /// The `placeID`: one favourite per place.
  public var id: String { placeID }

  /// Creates a favourite; `address` is `nil` when the source gave none.
  public init(
    placeID: String,
    name: String,
    coordinate: Coordinate,
    source: Source,
    address: String? = nil,
    addedAt: Date
  ) {
    self.placeID = placeID
    self.name = name
    self.coordinate = coordinate
    self.source = source
    self.address = address
    self.addedAt = addedAt
  }
}

extension Favorite: FetchableRecord, PersistableRecord {
  /// The SQLite table favourites are stored in.
  public static let databaseTableName = "favorite"

  /// The table's columns, for queries beyond the ones ``LocalDatabase`` offers.
  public enum Columns {
    /// The `placeId` text column, the table's primary key.
    public static let placeID = Column("placeId")
    /// The `name` text column.
    public static let name = Column("name")
    /// The `latitude` column, in degrees.
    public static let latitude = Column("latitude")
    /// The `longitude` column, in degrees.
    public static let longitude = Column("longitude")
    /// The `source` column: the raw value of a `Favorite.Source` ("foursquare", "osm", "manual").
    public static let source = Column("source")
    /// The `address` column, `NULL` when there is none.
    public static let address = Column("address")
    /// The `addedAt` datetime column.
    public static let addedAt = Column("addedAt")
  }

  /// Decodes a row; throws a ``StorageError/invalidRow(table:reason:)`` for a stored
  /// coordinate or source that is not valid, rather than trapping.
  public init(row: Row) throws {
    let sourceName: String = try row.decode(forColumn: Columns.source)
    guard let source = Source(rawValue: sourceName) else {
      throw StorageError.invalidRow(table: Self.databaseTableName, reason: "unknown source")
    }
    placeID = try row.decode(forColumn: Columns.placeID)
    name = try row.decode(forColumn: Columns.name)
    coordinate = try Coordinate.decoded(
      latitude: try row.decode(forColumn: Columns.latitude),
      longitude: try row.decode(forColumn: Columns.longitude),
      table: Self.databaseTableName)
    self.source = source
    address = try row.decode(forColumn: Columns.address)
    addedAt = try row.decode(forColumn: Columns.addedAt)
  }

  /// Writes the coordinate as the two degree columns and the source as its raw value.
  public func encode(to container: inout PersistenceContainer) {
    container[Columns.placeID] = placeID
    container[Columns.name] = name
    container[Columns.latitude] = coordinate.latitude
    container[Columns.longitude] = coordinate.longitude
    container[Columns.source] = source.rawValue
    container[Columns.address] = address
    container[Columns.addedAt] = addedAt
  }
}

extension Coordinate {
  /// A coordinate read back from a table, or an error naming the table when the stored values
  /// are not a valid coordinate (a row written by another program, say).
  static func decoded(latitude: Double, longitude: Double, table: String) throws -> Coordinate {
    do {
      return try Coordinate(validatingLatitude: latitude, longitude: longitude)
    } catch {
      throw StorageError.invalidRow(table: table, reason: error.description)
    }
  }
}
