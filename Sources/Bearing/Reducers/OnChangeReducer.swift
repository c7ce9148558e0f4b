extension Reducer {
  /// Runs `reducer` after this one whenever the value it reads from state changes, with the
  /// value before and after.
  ///
  /// ```swift
  /// BindingReducer()
  ///   .onChange(of: \.query) { oldValue, newValue in
  ///     Reduce { state, _ in
  ///       state.results = []
  ///       return .none
  ///     }
  ///   }
  /// ```
  public func onChange<Value: Equatable, R: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: Value, _ newValue: Value) -> R
  ) -> _OnChangeReducer<Self, Value, R> {
    _OnChangeReducer(base: self, toValue: toValue, reducer: reducer)
  }
}

/// What ``Reducer/onChange(of:_:)`` builds.
public struct _OnChangeReducer<Base: Reducer, Value: Equatable, Body: Reducer>: Reducer
where Body.State == Base.State, Body.Action == Base.Action {
  let base: Base
  let toValue: (Base.State) -> Value
  let reducer: (Value, Value) -> Body

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let baseEffect = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard oldValue != newValue else { return baseEffect }
    return baseEffect.merge(with: reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
