import Bearing
import BearingTesting
import Testing

/// `onChange(of:removeDuplicates:_:)`: the change is what the closure says it is.
@MainActor
@Suite struct OnChangeRemoveDuplicatesTests {
  struct State: Equatable, Sendable {
    var items: [Int] = []
    var countChanges = 0
  }
  enum Action: Equatable, Sendable {
    case append(Int)
    case replaceFirst(Int)
  }

  @Test func runsOnlyWhenTheClosureSeesAChange() async {
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .append(let item): state.items.append(item)
        case .replaceFirst(let item): state.items[0] = item
        }
        return .none
      }
      .onChange(of: \.items, removeDuplicates: { $0.count == $1.count }) { _, _ in
        Reduce { state, _ in
          state.countChanges += 1
          return .none
        }
      }
    }
    await store.send(.append(1)) {
      $0.items = [1]
      $0.countChanges = 1
    }
    await store.send(.replaceFirst(2)) { $0.items = [2] }
  }
}
