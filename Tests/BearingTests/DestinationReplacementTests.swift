import Bearing
import BearingTesting
import Clocks
import Testing

/// A detail screen with a timer that ticks once after a second.
@Reducer
struct TimedDetail {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var ticks = 0
  }
  enum Action {
    case start
    case tick
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

/// A parent that presents one detail at a time in an enum destination, and may replace it.
@Reducer
struct DetailHost {
  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
  }
  enum Action {
    case destination(PresentationAction<Destination.Action>)
    case show(Int)
  }
  @Reducer
  enum Destination {
    case detail(TimedDetail)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .show(let id) = action {
        state.destination = .detail(TimedDetail.State(id: id))
      }
      return .none
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension DetailHost.Destination.State: Equatable {}

/// Replacing a presented destination with a new element of the same case is a new
/// presentation, as in TCA, whose identity includes the element's id.
@MainActor
@Suite struct DestinationReplacementTests {
  @Test func aNewElementOfTheSameCaseCancelsTheOldOnesEffects() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: DetailHost.State(destination: .detail(TimedDetail.State(id: 1)))
    ) {
      DetailHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.destination.detail.start)
    await clock.waitForSleepers()
    await store.send(.show(2)) { $0.destination = .detail(TimedDetail.State(id: 2)) }
    // Detail 1's timer is gone: nothing ticks into detail 2, and nothing is left running.
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func theSameElementAgainKeepsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: DetailHost.State(destination: .detail(TimedDetail.State(id: 1)))
    ) {
      DetailHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.destination.detail.start)
    await clock.waitForSleepers()
    await store.send(.show(1))
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.detail.tick) {
      $0.destination?.modify(\.detail) { $0.ticks = 1 }
    }
  }
}
