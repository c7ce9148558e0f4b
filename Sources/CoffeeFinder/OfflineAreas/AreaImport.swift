import Bearing
import BearingPlaceStore
import BearingPlaces

/// A file of places stored as an area for offline search: the feature behind `coffee-finder
/// import FILE`.
///
/// The file is read and stored batch by batch (``OfflineAreasClient/importFile``); a file that
/// cannot be read, or breaks halfway, stores nothing, and the failure names the file.
///
/// ```swift
/// let store = Store(initialState: AreaImport.State(file: "kallio.geojson")) { AreaImport() }
/// await store.send(.importFile).finish()
/// ```
package struct AreaImport: Reducer {
  package struct State: Equatable, Sendable {
    /// The file's path, as the user gave it.
    package var file: String
    /// What to call the area; `nil`: the file's name.
    package var area: String?
    /// How to read the file: its format (`nil`: told from its contents) and `--all`.
    package var how: StoredArea.Origin.FileImport
    /// What was stored; `nil` until then.
    package var imported: OfflineAreasClient.ImportedArea?
    /// Why nothing was stored, as the user reads it.
    package var failure: String?

    /// An import of `file` as the area `area`, read as `how` says; not begun.
    package init(
      file: String, area: String? = nil, how: StoredArea.Origin.FileImport = .init()
    ) {
      self.file = file
      self.area = area
      self.how = how
    }
  }

  @CasePathable
  package enum Action: Equatable, Sendable {
    case importFile
    case imported(OfflineAreasClient.ImportedArea)
    case failed(String)
  }

  @Dependency(\.offlineAreas) var offlineAreas

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .importFile:
      let (offlineAreas, request) = (offlineAreas, state)
      return .run { send in
        do {
          await send(
            .imported(try await offlineAreas.importFile(request.file, request.area, request.how)))
        } catch let unreadable as OfflineAreasClient.UnreadableFile {
          await send(.failed(UserMessage.cannotImport(request.file, unreadable.reason)))
        }
      } catch: { error, send in
        await send(.failed(UserMessage.line(for: error)))
      }

    case .imported(let imported):
      state.imported = imported
      return .none

    case .failed(let message):
      state.failure = message
      return .none
    }
  }
}
