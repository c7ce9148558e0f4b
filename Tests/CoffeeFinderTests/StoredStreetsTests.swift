import Bearing
import BearingLocation
import BearingSQLite
import BearingStreets
import BearingTesting
import CoffeeFinder
import ConcurrencyExtras
import Foundation
import Testing

/// The stored streets around the map (`map`, the map panel), over `OfflineAreasClient`'s test
/// value. (`MapStreetsEndToEndTests` and `MapPanelEndToEndTests` run the built binary.)
@MainActor
@Suite struct StoredStreetsTests {
  nonisolated static let center = Coordinate(latitude: 60.1699, longitude: 24.9384)
  nonisolated static let street = StreetLine(
    kind: .major,
    points: [
      Coordinate(latitude: 60.1690, longitude: 24.9380),
      Coordinate(latitude: 60.1710, longitude: 24.9390),
    ])

  /// A coordinate `metres` north of ``center``.
  nonisolated static func north(_ metres: Double) -> Coordinate {
    Coordinate(latitude: center.latitude + metres / 111_195, longitude: center.longitude)
  }

  @Test func streetsAreReadAgainOnlyWhenTheMapMovedOrGrew() async throws {
    let asked = LockIsolated<[Double]>([])
    let store = TestStore(initialState: StoredStreets.State()) {
      StoredStreets()
    } withDependencies: {
      $0.offlineAreas.streets = { _, reach in
        asked.withValue { $0.append(reach) }
        return [Self.street]
      }
    }
    let first = StoredStreets.State.Extent(center: Self.center, reach: 2_000)
    await store.send(.mapMoved(center: Self.center, reach: 2_000))
    await store.receive(.read(first, [Self.street])) {
      $0.extent = first
      $0.streets = [Self.street]
    }
    // Less than a quarter of the reach away, and no wider: the streets read will do.
    await store.send(.mapMoved(center: Self.north(400), reach: 2_000))
    await store.send(.mapMoved(center: Self.center, reach: 1_000))
    // Farther, or wider: read again.
    let moved = StoredStreets.State.Extent(center: Self.north(600), reach: 2_000)
    await store.send(.mapMoved(center: Self.north(600), reach: 2_000))
    await store.receive(.read(moved, [Self.street])) { $0.extent = moved }
    let wider = StoredStreets.State.Extent(center: Self.north(600), reach: 3_000)
    await store.send(.mapMoved(center: Self.north(600), reach: 3_000))
    await store.receive(.read(wider, [Self.street])) { $0.extent = wider }
    #expect(asked.value == [2_000, 2_000, 3_000])
  }

  @Test func withoutAPlaceStoreTheyAreNotAskedForAgain() async throws {
    let asked = LockIsolated(0)
    let store = TestStore(initialState: StoredStreets.State()) {
      StoredStreets()
    } withDependencies: {
      $0.offlineAreas.streets = { _, _ in
        asked.withValue { $0 += 1 }
        return nil
      }
    }
    let extent = StoredStreets.State.Extent(center: Self.center, reach: 2_000)
    await store.send(.mapMoved(center: Self.center, reach: 2_000))
    await store.receive(.read(extent, nil)) { $0.hasNoStore = true }
    await store.send(.mapMoved(center: Self.north(5_000), reach: 2_000))
    #expect(asked.value == 1)
  }

  @Test func aStoreThatCannotBeReadLeavesTheStreetsAndIsAskedAgain() async throws {
    let asked = LockIsolated(0)
    let store = TestStore(initialState: StoredStreets.State()) {
      StoredStreets()
    } withDependencies: {
      $0.offlineAreas.streets = { _, _ in
        asked.withValue { $0 += 1 }
        throw StorageError.locked(path: "/tmp/places.sqlite", timeout: .seconds(5))
      }
    }
    await store.send(.mapMoved(center: Self.center, reach: 2_000)).finish()
    await store.send(.mapMoved(center: Self.center, reach: 2_000)).finish()
    #expect(asked.value == 2)
  }
}
