/// Applies binding actions to state: put it first in a `body` whose actions are
/// ``BindableAction``.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in … }
/// }
/// ```
public struct BindingReducer<State, Action: BindableAction>: Reducer
where Action.State == State, Action: SendableMetatype {
  let toBinding: AnyCasePath<Action, BindingAction<State>>

  public init() {
    self.toBinding = AnyCasePath(unsafe: { Action.binding($0) })
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toBinding.extract(from: action)?(&state)
    return .none
  }
}
