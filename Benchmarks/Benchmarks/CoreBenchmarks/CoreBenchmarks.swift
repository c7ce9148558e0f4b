import Bearing
import Benchmark

/// The leaf feature: a counter.
struct Leaf: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Sendable { case increment, roundTrip, done }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count &+= 1
      return .none
    case .roundTrip:
      return .run { send in await send(.done) }
    case .done:
      state.count &+= 1
      return .none
    }
  }
}

/// One level of nesting around `Inner`, for the scoping benchmark.
struct Nest<Inner: Reducer & SendableMetatype>: Reducer
where Inner.State: Sendable, Inner.Action: Sendable {
  struct State: Sendable { var inner: Inner.State }

  @CasePathable
  enum Action: Sendable { case inner(Inner.Action) }

  let child: Inner

  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: \.inner) { child }
  }
}

typealias Deep = Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<Leaf>>>>>>>>>>

func deepReducer() -> Deep {
  Nest(
    child: Nest(
      child: Nest(
        child: Nest(
          child: Nest(
            child: Nest(
              child: Nest(
                child: Nest(
                  child: Nest(child: Nest(child: Leaf()))))))))))
}

func deepState() -> Deep.State {
  .init(
    inner: .init(
      inner: .init(
        inner: .init(
          inner: .init(
            inner: .init(
              inner: .init(
                inner:
                  .init(inner: .init(inner: .init(inner: Leaf.State()))))))))))
}

func deepAction(_ action: Leaf.Action) -> Deep.Action {
  .inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(action))))))))))
}

/// A level that forms the key paths its `body` forms, then those of the level inside it.
protocol KeyPathLevel { static func formKeyPaths() }

extension Leaf: KeyPathLevel {
  static func formKeyPaths() {}
}

extension Nest: KeyPathLevel where Inner: KeyPathLevel {
  static func formKeyPaths() {
    blackHole(\State.inner)
    blackHole(\Action.AllCasePaths.inner)
    Inner.formKeyPaths()
  }
}

/// The two key paths each concrete level's `body` forms, for all ten.
@inline(never)
func formConcreteLevelKeyPaths() {
  blackHole(\Level10.State.inner)
  blackHole(\Level10.Action.AllCasePaths.inner)
  blackHole(\Level9.State.inner)
  blackHole(\Level9.Action.AllCasePaths.inner)
  blackHole(\Level8.State.inner)
  blackHole(\Level8.Action.AllCasePaths.inner)
  blackHole(\Level7.State.inner)
  blackHole(\Level7.Action.AllCasePaths.inner)
  blackHole(\Level6.State.inner)
  blackHole(\Level6.Action.AllCasePaths.inner)
  blackHole(\Level5.State.inner)
  blackHole(\Level5.Action.AllCasePaths.inner)
  blackHole(\Level4.State.inner)
  blackHole(\Level4.Action.AllCasePaths.inner)
  blackHole(\Level3.State.inner)
  blackHole(\Level3.Action.AllCasePaths.inner)
  blackHole(\Level2.State.inner)
  blackHole(\Level2.Action.AllCasePaths.inner)
  blackHole(\Level1.State.inner)
  blackHole(\Level1.Action.AllCasePaths.inner)
}

// The same ten levels as concrete, non-generic features, as an app writes them. In the generic
// `Nest`, every `body` forms its `\.inner` key paths anew, and forming a key path inside a generic
// type makes the runtime demangle and instantiate it; a concrete feature's key path literals are
// made once per process. The two benchmarks show the difference.

struct Level1: Reducer {
  struct State: Sendable { var inner = Leaf.State() }
  @CasePathable enum Action: Sendable { case inner(Leaf.Action) }
  var body: some Reducer<State, Action> { Scope(state: \.inner, action: \.inner) { Leaf() } }
}

struct Level2: Reducer {
  struct State: Sendable { var inner = Level1.State() }
  @CasePathable enum Action: Sendable { case inner(Level1.Action) }
  var body: some Reducer<State, Action> { Scope(state: \.inner, action: \.inner) { Level1() } }
}

struct Level3: Reducer {
  struct State: Sendable { var inner = Level2.State() }
  @CasePathable enum Action: Sendable { case inner(Level2.Action) }
  var body: some Reducer<State, Action> { Scope(state: \.inner, action: \.inner) { Level2() } }
}

struct Level4: Reducer {
  struct State: Sendable { var inner = Level3.State() }
  @CasePathable enum Action: Sendable { case inner(Level3.Action) }
  var body: some Reducer<State, Action> { Scope(state: \.inner, action: \.inner) { Level3() } }
}

struct Level5: Reducer {
  struct State: Sendable { var inner = Level4.State() }
  @CasePathable enum Action: Sendable { case inner(Level4.Action) }
  var body: some Reducer<State, Action> { Scope(state: \.inner, action: \.inner) { Level4() } }
}

struct Level6: Reducer {
  struct State: Sendable { var inner = Level5.State() }
  @CasePathable enum Action: Sendable { case inner(Level5.Action) }
  var body: some Reducer<State, Action> { Scope(state: \.inner, action: \.inner) { Level5() } }
}

struct Level7: Reducer {
  struct State: Sendable { var inner = Level6.State() }
  @CasePathable enum Action: Sendable { case inner(Level6.Action) }
  var body: some Reducer<State, Action> { Scope(state: \.inner, action: \.inner) { Level6() } }
}

struct Level8: Reducer {
  struct State: Sendable { var inner = Level7.State() }
  @CasePathable enum Action: Sendable { case inner(Level7.Action) }
  var body: some Reducer<State, Action> { Scope(state: \.inner, action: \.inner) { Level7() } }
}

struct Level9: Reducer {
  struct State: Sendable { var inner = Level8.State() }
  @CasePathable enum Action: Sendable { case inner(Level8.Action) }
  var body: some Reducer<State, Action> { Scope(state: \.inner, action: \.inner) { Level8() } }
}

struct Level10: Reducer {
  struct State: Sendable { var inner = Level9.State() }
  @CasePathable enum Action: Sendable { case inner(Level9.Action) }
  var body: some Reducer<State, Action> { Scope(state: \.inner, action: \.inner) { Level9() } }
}

struct Row: Equatable, Identifiable, Sendable {
  var id: Int
  var name: String
  var favorite = false
}

struct Rows: Reducer {
  struct State: Equatable, Sendable { var rows: IdentifiedArrayOf<Row> = [] }
  enum Action: Sendable { case toggle(Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle(let id):
      state.rows[id: id]?.favorite.toggle()
      return .none
    }
  }
}

/// A parent presenting one of two features through a `@Reducer`-generated destination enum, as
/// TCA's navigation docs write it.
@Reducer
struct Presenter {
  struct State: Equatable, Sendable {
    @Presents var destination: Destination.State?
  }

  enum Action: Sendable {
    case destination(PresentationAction<Destination.Action>)
  }

  @Reducer
  enum Destination {
    case leaf(Leaf)
    case other(Leaf)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifLet(\.$destination, action: \.destination)
  }
}

extension Presenter.Destination.State: Equatable {}

/// A parent with a navigation stack of a `@Reducer` enum's features, as TCA's stack docs
/// write it.
@Reducer
struct Navigator {
  struct State: Equatable, Sendable {
    var path = StackState<Path.State>()
  }

  enum Action: Sendable {
    case path(StackActionOf<Path>)
  }

  @Reducer
  enum Path {
    case leaf(Leaf)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.path, action: \.path)
  }
}

extension Navigator.Path.State: Equatable {}

/// A list of counters, each its own feature, as TCA's `forEach` docs write one.
struct CounterList: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<CounterRow.State> = []
  }

  @CasePathable
  enum Action: Sendable {
    case rows(IdentifiedActionOf<CounterRow>)
  }

  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .forEach(\.rows, action: \.rows) { CounterRow() }
  }
}

/// One counter of ``CounterList``.
struct CounterRow: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var count = 0
  }

  enum Action: Sendable { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count &+= 1
    return .none
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    scalingFactor: .kilo,
    maxDuration: .seconds(2)
  )

  Benchmark("Floor: reducer called directly") { benchmark in
    var state = Leaf.State()
    let reducer = Leaf()
    for _ in benchmark.scaledIterations {
      blackHole(reducer.reduce(into: &state, action: .increment))
    }
    blackHole(state)
  }

  Benchmark("Store.send, no effect (old style: setup timed too)") { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    let iterations = benchmark.scaledIterations
    await MainActor.run {
      let store = Store(initialState: Leaf.State()) { Leaf() }
      for _ in iterations {
        blackHole(store.send(.increment))
      }
    }
  }

  Benchmark("Store.send, no effect") { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    // Only the loop is timed: the store is built and the main actor entered before.
    let iterations = benchmark.scaledIterations
    let region = MeasuredRegion(benchmark)
    await MainActor.run {
      let store = Store(initialState: Leaf.State()) { Leaf() }
      region.start()
      for _ in iterations {
        blackHole(store.send(.increment))
      }
      region.stop()
    }
  }

  Benchmark("Root send through 10 Scope levels (old style: setup timed too)") { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    let iterations = benchmark.scaledIterations
    await MainActor.run {
      let store = Store(initialState: deepState()) { deepReducer() }
      let action = deepAction(.increment)
      for _ in iterations {
        blackHole(store.send(action))
      }
    }
  }

  Benchmark("Root send through 10 Scope levels") { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    // Only the loop is timed: the store is built and the main actor entered before.
    let iterations = benchmark.scaledIterations
    let region = MeasuredRegion(benchmark)
    await MainActor.run {
      let store = Store(initialState: deepState()) { deepReducer() }
      let action = deepAction(.increment)
      region.start()
      for _ in iterations {
        blackHole(store.send(action))
      }
      region.stop()
    }
  }

  Benchmark("Root send through 10 concrete Scope levels (old style: setup timed too)") {
    benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    let iterations = benchmark.scaledIterations
    await MainActor.run {
      let store = Store(initialState: Level10.State()) { Level10() }
      let action = Level10.Action.inner(
        .inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.increment))))))))))
      for _ in iterations {
        blackHole(store.send(action))
      }
    }
  }

  Benchmark("Root send through 10 concrete Scope levels") { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    // Only the loop is timed: the store is built and the main actor entered before.
    let iterations = benchmark.scaledIterations
    let region = MeasuredRegion(benchmark)
    await MainActor.run {
      let store = Store(initialState: Level10.State()) { Level10() }
      let action = Level10.Action.inner(
        .inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.increment))))))))))
      region.start()
      for _ in iterations {
        blackHole(store.send(action))
      }
      region.stop()
    }
  }

  // What rebuilding ten concrete levels' bodies costs before any reducer runs: each level's
  // `Scope(state: \.inner, action: \.inner)` forms two key path literals, which the runtime
  // hands out retained (made once per process, but fetched, retained and released every time).
  Benchmark("Floor: the key path literals of 10 concrete Scope levels") { benchmark in
    for _ in benchmark.scaledIterations {
      formConcreteLevelKeyPaths()
    }
  }

  // The same for the generic `Nest`: inside a generic type each literal is instantiated by the
  // runtime anew, every time a body is built.
  Benchmark("Floor: the key path literals of 10 generic levels") { benchmark in
    for _ in benchmark.scaledIterations {
      Deep.formKeyPaths()
    }
  }

  Benchmark("Child store 10 concrete scopes deep: send (old style: setup timed too)") { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    let iterations = benchmark.scaledIterations
    await MainActor.run {
      let store = Store(initialState: Level10.State()) { Level10() }
      let child =
        store
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
      for _ in iterations {
        blackHole(child.send(.increment))
      }
    }
  }

  Benchmark("Child store 10 concrete scopes deep: send") { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    // Only the loop is timed: the store is built and the main actor entered before.
    let iterations = benchmark.scaledIterations
    let region = MeasuredRegion(benchmark)
    await MainActor.run {
      let store = Store(initialState: Level10.State()) { Level10() }
      let child =
        store
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
      region.start()
      for _ in iterations {
        blackHole(child.send(.increment))
      }
      region.stop()
    }
  }

  Benchmark("Child store 10 scopes deep: send (old style: setup timed too)") { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    let iterations = benchmark.scaledIterations
    await MainActor.run {
      let store = Store(initialState: deepState()) { deepReducer() }
      let child =
        store
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
      for _ in iterations {
        blackHole(child.send(.increment))
      }
    }
  }

  Benchmark("Child store 10 scopes deep: send") { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    // Only the loop is timed: the store is built and the main actor entered before.
    let iterations = benchmark.scaledIterations
    let region = MeasuredRegion(benchmark)
    await MainActor.run {
      let store = Store(initialState: deepState()) { deepReducer() }
      let child =
        store
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
        .scope(state: \.inner, action: \.inner).scope(state: \.inner, action: \.inner)
      region.start()
      for _ in iterations {
        blackHole(child.send(.increment))
      }
      region.stop()
    }
  }

  Benchmark(
    "Send through a @Reducer destination enum (ifLet, presented) (old style: setup timed too)"
  ) { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    let iterations = benchmark.scaledIterations
    await MainActor.run {
      let store = Store(initialState: Presenter.State(destination: .leaf(Leaf.State()))) {
        Presenter()
      }
      let action = Presenter.Action.destination(.presented(.leaf(.increment)))
      for _ in iterations {
        blackHole(store.send(action))
      }
    }
  }

  Benchmark("Send through a @Reducer destination enum (ifLet, presented)") { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    // Only the loop is timed: the store is built and the main actor entered before.
    let iterations = benchmark.scaledIterations
    let region = MeasuredRegion(benchmark)
    await MainActor.run {
      let store = Store(initialState: Presenter.State(destination: .leaf(Leaf.State()))) {
        Presenter()
      }
      let action = Presenter.Action.destination(.presented(.leaf(.increment)))
      region.start()
      for _ in iterations {
        blackHole(store.send(action))
      }
      region.stop()
    }
  }

  Benchmark("Send to one of 100 rows (forEach of an IdentifiedArray) (old style: setup timed too)")
  { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    let iterations = benchmark.scaledIterations
    await MainActor.run {
      let rows = IdentifiedArray(uniqueElements: (0..<100).map { CounterRow.State(id: $0) })
      let store = Store(initialState: CounterList.State(rows: rows)) { CounterList() }
      let action = CounterList.Action.rows(.element(id: 50, action: .increment))
      for _ in iterations {
        blackHole(store.send(action))
      }
    }
  }

  Benchmark("Send to one of 100 rows (forEach of an IdentifiedArray)") { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    // Only the loop is timed: the store is built and the main actor entered before.
    let iterations = benchmark.scaledIterations
    let region = MeasuredRegion(benchmark)
    await MainActor.run {
      let rows = IdentifiedArray(uniqueElements: (0..<100).map { CounterRow.State(id: $0) })
      let store = Store(initialState: CounterList.State(rows: rows)) { CounterList() }
      let action = CounterList.Action.rows(.element(id: 50, action: .increment))
      region.start()
      for _ in iterations {
        blackHole(store.send(action))
      }
      region.stop()
    }
  }

  Benchmark(
    "Send to a navigation stack element (forEach of a @Reducer enum) (old style: setup timed too)"
  ) { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    let iterations = benchmark.scaledIterations
    await MainActor.run {
      let store = Store(initialState: Navigator.State(path: StackState([.leaf(Leaf.State())]))) {
        Navigator()
      }
      // The live id generator counts across the process: the element's id is whatever it drew.
      guard let id = store.path.ids.first else { fatalError("The stack is empty.") }
      let action = Navigator.Action.path(.element(id: id, action: .leaf(.increment)))
      for _ in iterations {
        blackHole(store.send(action))
      }
    }
  }

  Benchmark("Send to a navigation stack element (forEach of a @Reducer enum)") { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    // Only the loop is timed: the store is built and the main actor entered before.
    let iterations = benchmark.scaledIterations
    let region = MeasuredRegion(benchmark)
    await MainActor.run {
      let store = Store(initialState: Navigator.State(path: StackState([.leaf(Leaf.State())]))) {
        Navigator()
      }
      // The live id generator counts across the process: the element's id is whatever it drew.
      guard let id = store.path.ids.first else { fatalError("The stack is empty.") }
      let action = Navigator.Action.path(.element(id: id, action: .leaf(.increment)))
      region.start()
      for _ in iterations {
        blackHole(store.send(action))
      }
      region.stop()
    }
  }

  // What an effect round trip cannot go below: a task started, and its caller resumed by it.
  Benchmark(
    "Floor: a task started and awaited through a continuation",
    configuration: .init(
      metrics: [.wallClock, .throughput], scalingFactor: .one, maxDuration: .seconds(2))
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        Task { continuation.resume() }
      }
    }
  }

  // The same from the main actor, where a store's sends start: a task off the main actor, and
  // the main actor resumed by it. An effect round trip goes this way and back once more.
  Benchmark(
    "Floor: from the main actor, a task started off it and awaited through a continuation",
    configuration: .init(
      metrics: [.wallClock, .throughput], scalingFactor: .one, maxDuration: .seconds(2))
  ) { benchmark in
    let iterations = benchmark.scaledIterations
    await Task { @MainActor in
      for _ in iterations {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
          Task.detached { continuation.resume() }
        }
      }
    }.value
  }

  Benchmark(
    "Effect round trip (run sends one action back) (old style: setup timed too)",
    configuration: .init(
      metrics: [.wallClock, .throughput], scalingFactor: .one, maxDuration: .seconds(2))
  ) { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    let iterations = benchmark.scaledIterations
    await Task { @MainActor in
      let store = Store(initialState: Leaf.State()) { Leaf() }
      for _ in iterations {
        await store.send(.roundTrip).finish()
      }
    }.value
  }

  Benchmark(
    "Effect round trip (run sends one action back)",
    configuration: .init(
      metrics: [.wallClock, .throughput], scalingFactor: .one, maxDuration: .seconds(2))
  ) { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    // Only the loop is timed: the store is built and the main actor entered before.
    let iterations = benchmark.scaledIterations
    let region = MeasuredRegion(benchmark)
    await Task { @MainActor in
      let store = Store(initialState: Leaf.State()) { Leaf() }
      region.start()
      for _ in iterations {
        await store.send(.roundTrip).finish()
      }
      region.stop()
    }.value
  }

  Benchmark(
    "Store holding 100,000 identified rows",
    configuration: .init(
      metrics: [.peakMemoryResident, .wallClock], scalingFactor: .one, maxIterations: 5)
  ) { benchmark in
    // The store lives on the main actor: the benchmark runs there, as an app's sends do.
    let iterations = benchmark.scaledIterations
    await MainActor.run {
      let rows = IdentifiedArray(
        uniqueElements: (0..<100_000).map { Row(id: $0, name: "Café \($0)") })
      let store = Store(initialState: Rows.State(rows: rows)) { Rows() }
      store.send(.toggle(50_000))
      blackHole(store.state.rows.count)
    }
  }

  Benchmark(
    "Floor: 100,000 identified rows without a store",
    configuration: .init(
      metrics: [.peakMemoryResident, .wallClock], scalingFactor: .one, maxIterations: 5)
  ) { benchmark in
    var rows = IdentifiedArray(
      uniqueElements: (0..<100_000).map { Row(id: $0, name: "Café \($0)") })
    rows[id: 50_000]?.favorite.toggle()
    blackHole(rows.count)
  }
}

/// Starts and stops a benchmark's measured region from the main actor, where the store lives.
///
/// `@unchecked Sendable`: the benchmark's closure awaits the main-actor code that calls
/// `start()` and `stop()`, so the benchmark is touched by one thread at a time, and the actor hop
/// orders those calls after everything the runner did before and before everything it does
/// after.
struct MeasuredRegion: @unchecked Sendable {
  let benchmark: Benchmark

  init(_ benchmark: Benchmark) {
    self.benchmark = benchmark
  }

  func start() { benchmark.startMeasurement() }

  func stop() { benchmark.stopMeasurement() }
}
