import Testing

@testable import Bearing

/// A dependency whose value says where it was set.
private enum TagKey: DependencyKey {
  static let liveValue = "default"
  static let testValue = "default"
}

extension DependencyValues {
  fileprivate var tag: String {
    get { self[TagKey.self] }
    set { self[TagKey.self] = newValue }
  }
}

/// Records the tag it sees while reducing, and the tag its effect sees.
private struct Tagging: Reducer {
  struct State: Equatable, Sendable {
    var reduced: [String] = []
    var effects: [String] = []
  }

  enum Action: Sendable {
    case read
    case readInEffect
    case effectRead(String)
  }

  @Dependency(\.tag) var tag

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .read:
      state.reduced.append(tag)
      return .none
    case .readInEffect:
      state.reduced.append(tag)
      return .run { send in
        @Dependency(\.tag) var tag
        await send(.effectRead(tag))
      }
    case .effectRead(let tag):
      state.effects.append(tag)
      return .none
    }
  }
}

/// A store's reducer and effects see the dependencies the store was made with, wherever the send
/// comes from. (The store skips making them current when they already are: these tests cover
/// both sides of that shortcut.)
@MainActor
@Suite(.timeLimit(.minutes(1))) struct StoreDependenciesTests {
  @Test func aStoreWithoutOverridesSeesItsOwnDependenciesWhenTheSenderHasOthers() async {
    let store = Store(initialState: Tagging.State()) { Tagging() }
    store.send(.read)
    withDependencies {
      $0.tag = "sender"
    } operation: {
      store.send(.read)
    }
    await withDependencies {
      $0.tag = "sender"
    } operation: {
      await store.send(.readInEffect).finish()
    }
    #expect(store.reduced == ["default", "default", "default"])
    #expect(store.effects == ["default"])
  }

  @Test func aStoreWithOverridesSeesThemFromAnySender() async {
    let store = Store(initialState: Tagging.State()) {
      Tagging()
    } withDependencies: {
      $0.tag = "store"
    }
    store.send(.read)
    withDependencies {
      $0.tag = "sender"
    } operation: {
      store.send(.read)
    }
    await store.send(.readInEffect).finish()
    #expect(store.reduced == ["store", "store", "store"])
    #expect(store.effects == ["store"])
  }

  @Test func dependenciesAreComparedByIdentityNotByLooks() {
    let current = DependencyValues._current
    var changed = current
    #expect(current.isIdentical(to: changed))
    changed.tag = "other"
    #expect(!current.isIdentical(to: changed))
  }
}
