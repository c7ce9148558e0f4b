import Bearing
import BearingTesting
import Testing

/// An effect that sends "with an animation" or "in a transaction", as TCA's case studies' timers
/// and downloads do: on Linux the action is sent as it is, the animation stands in for SwiftUI's.
@MainActor
@Suite
struct SendWithAnimationTests {
  @Reducer
  struct Timer {
    @ObservableState
    struct State: Equatable { var ticks = 0 }
    enum Action { case start, tick }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .start:
          return .run { send in
            await send(.tick, animation: .interpolatingSpring(stiffness: 3000, damping: 40))
            await send(.tick, animation: .default)
            await send(.tick, transaction: Transaction(animation: .spring()))
            await send(.tick, animation: .interactiveSpring(response: 0.25, dampingFraction: 0.1))
          }
        case .tick:
          state.ticks += 1
          return .none
        }
      }
    }
  }

  @Test func anEffectsAnimatedSendsAreReceived() async {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    await store.send(.start)
    await store.receive(\.tick) { $0.ticks = 1 }
    await store.receive(\.tick) { $0.ticks = 2 }
    await store.receive(\.tick) { $0.ticks = 3 }
    await store.receive(\.tick) { $0.ticks = 4 }
  }
}
