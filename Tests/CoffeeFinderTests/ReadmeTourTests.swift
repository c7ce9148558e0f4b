// The README's 30-second tour, compiled and run: if this file needs a change, so does the README.
import Bearing
import BearingLocation
import BearingPlaces
import BearingTesting
import Testing

@Reducer
struct CafeSearch {
  @ObservableState
  struct State: Equatable {
    var center = Coordinate(latitude: 60.1699, longitude: 24.9384)
    @Shared(.appStorage("radius")) var radius = 1_000.0  // kept between runs
    var text = ""
    var places: [Place] = []
    var isSearching = false
  }

  enum Action {
    case textChanged(String)
    case response(Result<[Place], any Error>)
    case onDisappear
  }

  enum CancelID { case search }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.places) var places

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .textChanged(text):
        state.text = text
        state.isSearching = true
        return .run { [center = state.center, radius = state.radius] send in
          try await clock.sleep(for: .milliseconds(300))  // until typing pauses
          let query = try PlaceQuery(center: center, radius: radius, text: text)
          await send(.response(Result { try await places.search(query) }))
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)

      case let .response(.success(found)):
        state.isSearching = false
        state.places = found
        return .none

      case .response(.failure):
        state.isSearching = false
        return .none

      case .onDisappear:
        return .cancel(id: CancelID.search)
      }
    }
  }
}

@MainActor
func tourStore() -> StoreOf<CafeSearch> {
  let store = Store(initialState: CafeSearch.State()) { CafeSearch() }
  store.send(.textChanged("espresso"))
  return store
}

@MainActor
@Suite
struct CafeSearchTests {
  @Test
  func typingSearchesOnceItPauses() async {
    let ekberg = Place(
      id: "osm:node/1", name: "Café Ekberg",
      coordinate: .init(latitude: 60.1632, longitude: 24.9393), source: .openStreetMap)
    let clock = TestClock()
    let store = TestStore(initialState: CafeSearch.State()) {
      CafeSearch()
    } withDependencies: {
      $0.continuousClock = clock
      $0.places.search = { _ in [ekberg] }
    }

    await store.send(.textChanged("espresso")) {
      $0.text = "espresso"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.response.success) {
      $0.isSearching = false
      $0.places = [ekberg]
    }
  }
}
