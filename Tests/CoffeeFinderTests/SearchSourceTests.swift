import Bearing
import BearingPlaceStore
import BearingPlaces
import BearingSQLite
import BearingTesting
import CoffeeFinder
import CoffeeFinderSettings
import Foundation
import Testing

/// Where a search looks, as the settings choose it, over `OfflineAreasClient`'s test value: the
/// offline data is read only when a search may use it.
@MainActor
@Suite struct SearchSourceTests {
  func library() async throws -> OfflineLibrary {
    try await OfflineLibrary(store: nil, builtIn: try OfflinePlaces.embedded())
  }

  @Test func aKeyMakesAutoFoursquareAndNothingOfflineIsRead() async {
    let store = TestStore(
      initialState: SearchSource.State(provider: .auto, hasFoursquareKey: true)
    ) {
      SearchSource()
    }
    await store.send(.choose) { $0.source = .foursquare }
  }

  @Test func foursquareWithoutAKeySaysWhereToSetOne() async {
    let store = TestStore(
      initialState: SearchSource.State(provider: .foursquare, hasFoursquareKey: false)
    ) {
      SearchSource()
    }
    await store.send(.choose) {
      $0.failure =
        "--provider foursquare needs an API key: give --api-key, or set FOURSQUARE_API_KEY or "
        + "foursquare_api_key in the config file"
    }
  }

  @Test func overpassReadsNothingOffline() async {
    let store = TestStore(
      initialState: SearchSource.State(provider: .overpass, hasFoursquareKey: true)
    ) {
      SearchSource()
    }
    await store.send(.choose) { $0.source = .overpass }
  }

  @Test func autoWithoutAKeyIsTheOfflineDataThenOverpass() async throws {
    let library = try await library()
    let store = TestStore(
      initialState: SearchSource.State(provider: .auto, hasFoursquareKey: false)
    ) {
      SearchSource()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.offlineAreas.library = { library }
    }
    let data = SearchSource.OfflineData(id: UUID(0), library: library)
    await store.send(.choose)
    await store.receive(.read(data)) { $0.source = .offlineElseOverpass(data) }
  }

  @Test func offlineIsTheOfflineDataAlone() async throws {
    let library = try await library()
    let store = TestStore(
      initialState: SearchSource.State(provider: .offline, hasFoursquareKey: true)
    ) {
      SearchSource()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.offlineAreas.library = { library }
    }
    let data = SearchSource.OfflineData(id: UUID(0), library: library)
    await store.send(.choose)
    await store.receive(.read(data)) { $0.source = .offline(data) }
  }

  @Test func offlineDataThatCannotBeReadIsTheUsersLine() async {
    let failure = StorageError.locked(path: "/tmp/places.sqlite", timeout: .seconds(5))
    let store = TestStore(
      initialState: SearchSource.State(provider: .offline, hasFoursquareKey: false)
    ) {
      SearchSource()
    } withDependencies: {
      $0.offlineAreas.library = { throw failure }
    }
    await store.send(.choose)
    await store.receive(.failed(failure.description)) { $0.failure = failure.description }
  }
}
