/// Describes how a feature's state changes in response to an action, and which effects follow.
///
/// Conform by implementing ``reduce(into:action:)``, or by composing other reducers in ``body``:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case increment }
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     state.count += 1
///     return .none
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The feature's state.
  associatedtype State
  /// Everything that can happen in the feature.
  associatedtype Action
  /// The composed reducer, when the conformer builds itself from others.
  associatedtype Body

  /// Changes `state` for `action` and returns the effects to run.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, run in order.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Never {
    fatalError("'\(Self.self)' has no body: it implements 'reduce(into:action:)'.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// A reducer from a closure, for logic that needs no type of its own.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Reduce { state, action in
///     state.lastAction = "\(action)"
///     return .none
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  let reduce: (inout State, Action) -> Effect<Action>

  /// A reducer that calls `reduce` for each action.
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// `reducer` with its type erased: what `buildLimitedAvailability` and existential reducers
  /// become.
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    self.reduce = reducer.reduce(into:action:)
  }

  /// Calls the closure.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}

/// A reducer that does nothing; the identity of composition.
public struct EmptyReducer<State, Action>: Reducer {
  /// A reducer that leaves the state as it is and returns no effect.
  public init() {}

  /// Returns `.none` without touching the state.
  @inlinable
  public func reduce(into _: inout State, action _: Action) -> Effect<Action> { .none }
}

/// Runs several reducers in order on the same state, merging their effects.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.list, action: \.list) { List() }
///   Reduce { state, action in … }
/// }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  let reducers: Reducers

  /// Runs the reducers `build` lists, top to bottom.
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs each reducer of the list in order on the same state, merging their effects.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
