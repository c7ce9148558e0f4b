import Bearing
import BearingTesting
import Testing

/// A parent whose children sit at every kind of path a `Scope` takes: stored properties at
/// different offsets, a stored property of a stored property, and a computed property.
private struct Quartet: Reducer {
  struct State: Equatable, Sendable {
    var left = Counter.State()
    var label = "between"
    var right = Counter.State()
    var nested = Nested()
    var mirrored: Counter.State {
      get { right }
      set { right = newValue }
    }

    struct Nested: Equatable, Sendable {
      var flag = false
      var counter = Counter.State()
    }
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case left(Counter.Action)
    case right(Counter.Action)
    case nested(Counter.Action)
    case mirrored(Counter.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: \.left) { Counter() }
    Scope(state: \.right, action: \.right) { Counter() }
    Scope(state: \.nested.counter, action: \.nested) { Counter() }
    Scope(state: \.mirrored, action: \.mirrored) { Counter() }
  }
}

/// A feature one level above `Quartet`, for child stores of child stores.
private struct Ensemble: Reducer {
  struct State: Equatable, Sendable {
    var quartet = Quartet.State()
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case quartet(Quartet.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.quartet, action: \.quartet) { Quartet() }
  }
}

@MainActor
@Suite struct ScopePathTests {
  @Test func eachScopeChangesOnlyItsOwnChild() async {
    let store = TestStore(initialState: Quartet.State()) { Quartet() }
    await store.send(.left(.increment)) { $0.left.count = 1 }
    await store.send(.right(.increment)) { $0.right.count = 1 }
    await store.send(.nested(.increment)) { $0.nested.counter.count = 1 }
    // Through the computed property's setter: the right counter, again.
    await store.send(.mirrored(.increment)) { $0.right.count = 2 }
    await store.send(.left(.decrement)) { $0.left.count = 0 }
  }

  @Test func childStoresOfChildStoresSendToTheRoot() {
    let store = Store(initialState: Ensemble.State()) { Ensemble() }
    let quartet = store.scope(state: \.quartet, action: \.quartet)
    let right = quartet.scope(state: \.right, action: \.right)
    let nested = quartet.scope(state: { $0.nested.counter }, action: { .nested($0) })
    let left = quartet.scope(state: \.left, action: \Quartet.Action.Cases.left)

    right.send(.increment)
    nested.send(.increment)
    nested.send(.increment)
    left.send(.decrement)

    #expect(store.quartet.right.count == 1)
    #expect(store.quartet.nested.counter.count == 2)
    #expect(store.quartet.left.count == -1)
    #expect(right.count == 1)
    #expect(nested.count == 2)
    #expect(left.count == -1)
  }
}
