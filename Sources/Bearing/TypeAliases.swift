/// A store of a reducer's state and actions.
///
/// ```swift
/// let store: StoreOf<Counter> = Store(initialState: Counter.State()) { Counter() }
/// ```
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// A reducer of the same state and actions as `R`, for `body`.
///
/// ```swift
/// var body: some ReducerOf<Self> { Reduce { state, action in .none } }
/// ```
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

/// An effect that sends `R`'s actions.
///
/// ```swift
/// func load() -> EffectOf<Self> { .run { send in await send(.loaded) } }
/// ```
public typealias EffectOf<R: Reducer> = Effect<R.Action>
