import Bearing
import BearingLocation
import BearingPersonalData
import BearingStreets

/// The streets that stored areas brought, read around the map: the feature behind the stored
/// streets of `coffee-finder map` and of the full-screen UI's map panel. (The built-in streets
/// are always there.)
///
/// The streets are read to the reach the map asks for, and read again only when the map's
/// centre has moved a quarter of that reach or the map asks for more; a query takes a few
/// milliseconds, and the frames filter only the streets near them. When there is no place
/// store there are no stored streets, and they are not asked for again. A store that cannot
/// be read leaves the map with the streets it has.
///
/// ```swift
/// let store = Store(initialState: StoredStreets.State()) { StoredStreets() }
/// await store.send(.mapMoved(center: center, reach: 2_000)).finish()
/// store.state.streets
/// ```
package struct StoredStreets: Reducer {
  package struct State: Equatable, Sendable {
    /// Where the streets were read: around `center`, to `reach` metres.
    package struct Extent: Equatable, Sendable {
      /// The map's centre.
      package var center: Coordinate
      /// How far around it, in metres.
      package var reach: Double

      /// The circle of `reach` metres around `center`.
      package init(center: Coordinate, reach: Double) {
        self.center = center
        self.reach = reach
      }
    }

    /// Where ``streets`` were read; `nil` until they were.
    package var extent: Extent?
    /// The stored streets around ``extent``.
    package var streets: [StreetLine] = []
    /// There is no place store, so no stored streets.
    package var hasNoStore = false

    /// No streets read yet.
    package init() {}
  }

  @CasePathable
  package enum Action: Equatable, Sendable {
    /// The map is around `center` and wants streets to `reach` metres.
    case mapMoved(center: Coordinate, reach: Double)
    /// The streets read for `extent`; `nil`: there is no place store.
    case read(State.Extent, [StreetLine]?)
  }

  @Dependency(\.offlineAreas) var offlineAreas

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .mapMoved(let center, let reach):
      guard !state.hasNoStore else { return .none }
      if let extent = state.extent, extent.center.distance(to: center) < extent.reach / 4,
        reach <= extent.reach
      {
        return .none
      }
      let (offlineAreas, extent) = (offlineAreas, State.Extent(center: center, reach: reach))
      return .run { send in
        let found: [StreetLine]?
        do {
          found = try await offlineAreas.streets(center, reach)
        } catch {
          // A store that cannot be read now may be read at the next move; the map goes on.
          return
        }
        await send(.read(extent, found))
      }

    case .read(_, nil):
      state.hasNoStore = true
      return .none

    case .read(let extent, let streets?):
      state.extent = extent
      state.streets = streets
      return .none
    }
  }
}
