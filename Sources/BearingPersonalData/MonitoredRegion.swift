import BearingLocation
import BearingSQLite
import Foundation
import GRDB

/// A region the app monitors, with the last state the region monitor determined for it.
///
/// Keeping ``state`` means a restart does not announce "entered" again for a region the user
/// was already inside when the app stopped.
///
/// ```swift
/// try await database.saveMonitoredRegion(MonitoredRegion(region: favorite.region))
/// try await database.updateRegionState("cafe-ekberg", .inside)
/// ```
public struct MonitoredRegion: Hashable, Sendable, Codable, Identifiable {
  /// The region to monitor, keyed by its identifier.
  public var region: Region
  /// The last state the region monitor determined; `.unknown` until it has.
  public var state: RegionState

  /// The region's identifier.
  public var id: String { region.identifier }

  /// Creates a record for `region` in `state` (by default `.unknown`, as for a new region).
  public init(region: Region, state: RegionState = .unknown) {
    self.region = region
    self.state = state
  }
}

extension MonitoredRegion: FetchableRecord, PersistableRecord {
  /// The SQLite table monitored regions are stored in.
  public static let databaseTableName = "monitoredRegion"

  /// The table's columns, for queries beyond the ones ``LocalDatabase`` offers.
  public enum Columns {
    /// The `identifier` text column, the table's primary key.
    public static let identifier = Column("identifier")
    /// The `latitude` column of the centre, in degrees.
    public static let latitude = Column("latitude")
    /// The `longitude` column of the centre, in degrees.
    public static let longitude = Column("longitude")
    /// The `radius` column, in metres.
    public static let radius = Column("radius")
    /// The `notifyOnEntry` boolean column (default true).
    public static let notifyOnEntry = Column("notifyOnEntry")
    /// The `notifyOnExit` boolean column (default true).
    public static let notifyOnExit = Column("notifyOnExit")
    /// The `state` column: "unknown", "inside" or "outside".
    public static let state = Column("state")
  }

  /// Decodes a row; throws a `StorageError.invalidRow` for an unknown state, a radius that is not
  /// positive, or a centre that is not a valid coordinate.
  public init(row: Row) throws {
    let table = Self.databaseTableName
    let stateName: String = try row.decode(forColumn: Columns.state)
    guard let state = RegionState(rawValue: stateName) else {
      throw StorageError.invalidRow(table: table, reason: "unknown region state")
    }
    let radius: Double = try row.decode(forColumn: Columns.radius)
    guard radius.isFinite, radius > 0 else {
      throw StorageError.invalidRow(table: table, reason: "radius \(radius) is not positive")
    }
    region = Region(
      identifier: try row.decode(forColumn: Columns.identifier),
      center: try Coordinate.decoded(
        latitude: try row.decode(forColumn: Columns.latitude),
        longitude: try row.decode(forColumn: Columns.longitude), table: table),
      radius: radius,
      notifyOnEntry: try row.decode(forColumn: Columns.notifyOnEntry),
      notifyOnExit: try row.decode(forColumn: Columns.notifyOnExit))
    self.state = state
  }

  /// Writes the region's fields as columns and the state as its raw value.
  public func encode(to container: inout PersistenceContainer) {
    container[Columns.identifier] = region.identifier
    container[Columns.latitude] = region.center.latitude
    container[Columns.longitude] = region.center.longitude
    container[Columns.radius] = region.radius
    container[Columns.notifyOnEntry] = region.notifyOnEntry
    container[Columns.notifyOnExit] = region.notifyOnExit
    container[Columns.state] = state.rawValue
  }
}
