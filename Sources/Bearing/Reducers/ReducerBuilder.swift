/// Builds a reducer from a list of reducers, run top to bottom, their effects merged.
///
/// Composition is pairwise (`buildPartialBlock`), so a long body type-checks in linear time.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// A reducer of the list, as it is.
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// A reducer held as an existential (`feature as any ReducerOf<Feature>`). Disfavoured: a
  /// concrete reducer must never be boxed through it.
  @_disfavoredOverload
  public static func buildExpression(_ reducer: any Reducer<State, Action>) -> Reduce<State, Action>
  {
    Reduce { state, action in reducer.reduce(into: &state, action: action) }
  }

  /// The first reducer of a list, as it is.
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// The reducers so far, then `next`: both run on each action, in that order.
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> _SequenceReducer<R0, R1> {
    _SequenceReducer(first: accumulated, second: next)
  }

  /// An empty body: a reducer that does nothing.
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  /// The reducer of an `if` without `else`: it runs only when the condition held while building.
  public static func buildOptional<R: Reducer>(_ wrapped: R?) -> _OptionalReducer<R>
  where R.State == State, R.Action == Action {
    _OptionalReducer(wrapped: wrapped)
  }

  /// The reducer of the first of two branches, such as an `if` with an `else`.
  public static func buildEither<First: Reducer, Second: Reducer>(
    first: First
  ) -> _EitherReducer<First, Second> {
    .first(first)
  }

  /// The reducer of the second of two branches, such as an `else`.
  public static func buildEither<First: Reducer, Second: Reducer>(
    second: Second
  ) -> _EitherReducer<First, Second> {
    .second(second)
  }

  /// The reducers of a `for` loop, run in order.
  public static func buildArray<R: Reducer>(_ reducers: [R]) -> _SequenceMany<R>
  where R.State == State, R.Action == Action {
    _SequenceMany(reducers: reducers)
  }

  /// A reducer inside `if #available`, its type erased so that the body's type names no newer
  /// type.
  public static func buildLimitedAvailability<R: Reducer>(_ wrapped: R) -> Reduce<State, Action>
  where R.State == State, R.Action == Action {
    Reduce(wrapped)
  }
}

/// Two reducers run one after the other; what `ReducerBuilder` makes of a list.
public struct _SequenceReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  @usableFromInline let first: First
  @usableFromInline let second: Second

  @usableFromInline
  init(first: First, second: Second) {
    self.first = first
    self.second = second
  }

  /// Runs `first`, then `second`, on the same state, and merges their effects.
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    let a = first.reduce(into: &state, action: action)
    let b = second.reduce(into: &state, action: action)
    return a.merge(with: b)
  }
}

/// A reducer included only when a condition held while building.
public struct _OptionalReducer<Wrapped: Reducer>: Reducer {
  let wrapped: Wrapped?

  /// Runs the wrapped reducer if there is one; otherwise returns `.none`.
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<
    Wrapped.Action
  > {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }
}

/// One of two reducers, chosen while building.
public enum _EitherReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  /// The reducer of the `if` branch (or the first of an `if`-`else`).
  case first(First)
  /// The reducer of the `else` branch.
  case second(Second)

  /// Runs the reducer of the branch taken.
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case .first(let reducer): reducer.reduce(into: &state, action: action)
    case .second(let reducer): reducer.reduce(into: &state, action: action)
    }
  }
}

/// An optional reducer: runs the wrapped reducer when there is one.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   analytics   // an `AnalyticsReducer?`, included only when set
///   Reduce { state, action in … }
/// }
/// ```
extension Optional: Reducer where Wrapped: Reducer {
  /// An optional reducer reduces directly; it has no body.
  public typealias Body = Never

  /// Runs the wrapped reducer when there is one; `nil` returns `.none`.
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<
    Wrapped.Action
  > {
    self?.reduce(into: &state, action: action) ?? .none
  }
}

/// The reducers of a `for` loop in a builder: runs each in order, merging their effects. A type
/// of its own, so that `Array` gains no conformance in a user's program.
public struct _SequenceMany<Element: Reducer>: Reducer {
  let reducers: [Element]

  init(reducers: [Element]) {
    self.reducers = reducers
  }

  /// Runs each reducer in order on the same state, merging their effects.
  public func reduce(into state: inout Element.State, action: Element.Action) -> Effect<
    Element.Action
  > {
    var effects: [Effect<Element.Action>] = []
    for reducer in reducers { effects.append(reducer.reduce(into: &state, action: action)) }
    return .merge(effects)
  }
}
