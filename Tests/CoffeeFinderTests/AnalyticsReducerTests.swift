import Bearing
import BearingLocation
import BearingTelemetry
import BearingTesting
import CoffeeFinder
import Testing

/// A small feature whose favourite and search actions are tracked.
struct TrackedFeature: Reducer {
  struct State: Equatable {
    var favorites: [String] = []
  }
  @CasePathable
  enum Action: Equatable {
    case favorite(String)
    case searched(near: Coordinate)
    case scrolled
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .favorite(let name) = action { state.favorites.append(name) }
    return .none
  }
}

@MainActor
@Suite("AnalyticsReducer")
struct AnalyticsReducerTests {
  typealias Feature = TrackedFeature

  static func tracked(_ state: Feature.State, _ action: Feature.Action) -> AnalyticsEvent? {
    switch action {
    case .favorite: AnalyticsEvent("favorite_added", ["count": .int(state.favorites.count)])
    case .searched(let near): AnalyticsEvent("search", ["near": .coordinate(near)])
    case .scrolled: nil
    }
  }

  @Test
  func chosenActionsBecomeEventsWithTheNewStateAndOthersDoNot() async {
    let recorder = AnalyticsRecorder()
    let store = TestStore(initialState: Feature.State()) {
      Feature().analytics(Self.tracked)
    } withDependencies: {
      $0.analytics = .capturing(recorder)
    }
    await store.send(.favorite("Ekberg")) { $0.favorites = ["Ekberg"] }
    await store.send(.scrolled)
    await store.send(.searched(near: Coordinate(latitude: 60.169_856, longitude: 24.938_379)))
    await store.finish()

    #expect(
      recorder.events == [
        AnalyticsEvent("favorite_added", ["count": 1]),
        AnalyticsEvent(
          "search", ["near": .coordinate(Coordinate(latitude: 60.17, longitude: 24.94))]),
      ])
  }

  @Test
  func anUntrackedActionNeedsNoAnalyticsDependency() async {
    // The test value fails on any event: this passes only if nothing is tracked.
    let store = TestStore(initialState: Feature.State()) {
      Feature().analytics(Self.tracked)
    }
    await store.send(.scrolled)
  }
}
