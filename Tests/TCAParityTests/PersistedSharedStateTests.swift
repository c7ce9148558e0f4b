import Bearing
import BearingTesting
import Foundation
import Testing

// Features that keep shared state in a file and in app storage, written as TCA's documentation
// and SyncUps write them, with only the import changed.

private struct Item: Codable, Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
}

@Reducer private struct ItemsFeature {
  @ObservableState
  struct State: Equatable {
    @Shared(.fileStorage(.documentsDirectory.appending(path: "items.json")))
    var items: IdentifiedArrayOf<Item> = []
  }
  enum Action: Equatable {
    case addButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        let id = state.items.count + 1
        state.$items.withLock { _ = $0.append(Item(id: id, title: "Item \(id)")) }
        return .none
      }
    }
  }
}

@Reducer private struct CounterFeature {
  @ObservableState
  struct State: Equatable {
    @Shared(.appStorage("count")) var count = 0
  }
  enum Action: Equatable {
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.$count.withLock { $0 += 1 }
        return .none
      }
    }
  }
}

@MainActor struct PersistedSharedStateTests {
  @Test func fileStorage() async {
    let store = TestStore(initialState: ItemsFeature.State()) { ItemsFeature() }
    await store.send(.addButtonTapped) {
      $0.$items.withLock { _ = $0.append(Item(id: 1, title: "Item 1")) }
    }
  }

  @Test func appStorage() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 1 }
    }
  }
}
