import Bearing
import Testing

@Reducer
private struct Board {
  @ObservableState
  struct State: Equatable {
    var tile = Tile.State()
    var detail: Tile.State?
    var tiles: IdentifiedArrayOf<Tile.State> = []
  }
  enum Action {
    case tile(Tile.Action)
    case detail(Tile.Action)
    case tiles(IdentifiedActionOf<Tile>)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.tile, action: \.tile) { Tile() }
    EmptyReducer()
      .ifLet(\.detail, action: \.detail) { Tile() }
      .forEach(\.tiles, action: \.tiles) { Tile() }
  }
}

@Reducer
private struct Tile {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id = 0
    var flips = 0
  }
  enum Action {
    case flip
  }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.flips += 1
      return .none
    }
  }
}

/// Scoping by key paths returns one store per pair of paths, as The Composable Architecture's
/// scope cache does; a store made by functions caches nothing, and its optional and element
/// scopes report that they cannot be observed.
@MainActor
@Suite struct ScopeCacheTests {
  @Test func aScopeByTheSameKeyPathsIsTheSameStore() {
    let store = Store(initialState: Board.State(detail: Tile.State())) { Board() }
    let tile = store.scope(\.tile, action: \.tile)
    #expect(tile === store.scope(\.tile, action: \.tile))
    #expect(tile === store.scope(state: \.tile, action: \.tile))
    let detail = store.scope(\.detail, action: \.detail)
    #expect(detail != nil)
    #expect(detail === store.scope(\.detail, action: \.detail))
    tile.send(.flip)
    #expect(store.state.tile.flips == 1)
  }

  @Test func aScopeByFunctionsIsANewStoreEachTimeAndCachesNothing() {
    let store = Store(initialState: Board.State()) { Board() }
    let byFunctions = store.scope(state: { $0.tile }, action: { .tile($0) })
    #expect(byFunctions !== store.scope(state: { $0.tile }, action: { .tile($0) }))
    #expect(byFunctions !== store.scope(\.tile, action: \.tile))
    let uncached = store.scope(state: { $0 }, action: { $0 })
    #expect(uncached.scope(\.tile, action: \.tile) !== uncached.scope(\.tile, action: \.tile))
  }

  @Test func anOptionalScopeOfAStoreMadeByFunctionsReportsItCannotBeObserved() {
    let store = Store(initialState: Board.State(detail: Tile.State())) { Board() }
    _ = store.scope(\.self, action: \.self).scope(\.detail, action: \.detail)
    withKnownIssue {
      _ = store.scope(state: { $0 }, action: { $0 }).scope(\.detail, action: \.detail)
    } matching: {
      $0.description.contains(
        "Scoping from uncached 'StoreOf<Board>' is not compatible with observation.")
    }
  }

  @Test func anIdentifiedArrayScopesToAStorePerElement() {
    let store = Store(
      initialState: Board.State(tiles: [Tile.State(id: 1), Tile.State(id: 2)])
    ) { Board() }
    let tiles = Array(store.scope(\.tiles, action: \.tiles))
    #expect(tiles.map(\.state.id) == [1, 2])
    tiles[1].send(.flip)
    #expect(store.state.tiles.map(\.flips) == [0, 1])
    #expect(tiles[1].state.flips == 1)
    let again = Array(store.scope(\.tiles, action: \.tiles))
    #expect(again[0] === tiles[0] && again[1] === tiles[1])
  }

  @Test func elementStoresOfAStoreMadeByFunctionsReportTheyCannotBeObserved() {
    let store = Store(initialState: Board.State(tiles: [Tile.State(id: 1)])) { Board() }
    withKnownIssue {
      _ = Array(store.scope(state: { $0 }, action: { $0 }).scope(\.tiles, action: \.tiles))
    } matching: {
      $0.description.contains(
        "Scoping from uncached 'StoreOf<Board>' is not compatible with observation.")
    }
  }
}
