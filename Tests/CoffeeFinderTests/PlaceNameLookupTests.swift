import Bearing
import BearingLocation
import BearingPlaceStore
import BearingPlaces
import BearingTesting
import CoffeeFinder
import ConcurrencyExtras
import Foundation
import Testing

@MainActor
@Suite struct PlaceNameLookupTests {
  static let builtIn = Result { try OfflinePlaces.embedded() }
  nonisolated static let kallio = GeocodedPlace(
    name: "Kallio, Helsinki", coordinate: Coordinate(latitude: 60.1841, longitude: 24.9497),
    importance: 0.5)
  nonisolated static let kallioSweden = GeocodedPlace(
    name: "Kallio, Sweden", coordinate: Coordinate(latitude: 59.0, longitude: 15.0),
    importance: 0.45)

  /// The built-in data only, no stored areas.
  nonisolated static func library() async throws -> OfflineLibrary {
    try await OfflineLibrary(store: nil, builtIn: try builtIn.get())
  }

  @Test func theBuiltInAreaIsFoundOfflineIgnoringCaseAndAccents() async throws {
    let coverage = try Self.builtIn.get().coverage
    let store = TestStore(
      initialState: PlaceNameLookup.State(text: "  \(coverage.area.uppercased()) ")
    ) {
      PlaceNameLookup()
    } withDependencies: {
      $0.offlineAreas.library = { try await Self.library() }
    }
    let place = GeocodedPlace(
      name: "\(coverage.area) (built-in area)", coordinate: coverage.center)
    await store.send(.lookUp)
    await store.receive(.found(place)) { $0.place = place }
  }

  @Test func theGeocoderIsAskedOnceAndItsAnswersKept() async throws {
    let saved = LockIsolated<[String: [GeocodedPlace]]>([:])
    let store = TestStore(initialState: PlaceNameLookup.State(text: "Kallio")) {
      PlaceNameLookup()
    } withDependencies: {
      $0.offlineAreas.library = { try await Self.library() }
      $0.offlineAreas.cachedGeocode = { name in saved.value[name] }
      $0.offlineAreas.saveGeocode = { name, answers in saved.withValue { $0[name] = answers } }
      $0.geocoder.search = { name, endpoint in
        #expect(name == "Kallio")
        #expect(endpoint == NominatimGeocoder.defaultEndpoint)
        return [Self.kallio]
      }
    }
    await store.send(.lookUp)
    await store.receive(.found(Self.kallio)) { $0.place = Self.kallio }
    #expect(saved.value == ["Kallio": [Self.kallio]])

    // Answered from what was kept: the geocoder is not asked again.
    store.dependencies.geocoder.search = { _, _ in
      Issue.record("the geocoder was asked again")
      return []
    }
    await store.send(.lookUp)
    await store.receive(.found(Self.kallio))
  }

  @Test func severalPlacesAreListedNotGuessedBetween() async throws {
    let answers = [Self.kallio, Self.kallioSweden]
    let store = TestStore(initialState: PlaceNameLookup.State(text: "Kallio")) {
      PlaceNameLookup()
    } withDependencies: {
      $0.offlineAreas.library = { try await Self.library() }
      $0.offlineAreas.cachedGeocode = { _ in answers }
    }
    let message =
      "\"Kallio\" could be 2 places: Kallio, Helsinki (60.18410,24.94970); "
      + "Kallio, Sweden (59.00000,15.00000). Pass a longer name, or --at LAT,LON"
    await store.send(.lookUp)
    await store.receive(.failed(message)) { $0.failure = message }
  }

  @Test func failuresAreWordedForTheUser() async throws {
    let store = TestStore(
      initialState: PlaceNameLookup.State(text: "Nowhere", endpointProblem: "bad address")
    ) {
      PlaceNameLookup()
    } withDependencies: {
      $0.offlineAreas.library = { try await Self.library() }
      $0.offlineAreas.cachedGeocode = { _ in nil }
    }
    await store.send(.lookUp)
    await store.receive(.failed("bad address")) { $0.failure = "bad address" }

    store.dependencies.offlineAreas.cachedGeocode = { _ in [] }
    let none = "no place called \"Nowhere\" was found"
    await store.send(.lookUp)
    await store.receive(.failed(none)) { $0.failure = none }
  }

  @Test func aBlankNameIsRefusedAtOnce() async {
    let store = TestStore(initialState: PlaceNameLookup.State(text: "  ")) { PlaceNameLookup() }
    await store.send(.lookUp) { $0.failure = "--near needs a place name" }
  }
}
