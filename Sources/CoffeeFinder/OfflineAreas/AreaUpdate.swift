import Bearing
import BearingLocation
import BearingPlaceStore
import BearingPlaces
import Foundation

/// Fetches a stored area again as it was first made: the feature behind `coffee-finder areas
/// update NAME`.
///
/// An imported file is imported again the same way (its format, `--all`); the places an earlier
/// version kept in `imported-places.json` are read again from where the migration moved them;
/// a download is downloaded again, which the state only asks for (``State/download``): the
/// download is a feature of its own. A file that has gone, or that cannot be read, leaves the
/// area as it was.
///
/// ```swift
/// let store = Store(initialState: AreaUpdate.State(name: "Kallio")) { AreaUpdate() }
/// await store.send(.update).finish()
/// ```
package struct AreaUpdate: Reducer {
  package struct State: Equatable, Sendable {
    /// The area's name, as `areas list` shows it.
    package var name: String
    /// The area as stored again; `nil` until then.
    package var updated: StoredArea?
    /// The area was downloaded: the download to make again.
    package var download: Download?
    /// Why the area could not be updated, as the user reads it.
    package var failure: String?
    /// What the update left out of the file, as the user reads it (`import`'s warning).
    package var warning: String?

    /// An update of the area called `name`, not begun.
    package init(name: String) {
      self.name = name
    }
  }

  /// Every café within `radius` metres of `center`, stored as the area `name`.
  package struct Download: Equatable, Sendable {
    /// The area's name.
    package var name: String
    /// The middle of the area.
    package var center: Coordinate
    /// The area's radius, in metres.
    package var radius: Double

    /// The download of the area `name` around `center`.
    package init(name: String, center: Coordinate, radius: Double) {
      self.name = name
      self.center = center
      self.radius = radius
    }
  }

  @CasePathable
  package enum Action: Equatable, Sendable {
    case update
    /// Stored again; `warning` says what of the file was left out.
    case updated(StoredArea, warning: String? = nil)
    case downloadAgain(Download)
    case failed(String)
  }

  @Dependency(\.offlineAreas) var offlineAreas

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .update:
      let (offlineAreas, name) = (offlineAreas, state.name)
      return .run { send in
        guard let area = try await offlineAreas.areas().first(where: { $0.name == name }) else {
          await send(.failed(UserMessage.noStoredArea(name)))
          return
        }
        await send(try await Self.fetchAgain(area, offlineAreas))
      } catch: { error, send in
        await send(.failed(UserMessage.line(for: error)))
      }

    case .updated(let area, let warning):
      state.updated = area
      state.warning = warning
      return .none

    case .downloadAgain(let download):
      state.download = download
      return .none

    case .failed(let message):
      state.failure = message
      return .none
    }
  }

  /// What fetching `area` again came to.
  static func fetchAgain(
    _ area: StoredArea, _ offlineAreas: OfflineAreasClient
  ) async throws -> Action {
    switch area.origin {
    case .file(let path, let how):
      // An area an earlier version migrated points at the file the migration renamed.
      let kept = path + ".migrated"
      if URL(fileURLWithPath: path).lastPathComponent == "imported-places.json",
        !offlineAreas.fileExists(path), offlineAreas.fileExists(kept)
      {
        return try await readAgain(area, migratedFrom: kept, offlineAreas)
      }
      guard offlineAreas.fileExists(path) else {
        return .failed(UserMessage.areaFileGone(area, path: path))
      }
      do {
        let imported = try await offlineAreas.importFile(path, area.name, how)
        return .updated(imported.area, warning: imported.leftOutWarning)
      } catch let unreadable as OfflineAreasClient.UnreadableFile {
        return .failed(UserMessage.cannotImportAgain(path, unreadable.reason))
      }
    case .migrated(let path):
      return try await readAgain(area, migratedFrom: path, offlineAreas)
    case .around(let center, let radius):
      return .downloadAgain(Download(name: area.name, center: center, radius: radius))
    }
  }

  /// Reads the places an earlier version kept in `imported-places.json` again, from where the
  /// migration moved them, and stores them as `area`.
  static func readAgain(
    _ area: StoredArea, migratedFrom path: String, _ offlineAreas: OfflineAreasClient
  ) async throws -> Action {
    guard offlineAreas.fileExists(path) else {
      return .failed(UserMessage.areaFileGone(area, path: path))
    }
    let dataset: PlaceDataset
    do {
      dataset = try await offlineAreas.readDataset(path)
    } catch {
      return .failed(UserMessage.cannotReadAgain(path, error))
    }
    let coverage = dataset.coverage
    let stored = try await offlineAreas.storeArea(
      PlaceStore.NewArea(
        name: area.name, source: coverage.source, attribution: coverage.attribution,
        origin: .migrated(path),
        boundary: .box(
          south: coverage.south, west: coverage.west, north: coverage.north, east: coverage.east)),
      dataset.places, [], nil)
    return .updated(stored)
  }
}
